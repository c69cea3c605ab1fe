/**
 * kill -9 in the middle of a burst of submissions: after a restart, every submission that got a
 * success answer is in the database and its mail has been sent.
 */
import { expect, it } from "vitest";
import { startSite } from "../support/site-server";
import { startSmtp } from "../support/smtp";
import { readSiteDb, until } from "./leads-helpers";

it("loses no acknowledged lead nor its mail across a SIGKILL", async () => {
  const smtp = await startSmtp();
  const env = { SMTP_URL: smtp.url, PUBLIC_SITE_URL: "https://www.heavyroute.test", TEAM_EMAIL: "team@example.com", ADMIN_EMAIL: "admin@example.com", RATE_LIMIT_POST_PER_MINUTE: "100000" };
  const site = await startSite({ env });
  try {
    const acknowledged: string[] = [];
    let killed = false;
    const submit = async (i: number) => {
      const token = `burst-${i}-${Math.random().toString(36).slice(2, 8)}`;
      const body =
        i % 3 === 0
          ? { email: `${token}@example.com` }
          : i % 3 === 1
            ? { name: token, email: `${token}@example.com`, category: "question", message: `Message ${token}` }
            : { name: token, email: `${token}@example.com`, phone: "+1 555 010 0200", company: "ACME", message: `Request ${token}`, planType: "Training" };
      const path = ["newsletter", "contact", "request-information"][i % 3]!;
      try {
        const response = await fetch(`${site.url}/${path}`, { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify(body) });
        if (response.status === 200 && ((await response.json()) as { ok: boolean }).ok) acknowledged.push(token);
      } catch {
        // The connection died with the server: not acknowledged.
      }
    };
    // Waves of 20 concurrent submissions; the kill lands in the middle of one.
    const burst = (async () => {
      for (let wave = 0; !killed && wave < 100; wave++) await Promise.all(Array.from({ length: 20 }, (_, j) => submit(wave * 20 + j)));
    })();
    await until(() => acknowledged.length >= 60, 30_000, "60 acknowledged submissions");
    await site.kill();
    killed = true;
    await burst;
    const acked = [...acknowledged];
    expect(acked.length).toBeGreaterThanOrEqual(60);

    const again = await startSite({ env, dataDir: site.dataDir });
    try {
      const stored = readSiteDb(again.dataDir, (db) => {
        const rows = db
          .prepare("select email from subscribers union all select email from contact_messages union all select email from more_information")
          .all() as Array<{ email: string }>;
        return new Set(rows.map((row) => row.email.split("@")[0]));
      });
      for (const token of acked) expect(stored.has(token), `${token} stored`).toBe(true);

      // Every acknowledged submission's mail arrives (at least once; the outbox may resend one
      // that was in flight when the process died).
      const mailed = () => new Set(smtp.messages.flatMap((m) => m.text.match(/burst-\d+-[a-z0-9]+/g) ?? []));
      await until(() => acked.every((token) => mailed().has(token)), 30_000, "a mail for every acknowledged submission");
      await until(
        () => readSiteDb(again.dataDir, (db) => (db.prepare("select count(*) as n from mail where status <> 'sent'").get() as { n: number }).n === 0),
        30_000,
        "an empty outbox",
      );
    } finally {
      await again.stop();
    }
  } finally {
    await site.kill();
    await smtp.stop();
  }
});
