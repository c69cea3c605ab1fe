import { redirect } from "react-router";
import { clearSessionCookie, readCookie, teamServices } from "~/features/team/guard.server";
import { TEAM_SESSION_COOKIE } from "~/features/team/team-contract";
import type { Route } from "./+types/sign-out";

export async function action({ request, context }: Route.ActionArgs) {
  await teamServices(context).access.signOut(readCookie(request, TEAM_SESSION_COOKIE));
  throw redirect("/team/sign-in?ended=1", { headers: { "Set-Cookie": clearSessionCookie(request) } });
}

export function loader() {
  throw redirect("/team");
}
