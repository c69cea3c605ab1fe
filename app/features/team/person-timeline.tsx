/**
 * A person's timeline on /team/people, newest first: their leads, chat conversations (drawn by the
 * route, which composes the chat's own bubbles and Markdown), mails, replies, notes and the team's
 * changes of owner, stage and follow-up.
 */
import type { ReactNode } from "react";
import { Link } from "react-router";
import type { PersonChange, PersonConversation, TimelineItem } from "../../../server/team/people";
import { AttributionList } from "./attribution-list";
import { BOOTSTRAP_REMOVAL, actorName } from "./audit-sentence";
import { PERSON_STAGE_LABELS, type PersonStageName } from "./person-contract";
import { BOOTSTRAP_ACTOR } from "./team-contract";
import { LEAD_KIND_LABELS, MAIL_STATUS_LABELS, type MailStatusName } from "./team-lines";
import { linkClass } from "./team-ui";
import { formatDay, useFormatTime } from "./when";

/** Where an outbox row opens. */
export const outboxRowHref = (id: string) => `/team/mail/${encodeURIComponent(id)}`;

const ATTRIBUTION_KEYS = ["landing_path", "referrer", "utm_source", "utm_medium", "utm_campaign", "utm_content", "utm_term", "converted_path"] as const;

const stageLabel = (stage: string | null) => (stage && stage in PERSON_STAGE_LABELS ? PERSON_STAGE_LABELS[stage as PersonStageName] : "—");
const mailStatus = (status: string | null) => (status && status in MAIL_STATUS_LABELS ? MAIL_STATUS_LABELS[status as MailStatusName] : "Removed from the outbox");

/** One change as a sentence, its actor and values in words (audit-sentence.ts names actors the same way). */
export function changeSentence(change: PersonChange): string {
  const { before, after } = change;
  const actor = actorName(change.actor);
  if (change.kind === "owner") {
    if (change.cause === "owner-removed") {
      return `${actor} removed ${before ?? "the owner"} from the team${change.actor === BOOTSTRAP_ACTOR ? ` ${BOOTSTRAP_REMOVAL},` : ","} so this person has no owner now.`;
    }
    if (after === null) return `${actor} took ${before ?? "the owner"} off this person.`;
    return before === null ? `${actor} assigned this person to ${after}.` : `${actor} reassigned this person from ${before} to ${after}.`;
  }
  if (change.kind === "stage") {
    const moved = `${actor} moved the stage from ${stageLabel(before)} to ${stageLabel(after)}`;
    if (change.cause === "reply") return `${moved} by replying.`;
    return after === "lost" && change.reason ? `${moved}. Reason: ${change.reason}` : `${moved}.`;
  }
  if (after === null) return `${actor} removed the follow-up date (was ${before === null ? "none" : formatDay(before)}).`;
  return before === null ? `${actor} set a follow-up for ${formatDay(after)}.` : `${actor} moved the follow-up from ${formatDay(before)} to ${formatDay(after)}.`;
}

function Entry({ at, label, children }: { at: string; label: string; children: ReactNode }) {
  const formatTime = useFormatTime();
  return (
    <li className="rounded-lg border border-line p-3">
      <p className="flex flex-wrap gap-x-3 text-sm">
        <span className="font-semibold text-ink">{label}</span>
        <span className="text-muted">{formatTime(at)}</span>
      </p>
      <div className="mt-2 min-w-0 space-y-2 break-words">{children}</div>
    </li>
  );
}

/**
 * `categoryLabel` words a contact message's stored category (the contact feature owns the words;
 * the route composes the two).
 */
export function PersonTimeline({
  items,
  conversation,
  categoryLabel,
}: {
  items: readonly TimelineItem[];
  conversation: (conversation: PersonConversation) => ReactNode;
  categoryLabel: (category: string) => string;
}) {
  if (items.length === 0) return <p className="text-muted">Nothing yet.</p>;
  return (
    <ol className="space-y-3" aria-label="Timeline, newest first">
      {items.map((item) => {
        switch (item.type) {
          case "lead": {
            const { lead } = item;
            return (
              <Entry key={`lead-${lead.kind}-${lead.id}`} at={item.at} label={LEAD_KIND_LABELS[lead.kind]}>
                <p>
                  <Link className={linkClass} to={`/team/leads/${lead.kind}/${lead.id}`}>
                    Open this {lead.kind === "newsletter" ? "newsletter sign-up" : LEAD_KIND_LABELS[lead.kind].toLowerCase()}
                  </Link>
                  {lead.plan_type ? <span className="ml-2 rounded-full bg-surface px-2 py-0.5 text-sm font-semibold">Plan: {lead.plan_type}</span> : null}
                  {lead.category ? <span className="ml-2 rounded-full bg-surface px-2 py-0.5 text-sm font-semibold">Category: {categoryLabel(lead.category)}</span> : null}
                </p>
                {lead.message ? <p className="whitespace-pre-wrap">{lead.message}</p> : null}
                {ATTRIBUTION_KEYS.some((key) => lead[key]) ? <AttributionList lead={lead} compact /> : null}
              </Entry>
            );
          }
          case "conversation":
            return (
              <Entry key={`chat-${item.conversation.id}`} at={item.at} label="Chat conversation with Max Load">
                {conversation(item.conversation)}
              </Entry>
            );
          case "mail":
            return (
              <Entry key={`mail-${item.mail.id}`} at={item.at} label="Mail">
                <p>
                  <Link className={linkClass} to={outboxRowHref(item.mail.id)}>
                    “{item.mail.subject}”
                  </Link>{" "}
                  to <span className="break-all">{item.mail.to}</span> ({mailStatus(item.mail.status)})
                </p>
              </Entry>
            );
          case "reply":
            return (
              <Entry key={`reply-${item.reply.id}`} at={item.at} label={`Reply from ${item.reply.author}`}>
                <p>
                  <Link className={linkClass} to={outboxRowHref(item.reply.mail_id)}>
                    “{item.reply.subject}”
                  </Link>{" "}
                  ({mailStatus(item.reply.status)})
                </p>
                <p className="whitespace-pre-wrap">{item.reply.body}</p>
              </Entry>
            );
          case "note": {
            const [kind, id] = item.note.lead.split("/");
            return (
              <Entry key={`note-${item.note.id}`} at={item.at} label={`Note from ${item.note.author}`}>
                <p className="whitespace-pre-wrap">{item.note.body}</p>
                <p className="text-sm">
                  <Link className={linkClass} to={`/team/leads/${kind}/${id}`}>
                    On this lead
                  </Link>
                </p>
              </Entry>
            );
          }
          case "change":
            return (
              <Entry key={`change-${item.change.id}`} at={item.at} label={item.change.kind === "owner" ? "Owner" : item.change.kind === "stage" ? "Stage" : "Follow-up"}>
                <p>{changeSentence(item.change)}</p>
              </Entry>
            );
        }
      })}
    </ol>
  );
}
