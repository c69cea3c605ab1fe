import { execFile } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { pathToFileURL } from "node:url";
import { promisify } from "node:util";
import { afterAll, expect, it } from "vitest";

const dir = fs.mkdtempSync(path.join(os.tmpdir(), "worker-threads-"));
afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

const moduleUrl = (file: string) => pathToFileURL(path.join(import.meta.dirname, file)).href;

/**
 * Run in a process started the way operators start one with an APM agent or a loader
 * (`--require`/`--import` preloads, here tsx's TypeScript loader among them) and with eval'd code
 * read as a module: the checkpoint and mail threads must neither inherit those flags nor re-run
 * the preloads.
 */
const CHILD = `
import fs from "node:fs";
import path from "node:path";
import { backgroundCheckpoints } from ${JSON.stringify(moduleUrl("db/sqlite-checkpoints.ts"))};
import { SqliteDatabase } from ${JSON.stringify(moduleUrl("db/sqlite-driver.ts"))};
import { mailThread } from ${JSON.stringify(moduleUrl("mail/mail-thread.ts"))};

const dir = process.env.WORK_DIR;
fs.appendFileSync(process.env.PRELOAD_LOG, "threads start\\n");
const file = path.join(dir, "site.db");
const sqlite = new SqliteDatabase(file);
sqlite.pragma("journal_mode = WAL");
sqlite.exec("create table t (id integer primary key, body text not null)");
const errors = [];
const checkpoints = backgroundCheckpoints(sqlite, file, { walBytes: 64 * 1024, intervalMs: 20, onError: (error) => errors.push(error.message) });
const insert = sqlite.prepare("insert into t (body) values (?)");
sqlite.transaction(() => { for (let i = 0; i < 1_000; i++) insert.run("x".repeat(1_000)); })();
const deadline = Date.now() + 10_000;
while (fs.statSync(file).size < 900_000 && errors.length === 0 && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 20));
const checkpointed = fs.statSync(file).size >= 900_000;
await checkpoints.close();
sqlite.close();

const thread = mailThread({ kind: "file", dir: path.join(dir, "mail") });
let mail;
try {
  mail = await thread.deliver({ message: { from: "team@heavyroute.example", to: "ada@example.com", subject: "Hello", text: "Hi" }, file: path.join(dir, "mail", "one.eml") });
} catch (error) {
  mail = "failed: " + error.message;
} finally {
  thread.close();
}
console.log(JSON.stringify({ checkpointed, errors, mail }));
`;

it("the checkpoint and mail threads run in a process started with preloads and module eval, without re-running its preloads", async () => {
  const preloadLog = path.join(dir, "preloads.log");
  const preload = path.join(dir, "preload.cjs");
  fs.writeFileSync(preload, `require("node:fs").appendFileSync(${JSON.stringify(preloadLog)}, require("node:worker_threads").threadId + "\\n");\n`);
  const { stdout } = await promisify(execFile)(process.execPath, ["--require", preload, "--import", "tsx", "--input-type=module", "--eval", CHILD], {
    env: { ...process.env, WORK_DIR: dir, PRELOAD_LOG: preloadLog },
    timeout: 60_000,
  });

  expect(JSON.parse(stdout.trim().split("\n").at(-1)!)).toEqual({ checkpointed: true, errors: [], mail: path.join(dir, "mail", "one.eml") });
  expect(fs.readFileSync(path.join(dir, "mail", "one.eml"), "utf8")).toContain("Subject: Hello");
  // The preload ran in the main thread (0) and in tsx's module-hooks thread, never in ours: an
  // agent preloaded into each thread would start again in each.
  expect(fs.readFileSync(preloadLog, "utf8").split("threads start\n")).toEqual([expect.stringMatching(/^0\n/), ""]);
});
