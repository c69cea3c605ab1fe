/**
 * Budget: a backup of a database of 100,000 leads and 200,000 mails while sign-ups arrive at a
 * steady 200 req/s (POST /newsletter, bench/steady-rate.ts): how long it takes, and the sign-ups'
 * p99 while it runs ≤ 2× their p99 when none runs. Two backups in one load: the server's own
 * (BACKUP_INTERVAL, on its worker thread, about 5 s after start) and then `npm run backup`
 * (another process, started 8 s after the first ends). Runnable alone: `npm run bench -- backup`.
 *
 * The data is written straight into the SQLite file in batched transactions (through the site it
 * would take hours at the POST limit); mails are sent rows of a welcome mail's size.
 */
import { spawn } from "node:child_process";
import { randomUUID } from "node:crypto";
import { loadavg } from "node:os";
import { join } from "node:path";
import { SqliteDatabase } from "../../server/db/sqlite-driver";
import { type SteadyRequest, steadyRate } from "../steady-rate";
import { verdict, type Scenario } from "../types";

const LEADS = 100_000;
const MAILS = 200_000;
const RATE = 200;
const DURATION_S = 80;
/** `npm run backup` starts this long after the server's own backup has finished. */
const CLI_AFTER_S = 8;
/** Requests due this early are the warm-up: counted in neither figure. */
const WARM_UP_S = 2;

function seed(file: string): void {
  const db = new SqliteDatabase(file);
  db.pragma("journal_mode = WAL");
  const at = (i: number) => new Date(Date.UTC(2025, 0, 1) + i * 60_000).toISOString();
  const text = "Welcome to the HeavyRoute newsletter. ".repeat(12);
  const html = `<p>${"Welcome to the <strong>HeavyRoute</strong> newsletter. ".repeat(12)}</p>`;
  const subscriber = db.prepare(
    "INSERT INTO subscribers (id, email, email_normalized, subscribed_at, status, notify_admin, consent_at, consent_page, consent_form, consent_text, unsubscribe_key) VALUES (?, ?, ?, ?, 'active', 'no', ?, '/', 'newsletter-block', 'Subscribe to launch news.', ?)",
  );
  const contact = db.prepare("INSERT INTO contact_messages (id, name, email, category, message, created_at) VALUES (?, 'Kim', ?, 'feature', 'We move wind turbine blades; can you help?', ?)");
  const info = db.prepare("INSERT INTO more_information (id, name, email, phone, company, message, plan_type, created_at) VALUES (?, 'Kim', ?, '+1 555 0100', 'Kim Haulage', 'Price for 40 trucks?', 'Government', ?)");
  const mail = db.prepare(
    "INSERT INTO mail (id, \"to\", about_email, subject, text, html, created_at, status, attempts, next_attempt_at, sent_at) VALUES (?, ?, ?, 'Welcome to HeavyRoute', ?, ?, ?, 'sent', 1, ?, ?)",
  );
  const batch = db.transaction((from: number, to: number, insert: (i: number) => void) => {
    for (let i = from; i < to; i++) insert(i);
  });
  const inBatches = (total: number, insert: (i: number) => void) => {
    for (let from = 0; from < total; from += 10_000) batch(from, Math.min(total, from + 10_000), insert);
  };
  inBatches(LEADS, (i) => {
    const email = `lead-${i}@bench.example`;
    if (i % 5 === 0) contact.run(randomUUID(), email, at(i));
    else if (i % 5 === 1) info.run(randomUUID(), email, at(i));
    else subscriber.run(randomUUID(), email, email, at(i), at(i), randomUUID());
  });
  inBatches(MAILS, (i) => {
    const email = `lead-${i % LEADS}@bench.example`;
    mail.run(randomUUID(), email, email, text, html, at(i), at(i), at(i));
  });
  db.pragma("wal_checkpoint(TRUNCATE)");
  db.close();
}

function signUp(n: number): SteadyRequest {
  return {
    method: "POST",
    path: "/newsletter",
    headers: { "content-type": "application/json", "x-forwarded-for": `10.1.${(n >> 8) % 256}.${n % 256}` },
    body: JSON.stringify({ email: `during-${n}@bench.example` }),
  };
}

const p99 = (values: number[]): number => {
  if (values.length === 0) return Number.NaN;
  const sorted = [...values].sort((a, b) => a - b);
  return Math.round((sorted[Math.min(sorted.length - 1, Math.ceil(sorted.length * 0.99) - 1)] ?? 0) * 10) / 10;
};

const scenario: Scenario = {
  name: "Backup during sign-ups",
  async run(ctx) {
    const empty = await ctx.startSite();
    const dataDir = empty.dataDir;
    await empty.stop();
    const seeding = performance.now();
    seed(join(dataDir, "site.db"));
    ctx.log(`seeded ${LEADS} leads and ${MAILS} mails in ${((performance.now() - seeding) / 1000).toFixed(1)} s`);

    const backupDir = join(dataDir, "backups");
    const site = await ctx.startSite({ dataDir, env: { BACKUP_INTERVAL: "1d", BACKUP_DIR: backupDir, RATE_LIMIT_POST_PER_MINUTE: "100000000", TRUST_PROXY: "1" } });
    const answers: { at: number; ms: number }[] = [];
    let cli: { start: number; end: number; ms: number; line: string } | undefined;
    const load = steadyRate({
      url: site.url,
      rate: RATE,
      durationS: DURATION_S,
      connections: 50,
      request: signUp,
      onAnswer: (dueAt, ms) => answers.push({ at: performance.timeOrigin + dueAt, ms }),
    });
    const loadStart = Date.now();
    const serverBackup = site.waitForLog((entry) => typeof entry.msg === "string" && entry.msg.startsWith("Backup verified:"), DURATION_S * 1000);
    const cliRun = serverBackup.then(() => new Promise<void>((resolve, reject) => {
      setTimeout(() => {
        const start = Date.now();
        const child = spawn(process.execPath, ["--import", "tsx", "server/cli/backup.ts"], { cwd: ctx.repoRoot, env: { ...process.env, DATA_DIR: dataDir, BACKUP_DIR: backupDir, DATABASE_URL: "", SMTP_URL: "" } });
        let out = "";
        child.stdout.on("data", (chunk: Buffer) => (out += chunk.toString()));
        child.stderr.on("data", (chunk: Buffer) => (out += chunk.toString()));
        child.on("exit", (code) => {
          if (code !== 0) reject(new Error(`npm run backup failed (${code}): ${out}`));
          const line = out.trim();
          cli = { start, end: Date.now(), ms: Number(/in ([\d.]+) s$/.exec(line)?.[1] ?? Number.NaN) * 1000, line };
          resolve();
        });
      }, CLI_AFTER_S * 1000);
    }));
    const [result, logged] = await Promise.all([load, serverBackup, cliRun]);
    await site.stop();
    if (!cli) throw new Error("npm run backup did not run");
    const serverEnd = Number(logged.time);
    const serverMs = Number(logged.ms);
    const windows = [
      { name: "server (BACKUP_INTERVAL, worker thread)", start: serverEnd - serverMs, end: serverEnd, ms: serverMs },
      { name: "npm run backup (own process)", start: cli.start, end: cli.end, ms: cli.ms },
    ];
    const counted = answers.filter((answer) => answer.at >= loadStart + WARM_UP_S * 1000);
    const during = (window: { start: number; end: number }) => counted.filter((a) => a.at >= window.start && a.at <= window.end).map((a) => a.ms);
    const quiet = counted.filter((a) => !windows.some((w) => a.at >= w.start && a.at <= w.end)).map((a) => a.ms);
    const baseline = p99(quiet);
    const rows = windows.map((window) => {
      const latencies = during(window);
      const ratio = p99(latencies) / baseline;
      return [window.name, (window.ms / 1000).toFixed(1), latencies.length, p99(latencies), baseline, ratio.toFixed(2), verdict(ratio <= 2, "≤ 2×")];
    });
    return [
      {
        title: `Backup of ${LEADS.toLocaleString("en-US")} leads and ${MAILS.toLocaleString("en-US")} mails during ${RATE} sign-ups/s (SQLite)`,
        columns: ["backup", "time (s)", "sign-ups during", "p99 during (ms)", "p99 without (ms)", "ratio", "budget"],
        rows,
        notes: [
          `${String(logged.msg)}`,
          cli.line,
          `Load: ${result.sent} sign-ups over ${DURATION_S} s (${result.ok} ok, ${result.notOk} not ok, ${result.errors} errors); "without" is every answer outside both backups after a ${WARM_UP_S} s warm-up.`,
          `Machine load average (1 min) at the end: ${loadavg()[0]?.toFixed(1)} on this machine's cores; figures from a busy machine are not comparable.`,
          "Time: copy in one read transaction, integrity_check and row counts of the copy, mail files, SHA-256 of every file.",
        ],
      },
    ];
  },
};

export default scenario;
