/**
 * Budget: a 2,000-recipient campaign through the crash scenario of the integration test
 * (tests/support/campaign-crash.ts: the SMTP server refusing, then accepting, then down, and the
 * site SIGKILLed mid-send and restarted), on SQLite and on PostgreSQL: no address gets other than
 * one Message-ID (a copy resent after the crash carries the same one), and no address that
 * unsubscribed gets any. The test runs it at 200; here it runs at the size it was written for,
 * with the site's own lease (MAIL_LEASE_MS), as in production.
 */
import { loadavg } from "node:os";
import { type CampaignCrashRun, runCampaignCrash } from "../../tests/support/campaign-crash";
import { type Postgres, startPostgres } from "../../tests/support/postgres";
import type { Cell, Scenario } from "../types";

const RECIPIENTS = 2_000;

const budget = (count: number) => `${count} ${count === 0 ? "✓" : "✗"}`;
const seconds = (ms: number) => (ms / 1000).toFixed(1);

function row(run: CampaignCrashRun): Cell[] {
  // Each active address: none, or a second Message-ID, is a miss.
  const notOne = [...run.active].filter((email) => run.messageIds.get(email)?.size !== 1).length;
  const unsubscribedMailed = [...run.unsubscribedBefore, ...run.unsubscribedDuring].filter((email) => run.messageIds.has(email)).length;
  return [
    run.engine === "postgres" ? "PostgreSQL" : "SQLite",
    run.recipients,
    run.received.length,
    run.received.length - [...run.messageIds.values()].reduce((sum, ids) => sum + ids.size, 0),
    budget(notOne),
    budget(unsubscribedMailed),
    seconds(run.ms.total),
  ];
}

const scenario: Scenario = {
  name: "Newsletter campaign crash (2,000 recipients, SMTP outages and a SIGKILL)",
  async run(ctx) {
    const runs: CampaignCrashRun[] = [];
    let postgres: Postgres | undefined;
    try {
      ctx.log("SQLite …");
      runs.push(await runCampaignCrash({ recipients: RECIPIENTS }));
      postgres = await startPostgres();
      ctx.log("PostgreSQL …");
      runs.push(await runCampaignCrash({ recipients: RECIPIENTS, databaseUrl: postgres.url }));
    } finally {
      await postgres?.stop();
    }
    return [
      {
        title: `Newsletter campaign to ${RECIPIENTS.toLocaleString("en")} subscribers across SMTP outages and a SIGKILL`,
        columns: ["engine", "recipients", "deliveries", "resent copies", "addresses with ≠1 Message-ID (budget 0)", "unsubscribed addresses mailed (budget 0)", "seconds"],
        rows: runs.map(row),
        notes: [
          "A twentieth unsubscribed before the send, a fortieth during it. SMTP refuses (451) until 15 % of the recipients are queued and a mail was refused, then accepts; once 15 % of the mails have arrived it stops and the site is SIGKILLed, then both start again.",
          "Resent copies: a Message-ID received again (the SMTP server had accepted the mail, the site died before marking it sent).",
          "Seconds: from the first subscription to every campaign mail sent. On PostgreSQL the mails the killed process had claimed wait for their lease (MAIL_LEASE_MS) to end.",
          ...runs.map(
            (run) =>
              `${run.engine}: setup ${seconds(run.ms.setup)} s, site start to SIGKILL ${seconds(run.ms.untilKill)} s, SIGKILL to every mail sent ${seconds(run.ms.afterKill)} s; ${run.refused} mails refused, at the SIGKILL ${run.atKill.unsent} mails unsent and ${run.atKill.waiting} recipients waiting.`,
          ),
          `Machine load average (1 min) at the end: ${loadavg()[0]?.toFixed(1)}; figures from a busy machine are not comparable.`,
        ],
      },
    ];
  },
};

export default scenario;
