/**
 * The server and the command lines read one configuration: the environment, plus `.env` in the
 * working directory (as an operator who copied .env.example runs them), the environment winning.
 */
import { spawn, spawnSync } from "node:child_process";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { createServer } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { repoRoot } from "../support/paths";
import { until } from "../support/until";

let dir: string;
let port: number;

/** The environment of an operator's shell: none of the tests' settings, no ENV_FILE. */
function shellEnv(extra: Record<string, string> = {}): Record<string, string> {
  return { PATH: process.env.PATH ?? "", HOME: process.env.HOME ?? "", ...extra };
}

function cli(script: "team" | "leads", args: string[], extra: Record<string, string> = {}) {
  const result = spawnSync(join(repoRoot, "node_modules/.bin/tsx"), ["--tsconfig", join(repoRoot, "tsconfig.json"), join(repoRoot, `server/cli/${script}.ts`), ...args], {
    cwd: dir,
    env: shellEnv(extra),
    encoding: "utf8",
  });
  return { code: result.status, stdout: result.stdout, stderr: result.stderr };
}

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), "env-file-"));
  port = await new Promise<number>((resolve) => {
    const probe = createServer().listen(0, "127.0.0.1", () => {
      const { port: free } = probe.address() as { port: number };
      probe.close(() => resolve(free));
    });
  });
  writeFileSync(join(dir, ".env"), `PORT=${port}\nHOST=127.0.0.1\nDATA_DIR=./data\nTEAM_MEMBERS=ann@example.com\nLOG_LEVEL=info\n`);
});

afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe("a .env in the working directory", () => {
  it("sets where the server listens, and the team's sign-in link is on that address, with a warning", async () => {
    const server = spawn(process.execPath, [join(repoRoot, "build/app-server.js")], { cwd: dir, env: shellEnv({ NODE_ENV: "production" }), stdio: ["ignore", "pipe", "pipe"] });
    let output = "";
    server.stdout.on("data", (chunk: Buffer) => (output += chunk.toString()));
    try {
      await until(() => output.includes(`"msg":"Open http://127.0.0.1:${port}"`), 20_000, `the server's "Open" line (output: ${output})`);
    } finally {
      server.kill("SIGTERM");
      await new Promise((resolve) => server.once("exit", resolve));
    }

    const { code, stdout, stderr } = cli("team", ["link", "ann@example.com"]);
    expect(code).toBe(0);
    expect(stdout).toMatch(new RegExp(`^http://127\\.0\\.0\\.1:${port}/team/sign-in/link\\?token=`));
    expect(stderr).toContain(`PUBLIC_SITE_URL is unset: the link is on http://127.0.0.1:${port}`);
  });

  it("gives way to the environment", () => {
    const { code, stdout, stderr } = cli("team", ["link", "ann@example.com"], { PUBLIC_SITE_URL: "https://www.example.com" });
    expect(code).toBe(0);
    expect(stdout).toMatch(/^https:\/\/www\.example\.com\/team\/sign-in\/link\?token=/);
    expect(stderr).not.toContain("PUBLIC_SITE_URL is unset");
  });

  it("is read by npm run leads too: a bad value in it is named", () => {
    writeFileSync(join(dir, "bad.env"), "MAIL_RATE_PER_MINUTE=many\n");
    const { code, stderr } = cli("leads", ["export", "--format", "json"], { ENV_FILE: "bad.env" });
    expect(code).toBe(2);
    expect(stderr.split("\n")[0]).toBe("Invalid configuration: MAIL_RATE_PER_MINUTE: must be a whole number of mails per minute");
  });

  it("named by ENV_FILE but missing stops the command with one line", () => {
    const { code, stderr } = cli("team", ["link", "ann@example.com"], { ENV_FILE: "missing.env" });
    expect(code).toBe(2);
    expect(stderr.trim()).toBe(`Invalid configuration: ENV_FILE: cannot read ${join(dir, "missing.env")}: no such file`);
  });
});
