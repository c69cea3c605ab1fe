import { Form, data, redirect, useActionData, useNavigation, useSearchParams } from "react-router";
import { PRODUCT_NAME } from "~/content/brand";
import { clientKeyOf, readCookie, safeNext, teamServices } from "~/features/team/guard.server";
import { SIGN_IN_LIMITED, SIGN_IN_SENT, TEAM_SESSION_COOKIE } from "~/features/team/team-contract";
import { readTeamForm } from "~/features/team/team-form.server";
import { signInSchema } from "~/features/team/team-schemas";
import { Notice, TeamPage, buttonClass, inputClass } from "~/features/team/team-ui";
import type { Route } from "./+types/sign-in";

export const meta: Route.MetaFunction = () => [{ title: `Sign in | Team | ${PRODUCT_NAME}` }, { name: "robots", content: "noindex" }];

export async function loader({ request, context }: Route.LoaderArgs) {
  const state = await teamServices(context).access.session(readCookie(request, TEAM_SESSION_COOKIE));
  if (state && "member" in state) throw redirect(safeNext(new URL(request.url).searchParams.get("next")));
  return null;
}

export async function action({ request, context }: Route.ActionArgs) {
  const read = await readTeamForm(request);
  if (!read.ok) return read.refusal;
  const parsed = read.value.fields(signInSchema);
  if (!parsed.ok) return parsed.refusal;
  const outcome = await teamServices(context).access.requestLink(parsed.value.email, clientKeyOf(context));
  if (outcome === "limited") return data({ ok: false as const, message: SIGN_IN_LIMITED }, { status: 429 });
  return data({ ok: true as const, message: SIGN_IN_SENT });
}

export default function SignIn() {
  const answer = useActionData<typeof action>();
  const navigation = useNavigation();
  const [params] = useSearchParams();
  const ended = params.get("ended") === "1";
  return (
    <TeamPage title="Team sign-in">
      <div className="max-w-md space-y-4">
        <p className="text-muted">Members of the {PRODUCT_NAME} team sign in with a link sent to their work address.</p>
        {ended ? <Notice tone="success">You are signed out.</Notice> : null}
        {answer ? <Notice tone={answer.ok ? "success" : "error"}>{answer.message}</Notice> : null}
        <Form method="post" className="space-y-4" noValidate>
          <div>
            <label htmlFor="team-email" className="block font-medium">
              Work email
            </label>
            <input id="team-email" name="email" type="email" autoComplete="email" required className={inputClass} />
          </div>
          <button type="submit" className={buttonClass} disabled={navigation.state === "submitting"}>
            {navigation.state === "submitting" ? "Sending…" : "Email me a sign-in link"}
          </button>
        </Form>
      </div>
    </TeamPage>
  );
}
