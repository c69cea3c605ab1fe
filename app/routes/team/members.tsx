import { useEffect, useRef } from "react";
import { Form, Link, data, isRouteErrorResponse, redirect, useActionData, useLoaderData, useLocation, useNavigation } from "react-router";
import { PRODUCT_NAME } from "~/content/brand";
import { requireAdmin, teamServices } from "~/features/team/guard.server";
import { MEMBER_ERRORS, ROLE_LABELS, TEAM_ROLES } from "~/features/team/members-contract";
import { inviteSchema, parseMembersQuery, removeSchema, roleSchema } from "~/features/team/members-schemas";
import { teamErrorCode } from "~/features/team/team-contract";
import { readTeamForm, refuse } from "~/features/team/team-form.server";
import { Notice, TeamPage, buttonClass, inputClass, linkClass, secondaryButtonClass } from "~/features/team/team-ui";
import { useFormatTime } from "~/features/team/when";
import type { MemberRow } from "../../../server/team/members";
import type { Route } from "./+types/members";

const MEMBERS_PATH = "/team/members";
/** The step that confirms removing a member: a page of its own, so it works without JavaScript. */
const confirmRemovalPath = (email: string) => `${MEMBERS_PATH}?${new URLSearchParams({ remove: email }).toString()}`;

export const meta: Route.MetaFunction = ({ data: page }) => [
  { title: `${page?.removing ? `Remove ${page.removing.email}? | ` : ""}Members | Team | ${PRODUCT_NAME}` },
  { name: "robots", content: "noindex" },
];

/**
 * /team/members (admins): invite, change roles, remove. Removing ends the member's sessions at
 * once, so "Remove" first opens a confirmation step (`?remove=<address>`) that names the member
 * and what removal does; only its own form removes.
 */
export async function loader(args: Route.LoaderArgs) {
  const admin = await requireAdmin(args);
  const members = await teamServices(args.context).members.list();
  const query = parseMembersQuery(new URL(args.request.url).searchParams);
  if (!query.ok) return data({ admin: admin.email, members, removing: undefined, error: query.errors.join(" ") }, { status: 400 });
  const asked = query.value.remove;
  const removing = asked === undefined ? undefined : members.find((member) => member.email === asked);
  if (asked !== undefined && !removing) return data({ admin: admin.email, members, removing: undefined, error: MEMBER_ERRORS["no-such-member"] }, { status: 404 });
  return { admin: admin.email, members, removing, error: undefined };
}

export async function action(args: Route.ActionArgs) {
  const admin = await requireAdmin(args);
  const read = await readTeamForm(args.request, { intents: ["invite", "role", "remove"] });
  if (!read.ok) return read.refusal;
  const form = read.value;
  const members = teamServices(args.context).members;
  try {
    if (form.intent === "invite") {
      const fields = form.fields(inviteSchema);
      if (!fields.ok) return fields.refusal;
      await members.invite(admin.email, fields.value.email, fields.value.role);
      return { ok: true as const, message: `${fields.value.email} is invited as ${ROLE_LABELS[fields.value.role].toLowerCase()}: a sign-in link is on its way to them.` };
    }
    if (form.intent === "role") {
      const fields = form.fields(roleSchema);
      if (!fields.ok) return fields.refusal;
      await members.setRole(admin.email, fields.value.email, fields.value.role);
      return { ok: true as const, message: `${fields.value.email} is now ${fields.value.role === "admin" ? "an admin" : "a member"}.` };
    }
    const fields = form.fields(removeSchema);
    if (!fields.ok) return fields.refusal;
    // Only the confirmation step's form says so: any other removal asked for goes to that step first.
    if (form.text("confirm") !== "yes") return redirect(confirmRemovalPath(fields.value.email), 303);
    const released = await members.remove(admin.email, fields.value.email);
    const people = released === 0 ? "" : `, and the ${released === 1 ? "person they owned has" : `${released.toLocaleString("en-US")} people they owned have`} no owner now`;
    return { ok: true as const, message: `${fields.value.email} is removed: their sessions have ended${people}.` };
  } catch (error) {
    const code = teamErrorCode(error, MEMBER_ERRORS);
    if (code) return refuse(MEMBER_ERRORS[code], 409);
    throw error;
  }
}


/**
 * "Remove anna@example.com?": the member, what removing them ends, Remove and Cancel. Focus moves
 * to its heading when it opens in the page (a full load starts at the top, just above it).
 */
function ConfirmRemoval({ member, you }: { member: MemberRow; you: boolean }) {
  const heading = useRef<HTMLHeadingElement>(null);
  const busy = useNavigation().state === "submitting";
  useEffect(() => heading.current?.focus(), [member.email]);
  return (
    <section aria-labelledby="confirm-removal" className="max-w-xl space-y-4 rounded-lg border-2 border-ink p-4">
      <h2 id="confirm-removal" ref={heading} tabIndex={-1} className="text-xl font-bold wrap-anywhere text-ink focus:outline-none">
        {`Remove ${member.email}?`}
      </h2>
      <p>
        {you ? "Your sessions end now: you are signed out at once." : "Their sessions end now: they are signed out at once, on every device, and can no longer sign in."}
      </p>
      {member.owns > 0 ? (
        <p>
          The {member.owns === 1 ? "person" : `${member.owns.toLocaleString("en-US")} people`} {you ? "you" : "they"} own will have no owner.
        </p>
      ) : null}
      {member.bootstrap ? <p className="text-sm text-muted">Their address is in TEAM_MEMBERS: the next start of the server makes it an admin again.</p> : null}
      <div className="flex flex-wrap items-center gap-3">
        <Form method="post" action={MEMBERS_PATH}>
          <input type="hidden" name="intent" value="remove" />
          <input type="hidden" name="email" value={member.email} />
          <input type="hidden" name="confirm" value="yes" />
          <button type="submit" className={buttonClass} disabled={busy}>
            Remove<span className="sr-only"> {member.email} now</span>
          </button>
        </Form>
        {/* Back on the list, focus returns to this member's Remove button (the state says whose). */}
        <Link to={MEMBERS_PATH} state={{ kept: member.email }} className={secondaryButtonClass}>
          Cancel<span className="sr-only">: keep {member.email}</span>
        </Link>
      </div>
    </section>
  );
}

export default function Members() {
  const formatTime = useFormatTime();
  const { admin, members, removing, error } = useLoaderData<typeof loader>();
  const answer = useActionData<typeof action>();
  const navigation = useNavigation();
  const busy = navigation.state === "submitting";
  const state: unknown = useLocation().state;
  const kept = typeof state === "object" && state !== null && "kept" in state && typeof state.kept === "string" ? state.kept : undefined;
  useEffect(() => {
    if (kept) document.querySelector<HTMLButtonElement>(`button[data-remove="${CSS.escape(kept)}"]`)?.focus();
  }, [kept]);
  // After the step's form was sent, its answer shows on the list (a refusal keeps the loader's data, step and all).
  if (removing && !answer) {
    return (
      <TeamPage title="Members">
        <ConfirmRemoval member={removing} you={removing.email === admin} />
      </TeamPage>
    );
  }
  return (
    <TeamPage title="Members">
      <div className="space-y-6">
        {answer ? <Notice tone={answer.ok ? "success" : "error"}>{answer.message}</Notice> : null}
        {error && !answer ? <Notice tone="error">{error}</Notice> : null}
        <Form method="post" className="max-w-xl space-y-4 rounded-lg border border-line p-4">
          <h2 className="text-xl font-bold text-ink">Invite a member</h2>
          <input type="hidden" name="intent" value="invite" />
          <div>
            <label htmlFor="invite-email" className="block font-medium">
              Email address
            </label>
            <input id="invite-email" name="email" type="email" autoComplete="off" required className={inputClass} />
          </div>
          <div>
            <label htmlFor="invite-role" className="block font-medium">
              Role
            </label>
            <select id="invite-role" name="role" defaultValue="member" className={inputClass}>
              {TEAM_ROLES.map((role) => (
                <option key={role} value={role}>
                  {ROLE_LABELS[role]}
                </option>
              ))}
            </select>
          </div>
          <p className="text-sm text-muted">They get a sign-in link by mail. Admins also manage members; members work the leads.</p>
          <button type="submit" className={buttonClass} disabled={busy}>
            Invite
          </button>
        </Form>
        <h2 className="text-xl font-bold text-ink">
          {members.length} member{members.length === 1 ? "" : "s"}
        </h2>
        <ul className="space-y-3">
          {members.map((member) => (
            <li key={member.email} className="space-y-3 rounded-lg border border-line p-4">
              <div>
                <p className="font-semibold break-all text-ink">
                  {member.email}
                  {member.email === admin ? " (you)" : ""}
                </p>
                <p className="text-sm text-muted">
                  {ROLE_LABELS[member.role]} · joined {formatTime(member.since)} · {member.invitedBy ? `invited by ${member.invitedBy}` : "set up with the site"}
                </p>
                {member.bootstrap ? <p className="text-sm text-muted">In TEAM_MEMBERS: each start of the server makes this address an admin again.</p> : null}
                <p className="mt-1 text-sm">
                  {member.owns === 0 ? (
                    <span className="text-muted">Owns no one in the people list.</span>
                  ) : (
                    <>
                      <Link className={linkClass} to={`/team?owner=${encodeURIComponent(member.email)}`}>
                        Owns {member.owns.toLocaleString("en-US")} {member.owns === 1 ? "person" : "people"}
                      </Link>
                      <span className="text-muted"> — removing them leaves {member.owns === 1 ? "this person" : "these people"} without an owner.</span>
                    </>
                  )}
                </p>
              </div>
              <div className="flex flex-wrap items-end gap-3">
                <Form method="post" className="flex flex-wrap items-end gap-3">
                  <input type="hidden" name="intent" value="role" />
                  <input type="hidden" name="email" value={member.email} />
                  {/* One width for every row's select, whatever the address: the buttons line up. */}
                  <div className="w-40">
                    <label htmlFor={`role-${member.email}`} className="block text-sm font-medium">
                      Role<span className="sr-only"> of {member.email}</span>
                    </label>
                    <select id={`role-${member.email}`} name="role" defaultValue={member.role} className={`${inputClass} min-h-11`}>
                      {TEAM_ROLES.map((role) => (
                        <option key={role} value={role}>
                          {ROLE_LABELS[role]}
                        </option>
                      ))}
                    </select>
                  </div>
                  <button type="submit" className={secondaryButtonClass} disabled={busy}>
                    Change role<span className="sr-only"> of {member.email}</span>
                  </button>
                </Form>
                {/* A GET to the confirmation step: nothing is removed before it is confirmed there. */}
                <Form method="get" action={MEMBERS_PATH} className="ml-auto">
                  <input type="hidden" name="remove" value={member.email} />
                  <button type="submit" className={secondaryButtonClass} disabled={busy} data-remove={member.email}>
                    Remove<span className="sr-only"> {member.email}</span>…
                  </button>
                </Form>
              </div>
            </li>
          ))}
        </ul>
      </div>
    </TeamPage>
  );
}

/** A member who is not an admin (403), in words, with the way back. */
export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  const message =
    isRouteErrorResponse(error) && error.data && typeof error.data === "object" && "error" in error.data
      ? String((error.data as { error: unknown }).error)
      : "The page could not be shown. Please try again in a moment.";
  return (
    <TeamPage title="Members">
      <title>{`Members | Team | ${PRODUCT_NAME}`}</title>
      <meta name="robots" content="noindex" />
      <div className="max-w-xl space-y-4">
        <Notice tone="error">{message}</Notice>
        <p>
          <Link className={linkClass} to="/team">
            Back to the leads
          </Link>
        </p>
      </div>
    </TeamPage>
  );
}
