import { expect, it } from "vitest";
import { migratedDatabase, SQLITE_ENGINE } from "../../tests/support/engines";
import { until } from "../../tests/support/until";
import { eventLoopBusy } from "../event-loop-load";
import { createLogger } from "../logger";
import { MailOutbox } from "./outbox";
import type { MailSender } from "./senders";

const database = migratedDatabase(SQLITE_ENGINE);
const logger = createLogger("silent");

/** A sender that records what it sent (ids), yielding between sends like a real one. */
function recorder(sent: string[]): MailSender {
  return {
    kind: "smtp",
    send: async (mail) => {
      await new Promise((resolve) => setImmediate(resolve));
      sent.push(mail.id);
      return "ok";
    },
    close: () => undefined,
  };
}

it("several workers on one database send every mail exactly once", async () => {
  const sent: string[] = [];
  const workers = [0, 1, 2].map(() => new MailOutbox(database().db, recorder(sent), logger, { batchSize: 7 }));
  const ids = await workers[0]!.enqueueMany(
    database().db,
    Array.from({ length: 100 }, (_, i) => ({ to: "team@example.com", subject: `Mail ${i}`, text: "t", about: null })),
  );
  await Promise.all(workers.map((worker) => worker.drain()));
  expect([...sent].sort()).toEqual([...ids].sort());
  const rows = await database().db.selectFrom("mail").select(["status", "attempts", "claimed_by"]).where("id", "in", ids).execute();
  expect(rows.every((row) => row.status === "sent" && row.attempts === 1 && row.claimed_by === null)).toBe(true);
});

it("a dead worker's lease expires and another worker sends its mail; on a shared database a live lease is left alone at start", async () => {
  const sent: string[] = [];
  const worker = new MailOutbox(database().db, recorder(sent), logger, { sharedDatabase: true });
  const [dead, live] = await worker.enqueueMany(database().db, [
    { to: "team@example.com", subject: "Claimed by a worker that died", text: "t", about: null },
    { to: "team@example.com", subject: "Claimed by a live worker", text: "t", about: null },
  ]);
  const past = new Date(Date.now() - 1_000).toISOString();
  const future = new Date(Date.now() + 60_000).toISOString();
  await database().db.updateTable("mail").set({ attempts: 1, claimed_by: "dead", claimed_until: past, next_attempt_at: past }).where("id", "=", dead!).execute();
  await database().db.updateTable("mail").set({ attempts: 1, claimed_by: "alive", claimed_until: future, next_attempt_at: future }).where("id", "=", live!).execute();
  await worker.start();
  await worker.drain();
  await worker.stop();
  expect(sent).toEqual([dead]);
  const row = await database().db.selectFrom("mail").selectAll().where("id", "=", live!).executeTakeFirstOrThrow();
  expect(row).toMatchObject({ status: "pending", claimed_by: "alive", next_attempt_at: future });
});

it("one process (SQLite): at start every lease is a dead process's, and its mail goes out at once", async () => {
  const sent: string[] = [];
  const worker = new MailOutbox(database().db, recorder(sent), logger);
  const [orphan] = await worker.enqueueMany(database().db, [{ to: "team@example.com", subject: "Claimed before a crash", text: "t", about: null }]);
  const future = new Date(Date.now() + 60_000).toISOString();
  await database().db.updateTable("mail").set({ attempts: 1, claimed_by: "crashed", claimed_until: future, next_attempt_at: future }).where("id", "=", orphan!).execute();
  await worker.start();
  await worker.drain();
  await worker.stop();
  expect(sent).toContain(orphan);
});

it("while requests keep the event loop busy, a backlog goes out one batch per poll, and all of it once they stop", async () => {
  const sent: string[] = [];
  const lines: string[] = [];
  const logged = createLogger("info", { write: (line: string) => void lines.push(line) });
  // A rush as the event loop sees it: 5 ms of work after 5 ms of work, nothing idle in between.
  const rush = setInterval(() => {
    const end = performance.now() + 5;
    while (performance.now() < end) {
      // busy
    }
  }, 1);
  const worker = new MailOutbox(database().db, recorder(sent), logged, { batchSize: 10, pollIntervalMs: 500, busy: eventLoopBusy(0.9) });
  try {
    const ids = await worker.enqueueMany(
      database().db,
      Array.from({ length: 100 }, (_, i) => ({ to: "team@example.com", subject: `Backlog ${i}`, text: "t", about: null })),
    );
    const ours = new Set(ids);
    const sentOfOurs = () => sent.filter((id) => ours.has(id)).length;
    await worker.start();
    await new Promise((resolve) => setTimeout(resolve, 1_500));
    const sentDuringRush = sentOfOurs();
    clearInterval(rush);
    // At most one batch of 10 per half second: 4 batches in 1.5 s, where a free worker sends all 100.
    expect(sentDuringRush).toBeGreaterThanOrEqual(10);
    expect(sentDuringRush).toBeLessThanOrEqual(40);
    expect(lines.some((line) => line.includes("requests keep the server busy; one batch per poll until they do not"))).toBe(true);
    await until(() => sentOfOurs() === 100, 15_000, "the whole backlog sent after the rush");
    expect(new Set(sent.filter((id) => ours.has(id))).size).toBe(100);
    await until(() => lines.some((line) => line.includes("back to sending every due mail at once")), 15_000, "the worker back to full speed");
  } finally {
    clearInterval(rush);
    await worker.stop();
  }
});
