import { Form, Link, redirect, useActionData, useLoaderData } from "react-router";
import { PRODUCT_NAME } from "~/content/brand";
import { safeNext, sessionCookie, teamServices } from "~/features/team/guard.server";
import { LINK_INVALID, SESSION_TTL_HOURS } from "~/features/team/team-contract";
import { readTeamForm } from "~/features/team/team-form.server";
import { Notice, TeamPage, buttonClass, linkClass } from "~/features/team/team-ui";
import type { Route } from "./+types/sign-in-link";

export const meta: Route.MetaFunction = () => [{ title: `Sign in | Team | ${PRODUCT_NAME}` }, { name: "robots", content: "noindex" }];

/** Opening the link only shows a button: mail scanners that fetch links must not use it up. */
export async function loader({ request, context }: Route.LoaderArgs) {
  const url = new URL(request.url);
  const token = url.searchParams.get("token") ?? "";
  const usable = await teamServices(context).access.linkIsUsable(token);
  return { token: usable ? token : "", next: safeNext(url.searchParams.get("next")) };
}

export async function action({ request, context }: Route.ActionArgs) {
  const read = await readTeamForm(request);
  if (!read.ok) return { invalid: true };
  const session = await teamServices(context).access.signIn(read.value.text("token"));
  if (!session) return { invalid: true };
  throw redirect(safeNext(read.value.text("next")), { headers: { "Set-Cookie": sessionCookie(request, session.sessionToken, SESSION_TTL_HOURS * 60 * 60) } });
}

export default function SignInLink() {
  const { token, next } = useLoaderData<typeof loader>();
  const answer = useActionData<typeof action>();
  const invalid = !token || answer?.invalid;
  return (
    <TeamPage title="Team sign-in">
      <div className="max-w-md space-y-4">
        {invalid ? (
          <>
            <Notice tone="error">{LINK_INVALID}</Notice>
            <p>
              <Link className={linkClass} to="/team/sign-in">
                Ask for a new sign-in link
              </Link>
            </p>
          </>
        ) : (
          <Form method="post" className="space-y-4">
            <p>Sign in to the {PRODUCT_NAME} team workspace in this browser.</p>
            <input type="hidden" name="token" value={token} />
            <input type="hidden" name="next" value={next} />
            <button type="submit" className={buttonClass}>
              Sign in
            </button>
          </Form>
        )}
      </div>
    </TeamPage>
  );
}
