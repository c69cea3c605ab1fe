import { Form, data, useActionData, useLoaderData, useNavigation } from "react-router";
import { PRODUCT_NAME } from "~/content/brand";
import { requireMember, teamServices } from "~/features/team/guard.server";
import { CANNED_REPLY_MAX, NAME_PLACEHOLDER, cannedReplyLabel } from "~/features/team/person-contract";
import { cannedReplySchema } from "~/features/team/person-schemas";
import { readTeamForm } from "~/features/team/team-form.server";
import { parseQuery } from "~/features/team/team-schemas";
import { Notice, TeamPage, buttonClass, inputClass } from "~/features/team/team-ui";
import { useFormatTime } from "~/features/team/when";
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
  const changed = await teamServices(args.context).replies.update(form.value.key, form.value.body, member);
  return { ok: true, message: changed ? `Saved the ${cannedReplyLabel(form.value.key).toLowerCase()} reply.` : "Nothing changed.", key: form.value.key };
}

export default function Replies() {
  const formatTime = useFormatTime();
  const { replies } = useLoaderData<typeof loader>();
  const answer = useActionData<typeof action>();
  const navigation = useNavigation();
  return (
    <TeamPage title="Canned replies">
      <div className="max-w-3xl space-y-6">
        <p>
          What a member starts from when replying to a person: a general reply and one per plan type. <code className="rounded bg-surface px-1">{NAME_PLACEHOLDER}</code> becomes the
          person's name (or “there” when unknown). Any member may edit them; each change is in the audit log.
        </p>
        {answer && !("key" in answer) ? <Notice tone={answer.ok ? "success" : "error"}>{answer.message}</Notice> : null}
        {replies.map((reply) => (
          <section key={reply.key} aria-labelledby={`reply-${reply.key}`} className="space-y-2 rounded-lg border border-line p-4">
            <h2 id={`reply-${reply.key}`} className="text-xl font-bold">
              {cannedReplyLabel(reply.key)}
            </h2>
            <p className="text-sm text-muted">{reply.updated_by ? `Last edited by ${reply.updated_by}, ${formatTime(reply.updated_at)}` : "As the site wrote it"}</p>
            {/* Beside the reply saved, not at the top of a long page. */}
            {answer && "key" in answer && answer.key === reply.key ? <Notice tone="success">{answer.message}</Notice> : null}
            <Form method="post" className="space-y-2" key={reply.updated_at}>
              <input type="hidden" name="key" value={reply.key} />
              <label htmlFor={`body-${reply.key}`} className="block font-medium">
                Text of the {cannedReplyLabel(reply.key).toLowerCase()} reply
              </label>
              {/* As tall as the reply, so it reads whole (rows where field-sizing is not supported). */}
              <textarea
                id={`body-${reply.key}`}
                name="body"
                rows={Math.min(30, reply.body.split("\n").length + 4)}
                required
                maxLength={CANNED_REPLY_MAX}
                defaultValue={reply.body}
                className={`${inputClass} min-h-40 field-sizing-content`}
              />
              <button type="submit" className={buttonClass} disabled={navigation.state === "submitting"}>
                Save {cannedReplyLabel(reply.key).toLowerCase()} reply
              </button>
            </Form>
          </section>
        ))}
      </div>
    </TeamPage>
  );
}
