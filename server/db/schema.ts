import type { ColumnType, Generated, Insertable, Selectable } from "kysely";
import type { Locale } from "~/shared/i18n/locale";

/**
 * Table types. Ids are text UUIDs and timestamps ISO-8601 UTC text, so SQLite and PostgreSQL
 * store and return exactly the same values (see docs/decisions/0003-data-layer.md).
 */
/**
 * Where a lead came from (migration 0019), on each lead table's row: null for leads from before,
 * and for what the visit did not tell.
 */
/** The five UTM parameters as kept (server/analytics/page-view.ts `utmValue`), null when absent: on page views and on leads. */
export interface UtmColumns {
  utm_source: string | null;
  utm_medium: string | null;
  utm_campaign: string | null;
  utm_content: string | null;
  utm_term: string | null;
}

/**
 * The language of a lead (migration 0029): the language of the page or chat it came from, the
 * language the site writes to the person in. "en" for leads from before, and when not given.
 */
export interface LanguageColumn {
  language: ColumnType<Locale, Locale | undefined, Locale>;
}

export interface AttributionColumns extends UtmColumns {
  /** Path of the first page of the visit (the tab's session), e.g. "/". */
  landing_path: string | null;
  /** Another site's origin that sent the visit (never a full URL), or null. */
  referrer: string | null;
  /** Path of the page whose form (or chat) sent the lead, e.g. "/platform". */
  converted_path: string | null;
}

export interface PotentialCustomersTable extends AttributionColumns, LanguageColumn {
  id: string;
  name: string;
  email: string;
  source: string;
  created_at: string;
}

export interface SubscribersTable extends AttributionColumns, LanguageColumn {
  id: string;
  email: string;
  /** lower-cased email: its unique index makes subscriptions case-insensitively unique. */
  email_normalized: string;
  subscribed_at: string;
  /** "active" or "unsubscribed". */
  status: string;
  notify_admin: string;
  /** The consent record of the latest (re-)subscription; null for subscribers from before it existed. */
  consent_at: string | null;
  /** Path of the page the form was on, e.g. "/" or "/newsletter". */
  consent_page: string | null;
  /** Which form, e.g. "newsletter-block". */
  consent_form: string | null;
  /** The exact text shown next to the button. */
  consent_text: string | null;
  /** HMAC-SHA256 (keyed from the session secret) of the client key (IPv4, or IPv6 /64), hex. */
  consent_client: string | null;
  unsubscribed_at: string | null;
  /** When the welcome mail was queued (once per address). */
  welcomed_at: string | null;
  /** Random, unique: what the signed unsubscribe token carries (never the row id). */
  unsubscribe_key: string | null;
}

export interface MoreInformationTable extends AttributionColumns, LanguageColumn {
  id: string;
  name: string;
  email: string;
  phone: string;
  company: string;
  message: string;
  plan_type: string;
  created_at: string;
}

export interface ContactMessagesTable extends AttributionColumns, LanguageColumn {
  id: string;
  name: string;
  email: string;
  category: string;
  message: string;
  created_at: string;
}

export type MailStatus = "pending" | "sent" | "failed";

/** The outbox: every email is a row first, sent later by the mail worker. */
export interface MailTable {
  id: string;
  /** One plain address (local@domain, no display name): composeMail refuses anything else. */
  to: string;
  /**
   * Normalized (trimmed, lower-cased) address of the person the mail is about, null when about
   * nobody or unknown (older rows the 0003 migration could not attribute exactly). Erasure
   * matches it, and `to`, by equality (server/leads/erase.ts `eraseMail`).
   */
  about_email: string | null;
  subject: string;
  text: string;
  html: string;
  created_at: string;
  status: MailStatus;
  attempts: Generated<number>;
  next_attempt_at: string;
  last_error: string | null;
  sent_at: string | null;
  /** The instance whose worker holds the row's lease (server/mail/outbox-rows.ts), null when none. */
  claimed_by: Generated<string | null>;
  /** End of that lease: after it (the worker died) the row is due again. */
  claimed_until: Generated<string | null>;
  /** Extra headers as a JSON object (List-Unsubscribe, List-Unsubscribe-Post), or null. */
  headers: string | null;
  /**
   * A mail rendered when sent (server/mail/templates.ts): `{"name": …, …values}` as JSON, with
   * `text` and `html` empty in the row. Null for a mail stored as it is sent.
   */
  template: Generated<string | null>;
  /** Claimed first when lower: MAIL_PRIORITY in server/mail/compose.ts (rows from before 0011: 1). */
  priority: Generated<number>;
  /** Reply-To (one plain address), or null (migration 0023). */
  reply_to: string | null;
  /** Message-ID as `<id@domain>`, or null: the senders make one from the row id. */
  message_id: string | null;
  /** In-Reply-To: the Message-ID this mail answers, or null. */
  in_reply_to: string | null;
  /** References: the thread's Message-IDs, oldest first, space-separated, or null. */
  thread_references: string | null;
}

/** An anonymous chat visitor (one per session cookie). */
export interface ChatVisitorsTable {
  id: string;
  name: string | null;
  email: string | null;
  /** IANA time zone the visitor's daily quota follows (set from the browser, validated). */
  time_zone: string | null;
  created_at: string;
  updated_at: string;
}

/**
 * One stored chat message. kind: "intro" (the fixed greeting/name/email exchange, never sent to
 * the provider), "chat" (questions and answers, the prompt's history) or "notice" (apologies
 * and capacity messages: in the transcript, not in the prompt).
 */
export interface ChatMessagesTable {
  id: string;
  visitor_id: string;
  role: "user" | "assistant";
  kind: "intro" | "chat" | "notice";
  content: string;
  created_at: string;
  /** For assistant answers since the team workspace (migration 0004): "provider" or "knowledge-base"; null otherwise. */
  answered_by: string | null;
  /** For assistant answers since migration 0017: the sections they drew on, JSON of ChatSource[]; null otherwise. */
  sources: string | null;
}

/** Atomic counters per (scope, period), e.g. ("visitor:<id>", "2026-01-31"). */
export interface ChatCountersTable {
  scope: string;
  period: string;
  count: number;
  expires_at: string;
}

/** A one-time sign-in link of /team: only the SHA-256 of its token is stored. */
export interface TeamSignInLinksTable {
  token_hash: string;
  email: string;
  created_at: string;
  expires_at: string;
  used_at: string | null;
}

/** A signed-in team member: only the SHA-256 of the cookie's token is stored. */
export interface TeamSessionsTable {
  token_hash: string;
  email: string;
  created_at: string;
  expires_at: string;
}

/**
 * The addresses of TEAM_MEMBERS as the last instance to start found them, each with when it
 * joined: a session opened before `since` belongs to an earlier membership and signs nobody in.
 */
export type TeamRole = "admin" | "member";

export interface TeamMembersTable {
  email: string;
  since: string;
  /** TEAM_MEMBERS' addresses are admins; admins invite the others. */
  role: ColumnType<TeamRole, TeamRole | undefined, TeamRole>;
  /** IANA zone the member reads times in; null: the team's (TEAM_TIMEZONE). */
  time_zone: ColumnType<string | null, string | null | undefined, string | null>;
  /** The admin who invited the address in the workspace; null: it came from TEAM_MEMBERS. */
  invited_by: ColumnType<string | null, string | null | undefined, string | null>;
  /** New-lead alerts: at once, a daily digest, or none. */
  alerts: ColumnType<MemberAlerts, MemberAlerts | undefined, MemberAlerts>;
  /** JSON array of lead kinds the alerts cover; null: every kind. */
  alert_kinds: ColumnType<string | null, string | null | undefined, string | null>;
  /** JSON array of the plan types an information request must have to be alerted; null: any. */
  alert_plans: ColumnType<string | null, string | null | undefined, string | null>;
  /** When the member's next daily digest is due (alerts "daily" only). */
  digest_due_at: ColumnType<string | null, string | null | undefined, string | null>;
}

export type MemberAlerts = "now" | "daily" | "none";

export type LeadKind = "newsletter" | "contact" | "information-request" | "chat";

/** A lead the team marked handled (no row: open). */
export interface LeadStatesTable {
  lead_kind: LeadKind;
  lead_id: string;
  status: "handled";
  updated_at: string;
  updated_by: string;
}

export interface LeadNotesTable {
  id: string;
  lead_kind: LeadKind;
  lead_id: string;
  author: string;
  body: string;
  created_at: string;
}

/** The stages a person goes through; Won and Lost end it (Lost with a reason). */
export type PersonStage = "new" | "contacted" | "qualified" | "won" | "lost";

/** How the team works one person (a normalized address); no row: New, nobody's. */
export interface PeopleTable {
  email: string;
  /** The member who owns the person, or null. */
  owner: string | null;
  stage: ColumnType<PersonStage, PersonStage | undefined, PersonStage>;
  lost_reason: string | null;
  /** YYYY-MM-DD in the owner's time zone, or null. */
  follow_up_on: string | null;
  updated_at: string;
  updated_by: string;
}

/** One change of how the team works a person (server/team/person-work.ts), for their timeline. */
export interface PersonEventsTable {
  id: string;
  /** The person: a normalized address. */
  email: string;
  at: string;
  /** The member who made the change. */
  actor: string;
  kind: "owner" | "stage" | "follow-up";
  /** JSON: `{ before, after }` (and `reason` for Lost, `cause` when a reply moved the stage). */
  detail: string;
}

/** A mail a member wrote to a person from the workspace; the thread continues from the latest. */
export interface PersonRepliesTable {
  id: string;
  email: string;
  /** Its outbox row (gone after the mail's retention period). */
  mail_id: string;
  author: string;
  subject: string;
  body: string;
  /** Its Message-ID, `<id@domain>`. */
  message_id: string;
  /** Its References (the thread before it, then itself): the next reply's References. */
  thread_references: string;
  created_at: string;
}

/** A reply a member may start from: "general" or a plan type, in one language (one row per key and language). */
export interface CannedRepliesTable {
  key: string;
  language: Locale;
  body: string;
  updated_at: string;
  /** Null for the text the site seeded. */
  updated_by: string | null;
}

/** The people list's summary of one person with leads (server/leads/person-summary.ts). */
export interface PersonSummariesTable {
  email: string;
  /** The newest name and company their leads gave. */
  name: string | null;
  company: string | null;
  /** lower(name, else email): the list's order by name. */
  sort_name: string;
  first_lead_at: string;
  last_lead_at: string;
  lead_count: number;
  /** Their lead kinds, plan types, and lower-cased UTM sources and campaigns, each a valueList (server/db/person-summary.ts). */
  kinds: string;
  plans: string;
  sources: string;
  campaigns: string;
  /** Their leads' searched columns, lower-cased, a lead a line. */
  search_text: string;
  /** Their leads' languages, a valueList ("\nen\nfr\n"). */
  languages: string;
  /** JSON: their newest leads (SummaryLead[]), newest first. */
  leads: string;
}

/** A member's named filter of the people list (its query string). */
export interface SavedFiltersTable {
  id: string;
  member: string;
  name: string;
  query: string;
  created_at: string;
}

export interface AuditLogTable {
  id: string;
  at: string;
  /** The member's address, or "cli" for the operator's command line. */
  actor: string;
  action: string;
  subject: string;
  /** A short JSON object: counts, filters. Never a lead's personal data. */
  detail: string;
}

/** Values every instance shares (e.g. the generated session secret), written once. */
export interface SiteSettingsTable {
  name: string;
  value: string;
  created_at: string;
}

/** Periodic work done once per period across instances (server/db/jobs.ts). */
export interface ScheduledJobsTable {
  name: string;
  next_run_at: string;
  last_run_by: string | null;
}

/** draft ⇄ scheduled (at `scheduled_at`) → sending ⇄ paused → done. */
export type CampaignStatus = "draft" | "scheduled" | "sending" | "paused" | "done";

/** A newsletter campaign (server/newsletter/campaigns.ts). */
export interface CampaignsTable {
  id: string;
  /** The English version's subject; "" when the campaign has no English version. */
  subject: string;
  /** Markdown as written; rendered to safe html and a text part when mails are queued. */
  body: string;
  /** The French version (migration 0029), "" when it has none. */
  subject_fr: ColumnType<string, string | undefined, string>;
  body_fr: ColumnType<string, string | undefined, string>;
  status: CampaignStatus;
  created_by: string;
  created_at: string;
  started_at: string | null;
  finished_at: string | null;
  /** The rate limiter's clock: mails may be queued for the time up to now. */
  next_dispatch_at: string | null;
  recipients: Generated<number>;
  /** The audience's filters as JSON (server/newsletter/campaign-audience.ts); "{}": every active subscriber. */
  segment: ColumnType<string, string | undefined, string>;
  /** When a scheduled campaign starts sending (UTC), and the member who scheduled it. */
  scheduled_at: ColumnType<string | null, string | null | undefined, string | null>;
  scheduled_by: ColumnType<string | null, string | null | undefined, string | null>;
}

/** "waiting" → "queued" (mail_id set) or "skipped" (unsubscribed before their turn). */
export interface CampaignRecipientsTable {
  campaign_id: string;
  subscriber_id: string;
  email: string;
  status: "waiting" | "queued" | "skipped";
  mail_id: string | null;
  updated_at: string | null;
  /** The version this recipient gets, fixed when the send starts (campaign-versions.ts `versionFor`). */
  language: Generated<Locale>;
}

export type DeviceClass = "phone" | "tablet" | "desktop";

/** One page view counted (server/analytics/): never an address or a User-Agent. */
export interface AnalyticsPageViewsTable extends UtmColumns {
  /** UUIDv7: the views of one day in the order they were counted (a visitor's first is their landing). */
  id: string;
  /** UTC day, YYYY-MM-DD. */
  day: string;
  path: string;
  /** Another site's origin (never a full URL), or null. */
  referrer: string | null;
  device: DeviceClass;
  /** Hash of the day's salt, the public origin, the client key and the User-Agent; null with Sec-GPC. */
  visitor: string | null;
}

/** Page views rolled up per day; "" where a dimension is absent. */
export interface AnalyticsDailyTable {
  day: string;
  /** The path of each visitor's first view of the day. */
  landing_path: string;
  source: string;
  referrer: string;
  campaign: string;
  device: DeviceClass;
  visitors: number;
  views: number;
}

/** The day's visitor-hash salt, shared by every instance; earlier days' are deleted. */
export interface AnalyticsSaltsTable {
  day: string;
  salt: string;
  created_at: string;
}

/** An endpoint of the team's CRM that receives signed webhooks (migration 0026, server/webhooks/). */
export interface WebhookEndpointsTable {
  id: string;
  url: string;
  /** A JSON array of event types. */
  events: string;
  /** 1 or 0. */
  enabled: number;
  /** whsec_… (the Standard Webhooks form): signs every delivery; shown once to the admin. */
  secret: string;
  created_at: string;
  created_by: string;
  updated_at: string;
  updated_by: string;
}

export type WebhookDeliveryStatus = "pending" | "delivered" | "failed";

/** One event to one endpoint: the durable queue and the delivery log (server/webhooks/deliveries.ts). */
export interface WebhookDeliveriesTable {
  id: string;
  endpoint_id: string;
  /** The webhook-id header: the same on every retry and replay of the event. */
  message_id: string;
  type: string;
  /** The JSON body, exactly as signed and sent. */
  payload: string;
  /** The normalized address the event is about (erasure deletes by it); null for person.erased. */
  about_email: string | null;
  status: WebhookDeliveryStatus;
  attempts: number;
  next_attempt_at: string;
  claimed_by: string | null;
  claimed_until: string | null;
  /** The HTTP status of the last attempt, null when none came back. */
  last_status: number | null;
  last_error: string | null;
  last_attempt_at: string | null;
  delivered_at: string | null;
  created_at: string;
}

export interface Database {
  analytics_page_views: AnalyticsPageViewsTable;
  analytics_daily: AnalyticsDailyTable;
  analytics_salts: AnalyticsSaltsTable;
  campaigns: CampaignsTable;
  campaign_recipients: CampaignRecipientsTable;
  potential_customers: PotentialCustomersTable;
  subscribers: SubscribersTable;
  more_information: MoreInformationTable;
  contact_messages: ContactMessagesTable;
  mail: MailTable;
  chat_visitors: ChatVisitorsTable;
  chat_messages: ChatMessagesTable;
  chat_counters: ChatCountersTable;
  team_sign_in_links: TeamSignInLinksTable;
  team_sessions: TeamSessionsTable;
  team_members: TeamMembersTable;
  lead_states: LeadStatesTable;
  lead_notes: LeadNotesTable;
  people: PeopleTable;
  person_events: PersonEventsTable;
  person_replies: PersonRepliesTable;
  canned_replies: CannedRepliesTable;
  person_summaries: PersonSummariesTable;
  saved_filters: SavedFiltersTable;
  audit_log: AuditLogTable;
  site_settings: SiteSettingsTable;
  scheduled_jobs: ScheduledJobsTable;
  webhook_endpoints: WebhookEndpointsTable;
  webhook_deliveries: WebhookDeliveriesTable;
}

export type MailRow = Selectable<MailTable>;
export type NewMail = Insertable<MailTable>;
