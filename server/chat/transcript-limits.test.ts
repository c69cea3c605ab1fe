import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it, vi } from "vitest";
import { DATABASE_ENGINES, migratedDatabase } from "../../tests/support/engines";
import { createLogger } from "../logger";
import { MailOutbox } from "../mail/outbox";
import { fileSender } from "../mail/senders";
import { createAllowance } from "./allowance";
import { TRANSCRIPTS_PER_VISITOR_PER_HOUR, createTranscripts } from "./transcript";
import { addMessage, ensureVisitor } from "./visitors";

const at = (iso: string) => new Date(iso);

describe.each(DATABASE_ENGINES)("chat transcript caps on $name", (engine) => {
  const database = migratedDatabase(engine);
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "transcript-limits-"));
  afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

  it("3 transcripts at 10:59 leave none for 11:00: the hour slides, and frees them at 11:59", async () => {
    const { db } = database();
    const logger = createLogger("silent");
    const send = createTranscripts({
      db,
      logger,
      allowance: createAllowance(db, { postsPerMinute: 20, chatPerIpPerDay: 20, chatTotalPerDay: 1000 }, logger),
      outbox: new MailOutbox(db, fileSender(dir, "site@example.com"), logger),
      teamEmail: "team@example.com",
    });
    const visitor = `${engine.name}-visitor`;
    await ensureVisitor(db, visitor, "UTC");
    await addMessage(db, visitor, "user", "chat", "Can you move a 90 t transformer?");
    vi.useFakeTimers({ toFake: ["Date"] });
    try {
      vi.setSystemTime(at("2026-11-26T10:59:00.000Z"));
      const outcomes = [];
      for (let i = 0; i < TRANSCRIPTS_PER_VISITOR_PER_HOUR; i++) outcomes.push(await send(visitor, "203.0.113.7"));
      expect(outcomes).toEqual(["sent", "sent", "sent"]);
      vi.setSystemTime(at("2026-11-26T11:00:00.000Z"));
      expect(await send(visitor, "203.0.113.7")).toBe("too-many");
      vi.setSystemTime(at("2026-11-26T11:59:00.000Z"));
      expect(await send(visitor, "203.0.113.7")).toBe("sent");
    } finally {
      vi.useRealTimers();
    }
    const mails = await db.selectFrom("mail").select("subject").where("to", "=", "team@example.com").execute();
    expect(mails).toHaveLength(4);
  });
});
