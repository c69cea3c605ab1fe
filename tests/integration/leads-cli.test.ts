/** `npm run leads -- export|delete` on a real database filled through the running site. */
import { spawnSync } from "node:child_process";
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { afterAll, beforeAll, expect, it } from "vitest";
import { repoRoot } from "../support/paths";
import { startSite, type Site } from "../support/site-server";
import { count, postJson } from "./leads-helpers";

let site: Site;

function leads(args: string[]) {
  const result = spawnSync(process.execPath, ["--import", "tsx", "server/cli/leads.ts", ...args], {
    cwd: repoRoot,
    env: { ...process.env, DATA_DIR: site.dataDir, DATABASE_URL: "", LOG_LEVEL: "silent" },
    encoding: "utf8",
  });
  return { code: result.status, stdout: result.stdout, stderr: result.stderr };
}

beforeAll(async () => {
  site = await startSite({ env: { RATE_LIMIT_POST_PER_MINUTE: "1000" } });
  expect((await postJson(`${site.url}/newsletter`, { email: "Kim@Example.com" })).status).toBe(200);
  expect((await postJson(`${site.url}/newsletter`, { email: "other@example.com" })).status).toBe(200);
  expect((await postJson(`${site.url}/contact`, { name: "=HYPERLINK(\"x\")", email: "kim@example.com", category: "feature", message: "Hi, \"quoted\"\nline 2" })).status).toBe(200);
  const info = { name: "Kim", email: "KIM@example.com", phone: "+1 555 010 0200", company: "Kim Haulage", message: "Price?", planType: "Government" };
  expect((await postJson(`${site.url}/request-information`, info)).status).toBe(200);
  await site.stop(); // the CLI works on the files while the site is down (and while it runs)
});

afterAll(async () => {
  await site?.stop();
});

it("exports every lead as CSV, with formulas neutralised", () => {
  const { code, stdout, stderr } = leads(["export", "--format", "csv"]);
  expect(code).toBe(0);
  const lines = stdout.trim().split("\r\n");
  expect(lines[0]).toBe("type,id,created_at,name,email,phone,company,plan_type,category,status,source,message");
  expect(stdout).toMatch(/^subscriber,[0-9a-f-]{36},\S+,,Kim@Example\.com,,,,,active,,$/m);
  expect(stdout).toContain(`contact_message,`);
  expect(stdout).toContain(`"'=HYPERLINK(""x"")",kim@example.com,,,,feature,,,"Hi, ""quoted""\nline 2"`);
  expect(stdout).toContain(",Kim,KIM@example.com,'+1 555 010 0200,Kim Haulage,Government,,,,Price?");
  expect(stderr).toContain("Exported 4 record(s)");
});

it("exports JSON to a file, filtered by --since", () => {
  const out = join(site.dataDir, "leads.json");
  expect(leads(["export", "--format", "json", "--out", out]).code).toBe(0);
  const records = JSON.parse(readFileSync(out, "utf8")) as Array<{ type: string; email: string }>;
  expect(records.map((r) => r.type).sort()).toEqual(["contact_message", "information_request", "subscriber", "subscriber"]);
  expect(leads(["export", "--format", "json", "--since", "2999-01-01", "--out", out]).code).toBe(0);
  expect(JSON.parse(readFileSync(out, "utf8"))).toEqual([]);
});

it("refuses bad arguments with the usage and exit code 2", () => {
  for (const args of [["export", "--format", "xml"], ["export", "--format", "csv", "--since", "yesterday"], ["delete"], ["delete", "--email", "not-an-email"], ["frobnicate"]]) {
    const { code, stderr } = leads(args);
    expect(code, args.join(" ")).toBe(2);
    expect(stderr).toContain("Usage:");
  }
});

it("deletes one person everywhere (case-insensitive), mails about them included, and prints counts", () => {
  const mailsBefore = count(site.dataDir, "mail");
  const { code, stdout } = leads(["delete", "--email", "kim@EXAMPLE.com"]);
  expect(code).toBe(0);
  expect(stdout).toMatch(/^subscriber\s+1$/m);
  expect(stdout).toMatch(/^contact_message\s+1$/m);
  expect(stdout).toMatch(/^information_request\s+1$/m);
  expect(stdout).toMatch(/^mail\s+3$/m);
  expect(count(site.dataDir, "mail")).toBe(mailsBefore - 3);
  expect(count(site.dataDir, "subscribers")).toBe(1);
  const after = leads(["export", "--format", "csv"]).stdout;
  expect(after.toLowerCase()).not.toContain("kim@example.com");
  expect(after).toContain("other@example.com");
});
