import { type Chat, createChat } from "./chat/setup";
import type { Config } from "./config";
import { type DatabaseHandle, migrateToLatest, openDatabase } from "./db/database";
import type { Logger } from "./logger";
import { LeadCapture } from "./leads/lead-capture";
import { LeadAlerts } from "./mail/lead-alerts";
import { type LeadForms, leadForms } from "./leads/submissions";
import { eventLoopBusy } from "./event-loop-load";
import { MailOutbox } from "./mail/outbox";
import { fileSender, smtpSender } from "./mail/senders";
import { scheduleRetention } from "./retention";
import { PageViewRecorder } from "./analytics/recorder";
import { scheduleRollup } from "./analytics/rollup";
import { scheduleBackups } from "./db/backup-schedule";
import { type TeamWorkspace, createTeamWorkspace } from "./team/workspace";
import { weeklyDigest } from "./team/weekly-digest";
import { leadDigest } from "./team/lead-digest";
import { loadSessionSecret, sharedSessionSecret } from "./http/session-secret";
import { NewsletterKeys } from "./newsletter/keys";
import { NewsletterService } from "./newsletter/newsletter-service";
import { NewsletterSignUp } from "./newsletter/sign-up";
import { Campaigns } from "./newsletter/campaigns";
import { ADMIN_NOTICE_TEMPLATE, adminNoticeTemplate } from "./newsletter/admin-notice";
import { recipientZone } from "./mail/team-time";
import { WELCOME_TEMPLATE, welcomeTemplate } from "./newsletter/subscriber-mail";
import { type Webhooks, createWebhooks } from "./webhooks/webhooks";

/**
 * Everything the server owns: one database, one mail outbox, one AI client. Created once at
 * start and handed to route actions through React Router's context (app/context.server.ts).
 */
export interface Services {
  config: Config;
  logger: Logger;
  database: DatabaseHandle;
  /** The mail outbox and its worker (server/mail/outbox.ts): enqueue inside your transaction, then nudge(). */
  outbox: MailOutbox;
  /** The newsletter sign-up: consent, welcome mail, admin notice, uniqueness (server/newsletter/sign-up.ts). */
  signUp: NewsletterSignUp;
  /** Contact messages and information requests (server/leads/). */
  leads: LeadCapture;
  /** Unsubscribing with the signed token of a subscriber's mails (server/newsletter/). */
  newsletter: NewsletterService;
  /** Newsletter campaigns from /team/campaigns, and their dispatcher (server/newsletter/campaigns.ts). */
  campaigns: Campaigns;
  /** The lead forms' endpoints for route actions: validation, honeypot, the spec's texts. */
  forms: LeadForms;
  /** Max Load: visitor sessions, quota, knowledge base and the AI provider (server/chat/). */
  chat: Chat;
  /** The team workspace (/team): access, audit log, leads, people, outbox view, overview (server/team/). */
  team: TeamWorkspace;
  /** Signed webhooks to the team's CRM: endpoints, delivery log, the worker (server/webhooks/). */
  webhooks: Webhooks;
  /** The page views counted (server/analytics/), written in batches; flushed at shutdown. */
  pageViews: PageViewRecorder;
  /** Stops the hourly rollup of page views into daily rows (and the deletion of old raw views). */
  stopAnalyticsRollup: () => void;
  /** Stops this instance's checks of the weekly digest to the team (Monday 08:00 in TEAM_TIMEZONE; none when WEEKLY_DIGEST=off). */
  stopWeeklyDigest: () => void;
  /** Stops this instance's checks of the members' daily digests of new leads (08:00 in each one's zone). */
  stopLeadDigest: () => void;
  /** Stops the daily purge of data past the privacy policy's retention periods. */
  stopRetention: () => void;
  /** Stops this instance's periodic backups (BACKUP_INTERVAL, SQLite). */
  stopBackups: () => void;
  /** Set when shutdown begins: /readyz answers 503 from then on (server/serve.ts). */
  lifecycle: { shuttingDown: boolean };
}

/** Event-loop busy share above which a mail backlog waits for the next poll (docs/decisions/0050). */
const MAIL_YIELDS_ABOVE = 0.9;

export async function createServices(config: Config, logger: Logger): Promise<Services> {
  const database = openDatabase(config.database, {
    onIdleConnectionError: (error) => logger.warn({ err: error }, "an idle PostgreSQL connection failed; the next query opens a new one"),
    onCheckpointError: (error) => logger.warn({ err: error }, "SQLite: the background WAL checkpoint failed; SQLite checkpoints in its commits again"),
  });
  await migrateToLatest(database.db);
  // Several instances share a PostgreSQL database: they must share the cookie secret too.
  if (database.kind === "postgres" && !config.sessionSecret) config = { ...config, sessionSecret: await sharedSessionSecret(database.db) };
  const sender = config.mail.smtpUrl ? smtpSender(config.mail.smtpUrl, config.mail.from) : fileSender(config.mail.outboxDir, config.mail.from);
  const keys = new NewsletterKeys(loadSessionSecret(config.sessionSecret, config.dataDir));
  const outbox = new MailOutbox(database.db, sender, logger, {
    sharedDatabase: database.kind === "postgres",
    skipLocked: database.kind === "postgres",
    leaseMs: config.mail.leaseMs,
    maxAttempts: config.mail.maxAttempts,
    templates: { [WELCOME_TEMPLATE]: welcomeTemplate(config.mail, keys), [ADMIN_NOTICE_TEMPLATE]: adminNoticeTemplate((email) => recipientZone(database.db, email, config.teamTimeZone)) },
    busy: eventLoopBusy(MAIL_YIELDS_ABOVE),
  });
  const alerts = new LeadAlerts(outbox, config.mail.origin, config.teamTimeZone);
  const signUp = new NewsletterSignUp(database, outbox, config.mail, keys, alerts);
  const leads = new LeadCapture(database.db, outbox, config.mail, alerts);
  const chat = createChat({ config, logger, db: database.db, outbox, recordContactMessage: leads.storeContactMessage, alerts });
  const forms = leadForms({ signUp, leads, logger, teamEmail: config.mail.teamEmail });
  const newsletter = new NewsletterService(database.db, keys);
  const team = createTeamWorkspace({ db: database.db, outbox, logger, config });
  await team.access.syncMembers();
  const campaigns = new Campaigns(database.db, outbox, team.audit, keys, config.mail, logger);
  const webhooks = createWebhooks({ database, audit: team.audit, config, logger, busy: eventLoopBusy(MAIL_YIELDS_ABOVE) });
  const services: Services = {
    config, logger, database, outbox, signUp, leads, newsletter, campaigns, forms, chat, team, webhooks,
    pageViews: new PageViewRecorder(database.db, logger),
    stopAnalyticsRollup: scheduleRollup(database.db, config.analytics.rawRetentionDays, logger),
    stopWeeklyDigest: weeklyDigest({ db: database.db, outbox, logger, config }).schedule(),
    stopLeadDigest: leadDigest({ db: database.db, outbox, logger, config }).schedule(),
    stopRetention: scheduleRetention(database.db, logger),
    stopBackups: config.database.kind === "sqlite" ? scheduleBackups(database.db, config, config.database.file, logger) : () => {},
    lifecycle: { shuttingDown: false },
  };
  await outbox.start();
  await webhooks.worker.start();
  campaigns.startDispatcher();
  return services;
}

export async function closeServices(services: Services): Promise<void> {
  services.stopRetention();
  services.stopAnalyticsRollup();
  services.stopWeeklyDigest();
  services.stopLeadDigest();
  services.stopBackups();
  services.chat.service.close();
  await services.campaigns.stop();
  await services.outbox.stop();
  await services.webhooks.worker.stop();
  await services.pageViews.close();
  await services.database.close();
}
