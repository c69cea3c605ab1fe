import { Form, data, useActionData, useLoaderData, useNavigation } from "react-router";
import { PRODUCT_NAME } from "~/content/brand";
import { requireMember, teamServices } from "~/features/team/guard.server";
import { CANNED_REPLY_KEYS, CANNED_REPLY_MAX, NAME_PLACEHOLDER, cannedReplyLabel } from "~/features/team/person-contract";
import { cannedReplySchema } from "~/features/team/person-schemas";
import { readTeamForm } from "~/features/team/team-form.server";
import { LEAD_LANGUAGE_LABELS } from "~/features/team/team-lines";
import { parseQuery } from "~/features/team/team-schemas";
import { Notice, TeamPage, buttonClass, inputClass } from "~/features/team/team-ui";
import { useFormatTime } from "~/features/team/when";
import { LANGUAGE_TAG } from "~/shared/i18n/locale";
import { z } from "zod";
import type { Route } from "./+types/replies";

export const meta: Route.MetaFunction = () => [{ title: `Canned replies | Team | ${PRODUCT_NAME}` }, { name: "robots", content: "noindex" }];

export async function loader(args: Route.LoaderArgs) {
  await requireMember(args);
  const query = parseQuery(z.object({}), new URL(args.request.url).searchParams);
  if (!query.ok) throw data({ error: query.errors.join(" ") }, { status: 400 });
  return { replies: await teamServices(args.context).replies.list() };
}

export async function action(args: Route.ActionArgs) {
  const member = await requireMember(args);
  const read = await readTeamForm(args.request);
  if (!read.ok) return read.refusal;
  const form = read.value.fields(cannedReplySchema);
  if (!form.ok) return form.refusal;
  const { key, language, body } = form.value;
  const changed = await teamServices(args.context).replies.update(key, language, body, member);
  const named = `${LEAD_LANGUAGE_LABELS[language]} ${cannedReplyLabel(key).toLowerCase()} reply`;
  return { ok: true, message: changed ? `Saved the ${named}.` : `Nothing changed in the ${named}.`, key, language };
}

export default function Replies() {
  const formatTime = useFormatTime();
  const { replies } = useLoaderData<typeof loader>();
  const answer = useActionData<typeof action>();
  const navigation = useNavigation();
  return (
    <TeamPage title="Canned replies">
      <div className="space-y-6">
        <p className="max-w-3xl">
          What a member starts from when replying to a person: a general reply and one per plan type, each in English and in French. A reply starts in the person's language
          (the member may pick the other). <code className="rounded bg-surface px-1">{NAME_PLACEHOLDER}</code> becomes the person's name; when it is unknown, English reads
          “Hello there,” and French leaves it out (“Bonjour,”). Any member may edit them; each change is in the audit log.
        </p>
        {answer && !("key" in answer) ? <Notice tone={answer.ok ? "success" : "error"}>{answer.message}</Notice> : null}
        {CANNED_REPLY_KEYS.map((key) => (
          <section key={key} aria-labelledby={`reply-${key}`} className="space-y-3 rounded-lg border border-line p-4">
            <h2 id={`reply-${key}`} className="text-xl font-bold">
              {cannedReplyLabel(key)}
            </h2>
            <div className="grid gap-6 lg:grid-cols-2">
              {replies
                .filter((reply) => reply.key === key)
                .map((reply) => {
                  const language = LEAD_LANGUAGE_LABELS[reply.language];
                  const name = `${cannedReplyLabel(key).toLowerCase()} reply`;
                  const id = `${key}-${reply.language}`;
                  return (
                    // A column: the text grows to the taller of the two, so both save buttons line up.
                    <div key={reply.language} className="flex min-w-0 flex-col gap-2">
                      <h3 className="text-lg font-bold">
                        {language}
                      </h3>
                      <p className="text-sm text-muted">{reply.updated_by ? `Last edited by ${reply.updated_by}, ${formatTime(reply.updated_at)}` : "As the site wrote it"}</p>
                      {/* Beside the reply saved, not at the top of a long page. */}
                      {answer && "key" in answer && answer.key === key && answer.language === reply.language ? <Notice tone="success">{answer.message}</Notice> : null}
                      <Form method="post" className="flex grow flex-col items-start gap-2" key={reply.updated_at}>
                        <input type="hidden" name="key" value={key} />
                        <input type="hidden" name="language" value={reply.language} />
                        <label htmlFor={`body-${id}`} className="block font-medium">
                          {language} text of the {name}
                        </label>
                        {/* As tall as the reply, so it reads whole (rows where field-sizing is not supported). */}
                        <textarea
                          id={`body-${id}`}
                          name="body"
                          lang={LANGUAGE_TAG[reply.language]}
                          rows={Math.min(30, reply.body.split("\n").length + 4)}
                          required
                          maxLength={CANNED_REPLY_MAX}
                          defaultValue={reply.body}
                          className={`${inputClass} min-h-40 grow field-sizing-content`}
                        />
                        <button type="submit" className={buttonClass} disabled={navigation.state === "submitting"}>
                          Save the {language} {name}
                        </button>
                      </Form>
                    </div>
                  );
                })}
            </div>
          </section>
        ))}
      </div>
    </TeamPage>
  );
}
