import { Form, Link, data, useActionData, useLoaderData, useNavigation } from "react-router";
import { ASSISTANT_NAME, PRODUCT_NAME } from "~/content/brand";
import { MessageBubble } from "~/features/chat/chat-frame";
import { Markdown } from "~/features/chat/markdown";
import { requireMember, teamServices } from "~/features/team/guard.server";
import {
  CANNED_REPLY_KEYS,
  LOST_REASON_MAX,
  PERSON_ERRORS,
  PERSON_STAGES,
  PERSON_STAGE_LABELS,
  REPLY_BODY_MAX,
  REPLY_SUBJECT_MAX,
  cannedReplyLabel,
} from "~/features/team/person-contract";
import { LEAD_LANGUAGES, LEAD_LANGUAGE_LABELS } from "~/features/team/team-lines";
import { LANGUAGE_TAG } from "~/shared/i18n/locale";
import { parsePersonPageQuery, personWorkSchema, replySchema } from "~/features/team/person-schemas";
import { PersonTimeline } from "~/features/team/person-timeline";
import { CATEGORY_LABELS, CONTACT_CATEGORIES, type ContactCategory } from "~/features/contact/messages";
import { teamErrorCode, UNKNOWN_ACTION } from "~/features/team/team-contract";
import { readTeamForm, refuse } from "~/features/team/team-form.server";
import { Notice, TeamPage, buttonClass, inputClass, linkClass, secondaryButtonClass } from "~/features/team/team-ui";
import type { Route } from "./+types/person";

export const meta: Route.MetaFunction = () => [{ title: `Person | Team | ${PRODUCT_NAME}` }, { name: "robots", content: "noindex" }];

/** Today in a time zone, as YYYY-MM-DD. */
const todayIn = (timeZone: string) => new Intl.DateTimeFormat("en-CA", { timeZone, year: "numeric", month: "2-digit", day: "2-digit" }).format(new Date());

export async function loader(args: Route.LoaderArgs) {
  const member = await requireMember(args);
  const query = parsePersonPageQuery(new URL(args.request.url).searchParams);
  if (!query.ok) return data({ error: query.errors.join(" "), person: undefined, draft: undefined, members: [], today: "" }, { status: 400 });
  const team = teamServices(args.context);
  const [person, profile, members] = await Promise.all([team.people.find(query.value.email), team.access.profile(member), team.work.members()]);
  const draft = await team.people.replyDraft(person, { reply: query.value.reply, language: query.value.language });
  return { error: undefined, person, draft, members, today: todayIn(profile.timeZone) };
}

export async function action(args: Route.ActionArgs) {
  const member = await requireMember(args);
  const read = await readTeamForm(args.request);
  if (!read.ok) return read.refusal;
  const query = parsePersonPageQuery(new URL(args.request.url).searchParams);
  if (!query.ok) return refuse(query.errors.join(" "));
  const email = query.value.email;
  const team = teamServices(args.context);
  const { intent } = read.value;
  // A refusal of the work or reply form is shown in that form's section.
  const inSection = (section: "work" | "reply", refusal: { data: { message: string } }) => data({ ok: false, message: refusal.data.message, section }, { status: 400 });
  try {
    if (intent === "work") {
      const form = read.value.fields(personWorkSchema);
      if (!form.ok) return inSection("work", form.refusal);
      const { owner, stage, reason, follow_up } = form.value;
      await team.work.change(email, { owner: owner || null, stage, lostReason: reason || null, followUpOn: follow_up || null }, member);
      return { ok: true, message: "Saved.", section: "work" };
    }
    if (intent === "reply") {
      const form = read.value.fields(replySchema);
      if (!form.ok) return inSection("reply", form.refusal);
      await team.work.reply(email, form.value, member);
      return { ok: true, message: `Reply queued to ${email}. Answers come to ${member}.`, section: "reply" };
    }
  } catch (error) {
    const code = teamErrorCode(error, PERSON_ERRORS);
    if (code) return inSection(intent === "reply" ? "reply" : "work", refuse(PERSON_ERRORS[code]));
    throw error;
  }
  // Erasure: the form has no intent (as before) or says so.
  if (intent !== "" && intent !== "erase") return refuse(UNKNOWN_ACTION);
  const typed = read.value.text("confirm").trim().toLowerCase();
  if (typed !== email.toLowerCase()) {
    return data({ ok: false, message: "Type the address exactly to confirm the erasure. Nothing was erased." }, { status: 400 });
  }
  const counts = await team.people.erase(email, member);
  const total = Object.values(counts).reduce((sum, n) => sum + n, 0);
  return { ok: true, message: `Erased ${total} record${total === 1 ? "" : "s"} about ${email}.` };
}

const field = (label: string, value: string | null | undefined) =>
  value ? (
    <div>
      <dt className="text-sm text-muted">{label}</dt>
      <dd className="font-medium break-words">{value}</dd>
    </div>
  ) : null;

export default function Person() {
  const { error, person, draft, members, today } = useLoaderData<typeof loader>();
  const answer = useActionData<typeof action>();
  const navigation = useNavigation();
  const section = answer && "section" in answer ? answer.section : undefined;
  const noticeIn = (where: "work" | "reply") => (answer && section === where ? <Notice tone={answer.ok ? "success" : "error"}>{answer.message}</Notice> : null);
  const busy = navigation.state === "submitting";
  const known = person ? person.leads.length > 0 : false;
  const replies = person ? person.timeline.filter((item) => item.type === "reply").length : 0;
  const followUp = person?.work.followUpOn;
  const due = followUp ? (followUp < today ? " (overdue)" : followUp === today ? " (due today)" : "") : "";
  return (
    <TeamPage title={person ? (person.card.name ?? person.email) : "Person"}>
      <div className="space-y-6">
        {answer && !section ? <Notice tone={answer.ok ? "success" : "error"}>{answer.message}</Notice> : null}
        <Form method="get" className="flex max-w-xl flex-wrap items-end gap-2">
          <div className="grow">
            <label htmlFor="person-email" className="block font-medium">
              Email address
            </label>
            <input id="person-email" name="email" type="email" defaultValue={person?.email} className={inputClass} />
          </div>
          <button type="submit" className={secondaryButtonClass}>
            Look up
          </button>
        </Form>
        {error ? <Notice tone="error">{error}</Notice> : null}
        {person && !known ? <p className="text-muted">The site holds no record for this address.</p> : null}
        {person && draft && known ? (
          <div className="grid min-w-0 gap-6 lg:grid-cols-[22rem_minmax(0,1fr)]">
            <div className="min-w-0 space-y-6">
              <section aria-labelledby="person-card" className="space-y-3 rounded-lg border border-line p-4">
                <h2 id="person-card" className="text-xl font-bold">
                  Contact
                </h2>
                <dl className="space-y-2">
                  <div>
                    <dt className="text-sm text-muted">Email</dt>
                    <dd className="font-medium break-all">
                      <a className={linkClass} href={`mailto:${person.email}`}>
                        {person.email}
                      </a>
                    </dd>
                  </div>
                  {field("Name", person.card.name)}
                  {field("Company", person.card.company)}
                  {field("Phone", person.card.phone)}
                  {field("Source (first lead)", person.card.source)}
                  {field("Campaign", person.card.campaign)}
                  {field(
                    "Language",
                    `${LEAD_LANGUAGE_LABELS[person.card.language]}${person.card.otherLanguages.length > 0 ? ` (earlier leads also in ${person.card.otherLanguages.map((other) => LEAD_LANGUAGE_LABELS[other]).join(" and ")})` : ""}`,
                  )}
                  {field("Owner", person.work.owner ?? "Nobody")}
                  {field("Stage", PERSON_STAGE_LABELS[person.work.stage] + (person.work.stage === "lost" && person.work.lostReason ? `: ${person.work.lostReason}` : ""))}
                  {field("Follow-up", followUp ? `${followUp}${due}` : "None")}
                </dl>
              </section>

              <section aria-labelledby="person-work" className="space-y-3 rounded-lg border border-line p-4">
                <h2 id="person-work" className="text-xl font-bold">
                  Work this person
                </h2>
                {noticeIn("work")}
                <Form method="post" className="space-y-3" key={`${person.work.owner}-${person.work.stage}-${person.work.followUpOn}`}>
                  <input type="hidden" name="intent" value="work" />
                  <div>
                    <label htmlFor="work-owner" className="block font-medium">
                      Owner
                    </label>
                    <select id="work-owner" name="owner" defaultValue={person.work.owner ?? ""} className={inputClass}>
                      <option value="">Nobody</option>
                      {members.map((address) => (
                        <option key={address} value={address}>
                          {address}
                        </option>
                      ))}
                    </select>
                  </div>
                  <div>
                    <label htmlFor="work-stage" className="block font-medium">
                      Stage
                    </label>
                    <select id="work-stage" name="stage" defaultValue={person.work.stage} className={inputClass}>
                      {PERSON_STAGES.map((stage) => (
                        <option key={stage} value={stage}>
                          {PERSON_STAGE_LABELS[stage]}
                        </option>
                      ))}
                    </select>
                  </div>
                  <div>
                    <label htmlFor="work-reason" className="block font-medium">
                      Reason, when Lost
                    </label>
                    <input id="work-reason" name="reason" type="text" maxLength={LOST_REASON_MAX} defaultValue={person.work.lostReason ?? ""} className={inputClass} />
                  </div>
                  <div>
                    <label htmlFor="work-follow-up" className="block font-medium">
                      Follow-up date
                    </label>
                    <input id="work-follow-up" name="follow_up" type="date" defaultValue={person.work.followUpOn ?? ""} className={inputClass} />
                  </div>
                  <button type="submit" className={buttonClass} disabled={busy}>
                    Save
                  </button>
                </Form>
              </section>
            </div>

            <div className="min-w-0 space-y-6">
              <section aria-labelledby="person-reply" className="space-y-3 rounded-lg border border-line p-4">
                <h2 id="person-reply" className="text-xl font-bold">
                  Reply to {person.card.name ?? person.email}
                </h2>
                {noticeIn("reply")}
                <Form method="get" className="flex flex-wrap items-end gap-2" key={`${draft.start}-${draft.language}`}>
                  <input type="hidden" name="email" value={person.email} />
                  <div className="min-w-40 grow">
                    <label htmlFor="reply-start" className="block font-medium">
                      Start from a canned reply
                    </label>
                    <select id="reply-start" name="reply" defaultValue={draft.start} className={inputClass}>
                      {CANNED_REPLY_KEYS.map((key) => (
                        <option key={key} value={key}>
                          {cannedReplyLabel(key)}
                        </option>
                      ))}
                    </select>
                  </div>
                  <div className="min-w-40 grow">
                    <label htmlFor="reply-language" className="block font-medium">
                      Language
                    </label>
                    <select id="reply-language" name="language" defaultValue={draft.language} className={inputClass}>
                      {LEAD_LANGUAGES.map((language) => (
                        <option key={language} value={language}>
                          {LEAD_LANGUAGE_LABELS[language]}
                          {language === person.card.language ? " (theirs)" : ""}
                        </option>
                      ))}
                    </select>
                  </div>
                  <button type="submit" className={secondaryButtonClass}>
                    Use this reply
                  </button>
                </Form>
                <p className="text-sm text-muted">
                  Sent from the site's address; their answer comes to you. The mail's own words (its footer) are in the language of the reply. Edit the canned replies on{" "}
                  <Link className={linkClass} to="/team/replies">
                    Canned replies
                  </Link>
                  .
                </p>
                <Form method="post" className="space-y-3" key={`${replies}-${draft.start}-${draft.language}`}>
                  <input type="hidden" name="intent" value="reply" />
                  <input type="hidden" name="language" value={draft.language} />
                  <div>
                    <label htmlFor="reply-subject" className="block font-medium">
                      Subject
                    </label>
                    <input id="reply-subject" name="subject" type="text" required maxLength={REPLY_SUBJECT_MAX} defaultValue={draft.subject} lang={LANGUAGE_TAG[draft.language]} className={inputClass} />
                  </div>
                  <div>
                    <label htmlFor="reply-body" className="block font-medium">
                      Message
                    </label>
                    <textarea id="reply-body" name="body" rows={12} required maxLength={REPLY_BODY_MAX} defaultValue={draft.body} lang={LANGUAGE_TAG[draft.language]} className={inputClass} />
                  </div>
                  <button type="submit" className={buttonClass} disabled={busy}>
                    Send reply
                  </button>
                </Form>
              </section>

              <section aria-labelledby="person-timeline" className="space-y-3">
                <h2 id="person-timeline" className="text-xl font-bold">
                  Timeline
                </h2>
                <PersonTimeline
                  items={person.timeline}
                  categoryLabel={(category) => (isContactCategory(category) ? CATEGORY_LABELS[category] : category)}
                  conversation={(conversation) => (
                    <div className="space-y-3 rounded-lg bg-surface p-3">
                      {conversation.messages.map((message, i) => (
                        <MessageBubble key={i} role={message.role} author={conversation.name ?? "Visitor"}>
                          {message.role === "assistant" ? <Markdown text={message.content} /> : <p className="whitespace-pre-wrap">{message.content}</p>}
                        </MessageBubble>
                      ))}
                      <p className="sr-only">End of the conversation with {ASSISTANT_NAME}.</p>
                    </div>
                  )}
                />
              </section>
            </div>
          </div>
        ) : null}
        {person ? (
          <section aria-labelledby="person-erase" className="max-w-xl space-y-2 rounded-lg border border-brand p-4">
            <h2 id="person-erase" className="text-xl font-bold">
              Erase this person
            </h2>
            <p>Deletes every record and mail about {person.email}, the team's notes on them, their stage, owner, follow-up and replies. This cannot be undone.</p>
            <Form method="post" className="space-y-2">
              <input type="hidden" name="intent" value="erase" />
              <label htmlFor="erase-confirm" className="block font-medium">
                Type the address to confirm
              </label>
              <input id="erase-confirm" name="confirm" type="text" autoComplete="off" className={inputClass} />
              <button type="submit" className={buttonClass} disabled={busy}>
                Erase this person
              </button>
            </Form>
          </section>
        ) : null}
      </div>
    </TeamPage>
  );
}

const isContactCategory = (category: string): category is ContactCategory => (CONTACT_CATEGORIES as readonly string[]).includes(category);
