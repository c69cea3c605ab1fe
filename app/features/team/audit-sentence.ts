/**
 * An audit entry as a sentence a team member reads ("ann@… exported 1,204 leads as CSV"), with a
 * link to what it is about where that still has a page. The log keeps addresses only of members
 * (the actor), never of an erased person. One line per action in SENTENCES; an action without one
 * (added elsewhere, or from a newer version) reads as a generic sentence.
 */
import { isLocale } from "~/shared/i18n/locale";
import { CANNED_REPLY_KEYS, PERSON_STAGE_LABELS, cannedReplyLabel } from "./person-contract";
import { BOOTSTRAP_ACTOR, CLI_ACTOR } from "./team-contract";
import { LEAD_KINDS, LEAD_LANGUAGE_LABELS, type LeadKindName } from "./team-lines";
import { formatDay } from "./when";

/** A piece of the sentence: text, or a link. */
export type SentencePart = string | { text: string; to: string };

/** An entry as the audit page loads it (server/audit/audit.ts; `detail` is its stored JSON). */
export interface AuditEntryView {
  actor: string;
  action: string;
  subject: string;
  detail: string;
}

type Detail = Readonly<Record<string, unknown>>;
type Sentence = (actor: string, subject: string, detail: Detail) => SentencePart[];

const number = (value: unknown): string | undefined => (typeof value === "number" && Number.isFinite(value) ? value.toLocaleString("en-US") : undefined);
const plural = (value: unknown, one: string, many: string): string => `${number(value) ?? "some"} ${value === 1 ? one : many}`;
const quoted = (value: unknown): string | undefined => (typeof value === "string" && value !== "" ? `“${value}”` : undefined);
/**
 * Who did it, as the sentence's first words: a member by their address; the operator's command
 * line and the server's own start (an address it no longer lists among its admins) in words, never
 * by their stored codes.
 */
export const actorName = (actor: string): string => (actor === CLI_ACTOR ? "The command line" : actor === BOOTSTRAP_ACTOR ? "The site" : actor);

/** Why the site removed a member, after "removed x from the team". */
export const BOOTSTRAP_REMOVAL = "when it started without them in its list of admins";

/** A campaign, by its subject (English, else French) when the entry kept it, linked to its page. */
const campaign = (id: string, detail: Detail): SentencePart => ({ text: quoted(detail.subject) ?? quoted(detail.subject_fr) ?? "a campaign", to: `/team/campaigns?id=${encodeURIComponent(id)}` });

/** A lead of each kind inside a sentence. */
const A_LEAD: Record<LeadKindName, string> = { newsletter: "a newsletter sign-up", contact: "a contact message", "information-request": "an information request", chat: "a chat lead" };

/** A lead from a `kind/id` subject, linked when the kind is one we know. */
function lead(subject: string): SentencePart {
  const [kind, id] = subject.split("/");
  const known = LEAD_KINDS.find((k) => k === kind);
  if (!known || !id) return `the lead ${subject}`;
  return { text: A_LEAD[known], to: `/team/leads/${known}/${encodeURIComponent(id)}` };
}

/** A resent mail: one (linked) or all failed ones. */
function resent(subject: string, detail: Detail): SentencePart[] {
  const id = /^mail (\S+)$/.exec(subject)?.[1];
  return id ? ["resent ", { text: "a failed mail", to: `/team/mail/${encodeURIComponent(id)}` }] : [`resent all failed mail (${plural(detail.mails, "mail", "mails")})`];
}

/** The export's format is the subject's last word ("3 leads as CSV"). */
const exportFormat = (subject: string): string => /\bas (\w+)$/.exec(subject)?.[1] ?? "a file";

/** A person by their address, linked to their page; an erased person's entries keep no address. */
const person = (subject: string): SentencePart => (subject.includes("@") ? { text: subject, to: `/team/people?email=${encodeURIComponent(subject)}` } : subject || "a person");

/** A stored value of a change: empty reads as "none". */
const shown = (value: unknown): string => (typeof value === "string" && value !== "" ? value : "none");
/** A stage by its label ("New"), not its stored code. */
const stage = (value: unknown): string => (typeof value === "string" && Object.hasOwn(PERSON_STAGE_LABELS, value) ? PERSON_STAGE_LABELS[value as keyof typeof PERSON_STAGE_LABELS] : shown(value));
/** A follow-up date as a day ("Fri, 15 Jan 2027"), not its stored YYYY-MM-DD. */
const day = (value: unknown): string => (typeof value === "string" && /^\d{4}-\d{2}-\d{2}$/.test(value) ? formatDay(value) : shown(value));
/** A canned reply by the title its page gives it ("General", "Government plans"). */
const cannedReply = (key: string): string => {
  const known = CANNED_REPLY_KEYS.find((k) => k === key);
  return known ? cannedReplyLabel(known) : key;
};

/** Each action's sentence after the actor: one line per action. */
const SENTENCES: Readonly<Record<string, Sentence>> = {
  "sign-in": () => ["signed in"],
  "sign-out": () => ["signed out"],
  export: (_actor, subject, detail) => [`exported ${plural(detail.count, "lead", "leads")} as ${exportFormat(subject)}`],
  erase: (_actor, _subject, detail) => [`erased a person — ${plural(detail.records, "record", "records")}`],
  resend: (_actor, subject, detail) => resent(subject, detail),
  "lead-status": (_actor, subject, detail) => ["marked ", lead(subject), detail.status === "open" ? " as open again" : ` as ${typeof detail.status === "string" ? detail.status : "changed"}`],
  "lead-note": (_actor, subject) => ["added a note to ", lead(subject)],
  "campaign-draft": (_actor, subject, detail) => ["saved the campaign draft ", campaign(subject, detail)],
  "campaign-test": (_actor, subject, detail) => ["sent themselves a test of ", campaign(subject, detail)],
  "campaign-send": (_actor, subject, detail) => ["started sending ", campaign(subject, detail), ` to ${plural(detail.recipients, "subscriber", "subscribers")}`],
  "campaign-pause": (_actor, subject, detail) => ["paused ", campaign(subject, detail)],
  "campaign-resume": (_actor, subject, detail) => ["resumed ", campaign(subject, detail)],
  "campaign-edit": (_actor, subject, detail) => ["edited ", campaign(subject, detail)],
  "campaign-schedule": (_actor, subject, detail) => ["scheduled ", campaign(subject, detail), typeof detail.local === "string" ? ` for ${detail.local}${typeof detail.zone === "string" ? ` (${detail.zone})` : ""}` : ""],
  "campaign-unschedule": (_actor, subject, detail) => ["cancelled the schedule of ", campaign(subject, detail)],
  "person-owner": (_actor, subject, detail) => ["gave ", person(subject), ` to ${shown(detail.after)} (was ${shown(detail.before)})`],
  "person-stage": (_actor, subject, detail) => ["moved ", person(subject), ` from ${stage(detail.before)} to ${stage(detail.after)}${typeof detail.reason === "string" ? ` (${detail.reason})` : ""}${detail.cause === "reply" ? " by replying" : ""}`],
  "person-follow-up": (_actor, subject, detail) => ["set the follow-up of ", person(subject), ` to ${day(detail.after)} (was ${day(detail.before)})`],
  "person-reply": (_actor, subject) => ["replied to ", person(subject)],
  // Entries from before canned replies had languages name none (they were English).
  "canned-reply": (_actor, subject, detail) => [`edited the ${isLocale(detail.language) ? `${LEAD_LANGUAGE_LABELS[detail.language]} ` : ""}canned reply “${cannedReply(subject)}”`],
  "member-invite": (_actor, subject, detail) => [`invited ${subject} as ${typeof detail.role === "string" ? detail.role : "member"}`],
  "member-remove": (actor, subject, detail) => [`removed ${subject} from the team${actor === BOOTSTRAP_ACTOR ? ` ${BOOTSTRAP_REMOVAL}` : ""}${typeof detail.released === "number" && detail.released > 0 ? `${actor === BOOTSTRAP_ACTOR ? "," : ""} and left the ${plural(detail.released, "person", "people")} they owned without an owner` : ""}`],
  "member-role": (_actor, subject, detail) => [`made ${subject} ${typeof detail.to === "string" ? `an ${detail.to === "admin" ? "admin" : "ordinary member"}` : "change role"}`],
  "member-settings": (actor, subject) => [subject === actor ? "changed their settings" : `changed the settings of ${subject}`],
  "saved-filter-save": (_actor, subject, detail) => [typeof detail.query === "string" ? { text: `saved the filter “${subject}”`, to: `/team?${detail.query.replace(/^\?/, "")}` } : `saved the filter “${subject}”`],
  "saved-filter-delete": (_actor, subject) => [`deleted the saved filter “${subject}”`],
  "webhook-create": (_actor, subject) => [{ text: `added the webhook ${subject}`, to: "/team/webhooks" }],
  "webhook-update": (_actor, subject) => [{ text: `changed the webhook ${subject}`, to: "/team/webhooks" }],
  "webhook-rotate": (_actor, subject) => [{ text: `rotated the secret of the webhook ${subject}`, to: "/team/webhooks" }],
  "webhook-delete": (_actor, subject, detail) => [`deleted the webhook ${subject} and ${plural(detail.deliveries, "delivery", "deliveries")}`],
  "webhook-replay": (_actor, _subject, detail) => [{ text: `replayed a ${typeof detail.type === "string" ? detail.type : "webhook"} delivery`, to: "/team/webhooks" }],
};

function parseDetail(detail: string): Detail {
  try {
    const parsed = JSON.parse(detail) as unknown;
    return typeof parsed === "object" && parsed !== null && !Array.isArray(parsed) ? (parsed as Detail) : {};
  } catch {
    return {};
  }
}

/** The actions that read as their own sentence (the rest read as the generic one). */
export const AUDIT_SENTENCE_ACTIONS: readonly string[] = Object.keys(SENTENCES);

/** The sentence of one entry: the actor, then what they did, ending with a full stop. */
export function auditSentence(entry: AuditEntryView): SentencePart[] {
  const detail = parseDetail(entry.detail);
  const sentence = Object.hasOwn(SENTENCES, entry.action) ? SENTENCES[entry.action] : undefined;
  const rest = sentence ? sentence(entry.actor, entry.subject, detail) : [`did “${entry.action}”${entry.subject ? ` on ${entry.subject}` : ""}`];
  return [`${actorName(entry.actor)} `, ...rest, "."];
}

/** The sentence as plain text (titles, tests). */
export const auditSentenceText = (entry: AuditEntryView): string => auditSentence(entry).map((part) => (typeof part === "string" ? part : part.text)).join("");
