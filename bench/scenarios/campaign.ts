/**
 * Budget: a 10,000-recipient campaign is queued in ≤ 2 s (the INSERT … SELECT of the
 * recipients, `Campaigns.start`), then sent at MAIL_RATE_PER_MINUTE against the SMTP test server
 * with flat memory. Reports queue time, the send rate achieved over a fixed window against the
 * configured one, and the server process's peak RSS (VmHWM) early and late in the window.
 */
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { loadConfig } from "../../server/config";
import { createLogger } from "../../server/logger";
import { closeServices, createServices } from "../../server/services";
import { startSmtp } from "../../tests/support/smtp";
import { verdict, type Scenario } from "../types";

const RECIPIENTS = 10_000;
const RATE = 6_000; // a minute: 100 a second
const WINDOW_S = 20;
const SUBJECT = "Bench campaign";

const peakRssMb = (pid: number): number => {
  const match = /VmHWM:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, "utf8"));
  return match ? Math.round(Number(match[1]) / 1024) : NaN;
};

const scenario: Scenario = {
  name: "Newsletter campaign (10,000 recipients)",
  async run(ctx) {
    const dataDir = mkdtempSync(join(tmpdir(), "bench-campaign-"));
    const secret = "bench-campaign-secret-0123456789-abcdefgh";
    const services = await createServices(loadConfig({ DATA_DIR: dataDir, LOG_LEVEL: "silent", SESSION_SECRET: secret, MAIL_RATE_PER_MINUTE: "1" }), createLogger("silent"));
    await services.outbox.stop();
    await services.campaigns.stop();
    // Subscribers straight into the table (the sign-up path has its own bench).
    const now = new Date().toISOString();
    const db = services.database.db;
    for (let i = 0; i < RECIPIENTS; i += 500) {
      await db
        .insertInto("subscribers")
        .values(
          Array.from({ length: Math.min(500, RECIPIENTS - i) }, (_, j) => ({
            id: crypto.randomUUID(),
            email: `bench-${i + j}@example.com`,
            email_normalized: `bench-${i + j}@example.com`,
            subscribed_at: now,
            status: "active",
            notify_admin: "admin@example.com",
            consent_at: null,
            consent_page: null,
            consent_form: null,
            consent_text: null,
            consent_client: null,
            unsubscribed_at: null,
            welcomed_at: now,
            unsubscribe_key: `benchkey${String(i + j).padStart(16, "0")}`,
          })),
        )
        .execute();
    }
    const id = await services.campaigns.create("bench@example.com", { subject: SUBJECT, body: "# Live\n\nThe platform is **open**." });
    const started = performance.now();
    const queued = await services.campaigns.start("bench@example.com", id);
    const queueMs = Math.round(performance.now() - started);
    await closeServices(services);

    const smtp = await startSmtp();
    const site = await ctx.startSite({ dataDir, env: { SMTP_URL: smtp.url, PUBLIC_SITE_URL: "https://www.heavyroute.example", SESSION_SECRET: secret, MAIL_RATE_PER_MINUTE: String(RATE) } });
    try {
      const count = () => smtp.messages.filter((m) => m.subject === SUBJECT).length;
      await new Promise((resolve) => setTimeout(resolve, 2_000));
      const firstCount = count();
      const firstAt = performance.now();
      const early = peakRssMb(site.pid);
      await new Promise((resolve) => setTimeout(resolve, WINDOW_S * 1_000));
      const perMinute = Math.round(((count() - firstCount) / ((performance.now() - firstAt) / 1_000)) * 60);
      const late = peakRssMb(site.pid);
      return [
        {
          title: "Newsletter campaign",
          columns: ["measure", "value", "budget"],
          rows: [
            ["recipients queued", queued, RECIPIENTS],
            ["queue time (ms)", queueMs, verdict(queueMs <= 2_000, "≤ 2000")],
            ["send rate (mails/min)", perMinute, `≈ ${RATE} configured`],
            ["peak RSS after 2 s (MB)", early, ""],
            [`peak RSS after ${WINDOW_S + 2} s (MB)`, late, verdict(late - early <= 30, "flat (≤ +30 MB)")],
          ],
          notes: ["SQLite; the SMTP test server on loopback; the dispatcher hands MAIL_RATE_PER_MINUTE mails a minute to the outbox."],
        },
      ];
    } finally {
      await site.stop();
      await smtp.stop();
      rmSync(dataDir, { recursive: true, force: true });
    }
  },
};

export default scenario;
