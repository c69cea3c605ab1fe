/**
 * The guard of every /team loader and action. Pages without a valid session redirect to the
 * sign-in page; actions answer 401 (no or expired session) or 403 (the address left
 * TEAM_MEMBERS), never data.
 */
import { data, redirect, type RouterContextProvider } from "react-router";
import { clientKeyContext, servicesContext } from "~/context.server";
import { TEAM_SESSION_COOKIE } from "./team-contract";
import type { MemberProfile } from "../../../server/team/access";

interface Args {
  request: Request;
  context: Readonly<RouterContextProvider>;
}

export function readCookie(request: Request, name: string): string | undefined {
  const header = request.headers.get("Cookie");
  if (!header) return undefined;
  for (const part of header.split(";")) {
    const [key, ...value] = part.trim().split("=");
    if (key === name) return value.join("=");
  }
  return undefined;
}

/**
 * The session cookie: HttpOnly, SameSite=Lax, Secure when served over HTTPS. Path=/ because the
 * data request of /team itself is /team.data, which a cookie of Path=/team would not reach.
 */
export function sessionCookie(request: Request, token: string, maxAgeSeconds: number): string {
  const secure = new URL(request.url).protocol === "https:" ? "; Secure" : "";
  return `${TEAM_SESSION_COOKIE}=${token}; Path=/; HttpOnly; SameSite=Lax; Max-Age=${maxAgeSeconds}${secure}`;
}

export const clearSessionCookie = (request: Request) => sessionCookie(request, "", 0);

export const teamServices = (context: Args["context"]) => context.get(servicesContext).team;
export const clientKeyOf = (context: Args["context"]) => context.get(clientKeyContext);

/** The signed-in member's address, or a redirect (pages) / 401 or 403 (actions). */
export async function requireMember({ request, context }: Args): Promise<string> {
  const state = await teamServices(context).access.session(readCookie(request, TEAM_SESSION_COOKIE));
  if (state && "member" in state) return state.member;
  const headers = state ? { "Set-Cookie": clearSessionCookie(request) } : undefined;
  if (request.method === "GET" || request.method === "HEAD") {
    const url = new URL(request.url);
    throw redirect(`/team/sign-in?next=${encodeURIComponent(url.pathname + url.search)}`, { headers });
  }
  throw data(
    { error: state ? "Your access to the team workspace has ended." : "Your session has ended. Please sign in again." },
    { status: state ? 403 : 401, headers },
  );
}

/** The signed-in member who is an admin (members and hand-off settings), else 403 in words. */
export async function requireAdmin(args: Args): Promise<MemberProfile> {
  const profile = await teamServices(args.context).access.profile(await requireMember(args));
  if (profile.role !== "admin") throw data({ error: "Only an admin of the workspace can open this page." }, { status: 403 });
  return profile;
}

/** A same-site path to return to after sign-in: /team or below, nothing else. */
export function safeNext(value: string | null | undefined): string {
  if (!value || !/^\/team(?:[/?]|$)/.test(value) || value.startsWith("//") || value.includes("\\")) return "/team";
  return value;
}
