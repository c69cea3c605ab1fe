/**
 * A newsletter campaign through outages, at any size: N subscribers, a twentieth of them
 * unsubscribed before the send and a fortieth during it; the SMTP server refuses (451) while the
 * dispatcher queues, then accepts, then goes down, and the site is killed (SIGKILL) mid-send,
 * restarted and left to finish. It returns what was observed and asserts nothing: the integration
 * test runs it small and judges every mail, the bench (bench/scenarios/campaign-crash.ts) runs it
 * at its full size.
 *
 * Every wait is for a state (a count of rows, of received mails) with a generous ceiling, so a
 * slow machine only makes it slower.
 */
import { NewsletterKeys } from "../../server/newsletter/keys";
import { startServices, until } from "../integration/leads-helpers";
import { siteQuery } from "../integration/newsletter-db";
import { startSite } from "./site-server";
import { type ReceivedMail, type Smtp, startSmtp } from "./smtp";

const SECRET = "campaign-test-secret-0123456789-abcdefgh";
const SUBJECT = "HeavyRoute is live";
/** A ceiling for each wait, not a pace: on a machine busy with other work the site's passes come late. */
const CEILING_MS = 180_000;

export interface CampaignCrashOptions {
  recipients: number;
  /** An empty PostgreSQL database; without it, SQLite in the site's data directory. */
  databaseUrl?: string;
  /**
   * The site's MAIL_LEASE_MS: on PostgreSQL, the mails the killed process had claimed go out
   * again once their lease ends. Default: the site's own.
   */
  leaseMs?: number;
}

export interface CampaignCrashRun {
  engine: "sqlite" | "postgres";
  recipients: number;
  /** The campaign's subject (each received mail's). */
  subject: string;
  unsubscribedBefore: string[];
  unsubscribedDuring: string[];
  /** The addresses still subscribed when the send started and after it. */
  active: Set<string>;
  /** What each unsubscribe link answered, counted ("unsubscribed" for each when they work). */
  unsubscribeAnswers: Record<string, number>;
  /** What starting the campaign answered: the recipients it took. */
  started: number;
  /** Campaign mails the SMTP server had refused (an error on their row) when it began to accept. */
  refused: number;
  /** Read after the SIGKILL: recipients not handed to the outbox yet, and campaign mails not sent. */
  atKill: { waiting: number; unsent: number };
  /** The campaign's recipients per status at the end, by status name. */
  statuses: [string, number][];
  /** Every campaign mail the SMTP server accepted, before and after the restart. */
  received: ReceivedMail[];
  /** The Message-IDs received per address. */
  messageIds: Map<string, Set<string>>;
  ms: {
    /** Subscribing, unsubscribing and starting the campaign through the server's own services. */
    setup: number;
    /** From the site's start to its SIGKILL. */
    untilKill: number;
    /** From the SIGKILL to every campaign mail sent (the restart included). */
    afterKill: number;
    /** From the setup to every campaign mail sent. */
    total: number;
  };
}

const count = (values: string[]) => values.reduce<Record<string, number>>((counts, value) => ({ ...counts, [value]: (counts[value] ?? 0) + 1 }), {});

export async function runCampaignCrash({ recipients: n, databaseUrl, leaseMs }: CampaignCrashOptions): Promise<CampaignCrashRun> {
  const began = performance.now();
  const dbEnv: Record<string, string> = databaseUrl ? { DATABASE_URL: databaseUrl } : {};
  // Shares of N, so that a small campaign goes through the same states as a large one.
  const beforeCount = Math.max(1, Math.round(n / 20));
  const duringCount = Math.max(1, Math.round(n / 40));
  const checkpoint = Math.max(1, Math.round((n * 3) / 20));

  // Set up with the server's own services, their workers stopped: nothing is sent yet.
  const setup = await startServices({ SESSION_SECRET: SECRET, MAIL_RATE_PER_MINUTE: "1", ...dbEnv });
  const { services, dataDir } = setup;
  await services.outbox.stop();
  await services.campaigns.stop();
  const emails = Array.from({ length: n }, (_, i) => `reader-${String(i).padStart(String(n - 1).length, "0")}@example.com`);
  await Promise.all(emails.map((email) => services.signUp.subscribe(email, { page: "/", clientKey: "203.0.113.5" })));
  const keys = new NewsletterKeys(SECRET);
  const unsubscribe = async (email: string) => {
    const row = await services.database.db.selectFrom("subscribers").select("unsubscribe_key").where("email_normalized", "=", email).executeTakeFirstOrThrow();
    return services.newsletter.unsubscribe(keys.token(row.unsubscribe_key!));
  };
  const answers: string[] = [];
  const unsubscribedBefore = emails.slice(0, beforeCount);
  for (const email of unsubscribedBefore) answers.push(await unsubscribe(email));
  const id = await services.campaigns.create("lead@example.com", { subject: SUBJECT, body: "# We are live\n\nThe **platform** is open." });
  const started = await services.campaigns.start("lead@example.com", id);
  // Unsubscribed after the send started, before their turn: skipped.
  const unsubscribedDuring = emails.slice(beforeCount, beforeCount + duringCount);
  for (const email of unsubscribedDuring) answers.push(await unsubscribe(email));
  await services.database.close();
  const active = new Set(emails.slice(beforeCount + duringCount));
  const setupMs = performance.now() - began;

  let smtp: Smtp = await startSmtp({ failing: true });
  const port = smtp.port;
  const received: ReceivedMail[] = [];
  const collect = (from: Smtp) => received.push(...from.messages.filter((m) => m.subject === SUBJECT));
  const env = {
    SMTP_URL: smtp.url,
    PUBLIC_SITE_URL: "https://www.heavyroute.test",
    SESSION_SECRET: SECRET,
    MAIL_RATE_PER_MINUTE: "30000",
    ...(leaseMs === undefined ? {} : { MAIL_LEASE_MS: String(leaseMs) }),
    ...dbEnv,
  };
  const query = siteQuery(databaseUrl ? { url: databaseUrl } : { dataDir });
  const number = async (sql: string, params: unknown[] = []) => Number((await query<{ n: number }>(sql, params))[0]!.n);
  const recipientsIn = (status: string) => number("select count(*) as n from campaign_recipients where status = $1", [status]);
  const campaignMails = (where: string) => number(`select count(*) as n from mail where subject = $1 and ${where}`, [SUBJECT]);

  let site = await startSite({ env, dataDir });
  const siteStarted = performance.now();
  let refused = 0;
  let atKill = { waiting: 0, unsent: 0 };
  let killedAt = 0;
  let allSentAt = 0;
  let statuses: [string, number][] = [];
  try {
    // SMTP refuses (451) while the dispatcher queues; once it has refused some, it accepts.
    await until(
      async () => (await recipientsIn("queued")) >= checkpoint && (await campaignMails("last_error is not null")) > 0,
      CEILING_MS,
      `${checkpoint} recipients queued and a mail refused`,
    );
    smtp.setFailing(false);
    refused = await campaignMails("last_error is not null");
    await until(() => smtp.messages.filter((m) => m.subject === SUBJECT).length >= checkpoint, CEILING_MS, `${checkpoint} campaign mails`);
    // The mail server goes down, and the site is killed mid-send.
    await smtp.stop();
    await site.kill();
    killedAt = performance.now();
    // Read once the site is dead: a mail it was told 250 for is in `messages` by then.
    collect(smtp);
    atKill = { waiting: await recipientsIn("waiting"), unsent: await campaignMails("status <> 'sent'") };
    smtp = await startSmtp({ port });
    site = await startSite({ env, dataDir });
    await until(async () => (await number("select count(*) as n from campaigns where status = 'done'")) === 1, CEILING_MS, "the campaign done");
    await until(async () => (await campaignMails("status <> 'sent'")) === 0, CEILING_MS, "every campaign mail sent");
    allSentAt = performance.now();
    collect(smtp);
    const rows = await query<{ status: string; n: number }>("select status, count(*) as n from campaign_recipients group by status order by status");
    statuses = rows.map((row) => [row.status, Number(row.n)]);
  } finally {
    await site.stop();
    await smtp.stop();
    await setup.close().catch(() => undefined);
  }

  const messageIds = new Map<string, Set<string>>();
  for (const mail of received) {
    const to = mail.to[0] ?? "";
    const ids = messageIds.get(to) ?? new Set<string>();
    ids.add(mail.headers["message-id"] ?? "");
    messageIds.set(to, ids);
  }
  return {
    engine: databaseUrl ? "postgres" : "sqlite",
    recipients: n,
    subject: SUBJECT,
    unsubscribedBefore,
    unsubscribedDuring,
    active,
    unsubscribeAnswers: count(answers),
    started,
    refused,
    atKill,
    statuses,
    received,
    messageIds,
    ms: { setup: setupMs, untilKill: killedAt - siteStarted, afterKill: allSentAt - killedAt, total: allSentAt - began },
  };
}
