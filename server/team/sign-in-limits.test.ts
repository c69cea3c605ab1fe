import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { describe, expect, it, vi } from "vitest";
import { DATABASE_ENGINES, migratedDatabase } from "../../tests/support/engines";
import { Audit } from "../audit/audit";
import { createLogger } from "../logger";
import { MailOutbox } from "../mail/outbox";
import { fileSender } from "../mail/senders";
import { PersonWork } from "./person-work";
import { TeamAccess } from "./access";

const at = (iso: string) => new Date(iso);

describe.each(DATABASE_ENGINES)("team sign-in limits on $name", (engine) => {
  const database = migratedDatabase(engine);

  it("team sign-in: 20 requests from a client at 10:59 leave none for 11:00, and some again at 11:59", async () => {
    const { db } = database();
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), "sign-in-limit-"));
    const logger = createLogger("silent");
    const outbox = new MailOutbox(db, fileSender(dir, "site@example.com"), logger);
    const mail = { origin: "https://site.example", postalAddress: "HeavyRoute Inc., 1 Test Road" };
    const audit = new Audit(db);
    const access = new TeamAccess(db, outbox, audit, logger, ["member@example.com"], mail, "UTC", new PersonWork(db, outbox, audit, mail, database().kind));
    vi.useFakeTimers({ toFake: ["Date"] });
    try {
      vi.setSystemTime(at("2026-11-26T10:59:00.000Z"));
      const client = `${engine.name}-client`;
      const asked = [];
      for (let i = 0; i < 20; i++) asked.push(await access.requestLink(`stranger${i}@example.com`, client));
      expect(asked.every((outcome) => outcome === "sent")).toBe(true);
      vi.setSystemTime(at("2026-11-26T11:00:00.000Z"));
      expect(await access.requestLink("another@example.com", client)).toBe("limited");
      vi.setSystemTime(at("2026-11-26T11:59:00.000Z"));
      expect(await access.requestLink("another@example.com", client)).toBe("sent");

      // Per address: 5 in any hour, whichever clients ask.
      vi.setSystemTime(at("2026-11-26T15:59:00.000Z"));
      for (let i = 0; i < 5; i++) expect(await access.requestLink("Target@example.com", `${engine.name}-c${i}`)).toBe("sent");
      vi.setSystemTime(at("2026-11-26T16:00:00.000Z"));
      expect(await access.requestLink("target@example.com", `${engine.name}-c9`)).toBe("limited");
    } finally {
      vi.useRealTimers();
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });
});
