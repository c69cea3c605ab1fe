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
    ["2", 2],
    ["", false],
    ["false", false],
    ["10.0.0.1", ["10.0.0.1"]],
    ["loopback, 10.0.0.0/8,fd00::/8", ["loopback", "10.0.0.0/8", "fd00::/8"]],
  ])("reads TRUST_PROXY=%j as %j", (value, expected) => {
    expect(loadConfig({ TRUST_PROXY: value }).trustProxy).toEqual(expected);
  });

  const problemsOf = (env: Record<string, string>): string[] => {
    try {
      loadConfig(env);
    } catch (error) {
      if (error instanceof ConfigError) return error.problems;
      throw error;
    }
    throw new Error(`${JSON.stringify(env)} was accepted`);
  };

  it("refuses TRUST_PROXY=true and says what to set instead", () => {
    const [problem, ...rest] = problemsOf({ TRUST_PROXY: "true" });
    expect(rest).toEqual([]);
    expect(problem).toMatch(/^TRUST_PROXY: true would let any client choose its own address .* set the number of proxies .* or their addresses/);
  });

  it.each(["10.0.0.300", "10.0.0.0/40", "sometimes"])("refuses TRUST_PROXY=%j", (value) => {
    expect(problemsOf({ TRUST_PROXY: value })).toEqual([expect.stringMatching(/^TRUST_PROXY: must be a number of proxy hops or a comma-separated list/)]);
  });

  it.each([
    ["https://www.heavyroute.example", "https://www.heavyroute.example"],
    ["https://www.heavyroute.example/", "https://www.heavyroute.example"],
    ["HTTPS://WWW.HeavyRoute.Example:443", "https://www.heavyroute.example"],
    ["http://127.0.0.1:8080", "http://127.0.0.1:8080"],
  ])("reads PUBLIC_SITE_URL=%j as the origin %j", (value, origin) => {
    expect(loadConfig({ PUBLIC_SITE_URL: value }).publicSiteUrl).toBe(origin);
  });

  it.each([
    ["heavyroute.example:443", /the scheme is "heavyroute\.example:"/],
    ["www.heavyroute.example", /is not a URL/],
    ["https://x.example/path", /"\/path" is a path/],
    ["https://x.example/?a=1", /has a query/],
    ["https://x.example/#top", /has a fragment/],
    ["https://x.example?", /has a query/],
    ["ftp://x.example", /the scheme is "ftp:"/],
    ["file:///srv/site", /the scheme is "file:"/],
    ["https://user:pw@x.example", /has credentials/],
  ])("refuses PUBLIC_SITE_URL=%j with one line", (value, reason) => {
    const problems = problemsOf({ PUBLIC_SITE_URL: value });
    expect(problems).toHaveLength(1);
    expect(problems[0]).toMatch(/^PUBLIC_SITE_URL: must be an http\(s\) origin such as https:\/\/www\.example\.com: /);
    expect(problems[0]).toMatch(reason);
  });

  it.each(["HeavyRoute <info@heavyroute.example>", '"HeavyRoute, Inc." <info@heavyroute.example>', "info@heavyroute.example"])("accepts MAIL_FROM=%j", (value) => {
    expect(loadConfig({ MAIL_FROM: value }).mail.from).toBe(value);
  });

  it.each(["HeavyRoute", "HeavyRoute <not an address>", "a@b.example, c@d.example", "Evil\r\nBcc: x@y.example <a@b.example>"])("refuses MAIL_FROM=%j", (value) => {
    expect(problemsOf({ MAIL_FROM: value })).toEqual(["MAIL_FROM: must be an email address, optionally with a name: Name <address@example.com>"]);
  });

  it("reads WEBHOOK_ALLOW_NETWORKS as proxy-addr ranges (none by default) and names a bad one", () => {
    expect(loadConfig({}).webhooks).toEqual({ allowNetworks: [], timeoutMs: 10_000, retryBaseMs: 30_000 });
    expect(loadConfig({ WEBHOOK_ALLOW_NETWORKS: "127.0.0.1/32, 10.0.0.0/8" }).webhooks.allowNetworks).toEqual(["127.0.0.1/32", "10.0.0.0/8"]);
    expect(loadConfig({ WEBHOOK_ALLOW_NETWORKS: "none" }).webhooks.allowNetworks).toEqual([]);
    expect(problemsOf({ WEBHOOK_ALLOW_NETWORKS: "10.0.0.0/40" })).toEqual([expect.stringMatching(/^WEBHOOK_ALLOW_NETWORKS: must be a comma-separated list of addresses\/CIDRs/)]);
    expect(problemsOf({ WEBHOOK_TIMEOUT_MS: "0" })).toEqual(["WEBHOOK_TIMEOUT_MS: must be at least 100"]);
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
    expect(problems.join("\n")).toMatch(/^TRUST_PROXY: must be a number of proxy hops/m);
    expect((error as ConfigError).message.split("\n")).toHaveLength(4);
    expect((error as ConfigError).message).toMatch(/^Invalid configuration: PORT: /);
    expect(problems.join("\n")).toMatch(/^DATABASE_URL: must start with postgres:\/\//m);
  });

  it("reads TEAM_MEMBERS as lower-cased addresses, TEAM_EMAIL when unset, and names a bad one", () => {
    expect(loadConfig({}).teamMembers).toEqual(["info@heavyroute.example"]);
    expect(loadConfig({ TEAM_EMAIL: "Sales@Example.com" }).teamMembers).toEqual(["sales@example.com"]);
    expect(loadConfig({ TEAM_MEMBERS: " Ann@Example.com, bob@example.com,,ann@example.com " }).teamMembers).toEqual(["ann@example.com", "bob@example.com"]);
    expect(() => loadConfig({ TEAM_MEMBERS: "ann@example.com, bob" })).toThrow('Invalid configuration: TEAM_MEMBERS: not an email address: "bob"');
    expect(loadConfig({ MAIL_MAX_ATTEMPTS: "3" }).mail.maxAttempts).toBe(3);
  });

  it("reads the shutdown and mail lease settings, with defaults for one instance", () => {
    expect(loadConfig({}).shutdown).toEqual({ drainMs: 0, timeoutMs: 10_000 });
    expect(loadConfig({}).mail.leaseMs).toBe(60_000);
    const config = loadConfig({ SHUTDOWN_DRAIN_MS: "5000", SHUTDOWN_TIMEOUT_MS: "30000", MAIL_LEASE_MS: "3000" });
    expect(config.shutdown).toEqual({ drainMs: 5_000, timeoutMs: 30_000 });
    expect(config.mail.leaseMs).toBe(3_000);
  });

  it("names what each numeric variable expects, and takes an empty one as unset", () => {
    expect(problemsOf({ MAIL_MAX_ATTEMPTS: "abc", PORT: "70000", BACKUP_KEEP: "2.5", CHAT_DAILY_LIMIT_PER_IP: "0" })).toEqual([
      "PORT: must be at most 65535",
      "MAIL_MAX_ATTEMPTS: must be a whole number of attempts",
      "CHAT_DAILY_LIMIT_PER_IP: must be at least 1",
      "BACKUP_KEEP: must be a whole number of backups",
    ]);
    expect(loadConfig({ PORT: "", MAIL_MAX_ATTEMPTS: " " }).port).toBe(3000);
  });

  it("reads the HTTP server's timeouts, with production defaults", () => {
    expect(loadConfig({}).http).toEqual({ headersTimeoutMs: 15_000, requestTimeoutMs: 30_000, keepAliveTimeoutMs: 65_000 });
    const config = loadConfig({ HTTP_HEADERS_TIMEOUT_MS: "500", HTTP_REQUEST_TIMEOUT_MS: "1000", HTTP_KEEP_ALIVE_TIMEOUT_MS: "5000" });
    expect(config.http).toEqual({ headersTimeoutMs: 500, requestTimeoutMs: 1_000, keepAliveTimeoutMs: 5_000 });
  });

  it("refuses an HTTP timeout of 0 (no limit), out of range, or headers allowed longer than the whole request", () => {
    const problems = problemsOf({ HTTP_HEADERS_TIMEOUT_MS: "0", HTTP_REQUEST_TIMEOUT_MS: "900000", HTTP_KEEP_ALIVE_TIMEOUT_MS: "soon" });
    expect(problems).toEqual([
      "HTTP_HEADERS_TIMEOUT_MS: must be at least 100",
      "HTTP_REQUEST_TIMEOUT_MS: must be at most 600000 (10 minutes)",
      "HTTP_KEEP_ALIVE_TIMEOUT_MS: must be a whole number of milliseconds",
    ]);
    expect(problemsOf({ HTTP_HEADERS_TIMEOUT_MS: "20000", HTTP_REQUEST_TIMEOUT_MS: "10000" })).toEqual(["HTTP_HEADERS_TIMEOUT_MS: must be at most HTTP_REQUEST_TIMEOUT_MS (10000)"]);
  });

  it("reads the backup settings: off by default, under DATA_DIR, a duration in minutes, hours or days", () => {
    expect(loadConfig({}).backup).toEqual({ dir: path.resolve("data/backups"), intervalMs: undefined, keep: 7 });
    expect(loadConfig({ DATA_DIR: "/srv/site", BACKUP_INTERVAL: "off" }).backup.dir).toBe("/srv/site/backups");
    expect(loadConfig({ BACKUP_DIR: "/backups", BACKUP_INTERVAL: "6h", BACKUP_KEEP: "14" }).backup).toEqual({ dir: "/backups", intervalMs: 6 * 3_600_000, keep: 14 });
    expect(loadConfig({ BACKUP_INTERVAL: "30m" }).backup.intervalMs).toBe(30 * 60_000);
    expect(loadConfig({ BACKUP_INTERVAL: "1d" }).backup.intervalMs).toBe(86_400_000);
    expect(loadConfig({ DATABASE_URL: "postgres://u:p@db/site", BACKUP_INTERVAL: "1d" }).warnings).toEqual([expect.stringMatching(/^BACKUP_INTERVAL is ignored with PostgreSQL: back it up with pg_dump/)]);
  });

  it.each(["6", "6 hours", "1m", "31d", "1.5h", "-1h"])("refuses BACKUP_INTERVAL=%j with the format it takes", (value) => {
    expect(problemsOf({ BACKUP_INTERVAL: value })).toEqual([`BACKUP_INTERVAL: must be off or a duration from 5m to 30d as a whole number of minutes, hours or days (30m, 6h, 1d), not "${value}"`]);
  });

  it("refuses BACKUP_KEEP below 1", () => {
    expect(problemsOf({ BACKUP_KEEP: "0" })).toEqual(["BACKUP_KEEP: must be at least 1"]);
  });

  it("reads the analytics settings: counting on, raw views kept 30 days by default", () => {
    expect(loadConfig({}).analytics).toEqual({ enabled: true, rawRetentionDays: 30 });
    expect(loadConfig({ ANALYTICS: "off", ANALYTICS_RAW_RETENTION_DAYS: "90" }).analytics).toEqual({ enabled: false, rawRetentionDays: 90 });
    expect(loadConfig({ ANALYTICS: "", ANALYTICS_RAW_RETENTION_DAYS: "" }).analytics).toEqual({ enabled: true, rawRetentionDays: 30 });
    expect(problemsOf({ ANALYTICS: "no", ANALYTICS_RAW_RETENTION_DAYS: "0" })).toEqual(["ANALYTICS: must be on or off", "ANALYTICS_RAW_RETENTION_DAYS: must be at least 1"]);
    expect(problemsOf({ ANALYTICS_RAW_RETENTION_DAYS: "3651" })).toEqual(["ANALYTICS_RAW_RETENTION_DAYS: must be at most 3650"]);
    expect(problemsOf({ ANALYTICS_RAW_RETENTION_DAYS: "1.5" })).toEqual(["ANALYTICS_RAW_RETENTION_DAYS: must be a whole number of days"]);
  });

  it("reads the weekly digest's settings: on, Monday morning in UTC by default; a time zone that is not IANA's is refused", () => {
    expect(loadConfig({})).toMatchObject({ teamTimeZone: "UTC", weeklyDigest: true });
    expect(loadConfig({ TEAM_TIMEZONE: "America/Toronto", WEEKLY_DIGEST: "off" })).toMatchObject({ teamTimeZone: "America/Toronto", weeklyDigest: false });
    expect(loadConfig({ TEAM_TIMEZONE: " ", WEEKLY_DIGEST: "" })).toMatchObject({ teamTimeZone: "UTC", weeklyDigest: true });
    expect(problemsOf({ TEAM_TIMEZONE: "Toronto", WEEKLY_DIGEST: "weekly" })).toEqual([
      'TEAM_TIMEZONE: must be an IANA time zone such as America/Toronto or Europe/Paris, not "Toronto"',
      "WEEKLY_DIGEST: must be on or off",
    ]);
    expect(problemsOf({ TEAM_TIMEZONE: "Mars/Olympus_Mons" })).toEqual(['TEAM_TIMEZONE: must be an IANA time zone such as America/Toronto or Europe/Paris, not "Mars/Olympus_Mons"']);
  });

  it("refuses unusable shutdown and lease values, one line each", () => {
    const problems = problemsOf({ SHUTDOWN_DRAIN_MS: "-1", SHUTDOWN_TIMEOUT_MS: "0", MAIL_LEASE_MS: "10" });
    expect(problems).toHaveLength(3);
    expect(problems.join("\n")).toMatch(/^SHUTDOWN_DRAIN_MS: /m);
    expect(problems.join("\n")).toMatch(/^SHUTDOWN_TIMEOUT_MS: /m);
    expect(problems.join("\n")).toMatch(/^MAIL_LEASE_MS: /m);
  });

  describe("the mail origin: every link in every mail, from configuration only", () => {
    it.each([
      [{ PUBLIC_SITE_URL: "https://www.heavyroute.example/" }, "https://www.heavyroute.example"],
      [{}, "http://localhost:3000"],
      [{ HOST: "::", PORT: "8080" }, "http://localhost:8080"],
      [{ HOST: "localhost" }, "http://localhost:3000"],
      [{ HOST: "127.0.0.1", PORT: "4000" }, "http://127.0.0.1:4000"],
      [{ HOST: "::1" }, "http://[::1]:3000"],
      [{ HOST: "site.internal" }, "http://site.internal:3000"],
    ])("%j: %s", (env, origin) => {
      expect(loadConfig(env).mail.origin).toBe(origin);
    });

    it("refuses production with SMTP_URL and no PUBLIC_SITE_URL, in one line", () => {
      expect(problemsOf({ NODE_ENV: "production", SMTP_URL: "smtp://mail:25" })).toEqual([
        "PUBLIC_SITE_URL: must be set when NODE_ENV=production and SMTP_URL is set: the links in every mail (sign-in, unsubscribe) are on it",
      ]);
      expect(loadConfig({ NODE_ENV: "production", SMTP_URL: "smtp://mail:25", PUBLIC_SITE_URL: "https://www.heavyroute.example" }).warnings).toEqual([]);
      expect(loadConfig({ SMTP_URL: "smtp://mail:25" }).mail.origin).toBe("http://localhost:3000");
    });

    it("starts in production with mail written to files, with one warning", () => {
      const config = loadConfig({ NODE_ENV: "production" });
      expect(config.mail.origin).toBe("http://localhost:3000");
      expect(config.warnings).toEqual([expect.stringMatching(/^PUBLIC_SITE_URL is unset: links in mail use the listening address.*set PUBLIC_SITE_URL in production$/)]);
      expect(loadConfig({}).warnings).toEqual([]);
    });
  });
});
