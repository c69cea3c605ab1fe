import path from "node:path";
import { describe, expect, it } from "vitest";
import { ConfigError, loadConfig } from "./config";

describe("loadConfig", () => {
  it("needs nothing: SQLite under ./data, port 3000, mail to files, no AI key", () => {
    const config = loadConfig({});
    expect(config.port).toBe(3000);
    expect(config.database).toEqual({ kind: "sqlite", file: path.resolve("data/site.db") });
    expect(config.mail.smtpUrl).toBeUndefined();
    expect(config.mail.outboxDir).toBe(path.resolve("data/mail"));
    expect(config.ai.apiKey).toBeUndefined();
    expect(config.trustProxy).toBe(false);
  });

  it("switches to PostgreSQL and SMTP by environment", () => {
    const config = loadConfig({ DATABASE_URL: "postgres://u:p@db:5432/site", SMTP_URL: "smtp://mail:25" });
    expect(config.database).toEqual({ kind: "postgres", url: "postgres://u:p@db:5432/site" });
    expect(config.mail.smtpUrl).toBe("smtp://mail:25");
  });

  it.each([
    ["true", true],
    ["2", 2],
    ["", false],
    ["false", false],
  ])("reads TRUST_PROXY=%j as %j", (value, expected) => {
    expect(loadConfig({ TRUST_PROXY: value }).trustProxy).toBe(expected);
  });

  it("reports one clear line per bad value", () => {
    let error: unknown;
    try {
      loadConfig({ PORT: "eighty", TEAM_EMAIL: "not-an-address", TRUST_PROXY: "sometimes", DATABASE_URL: "mysql://x" });
    } catch (caught) {
      error = caught;
    }
    expect(error).toBeInstanceOf(ConfigError);
    const problems = (error as ConfigError).problems;
    expect(problems).toHaveLength(4);
    expect(problems.join("\n")).toMatch(/^PORT: /m);
    expect(problems.join("\n")).toMatch(/^TEAM_EMAIL: must be an email address$/m);
    expect(problems.join("\n")).toMatch(/^TRUST_PROXY: must be true, false or a number of proxy hops$/m);
    expect(problems.join("\n")).toMatch(/^DATABASE_URL: must start with postgres:\/\//m);
  });
});
