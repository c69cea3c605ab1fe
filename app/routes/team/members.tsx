import { Form, Link, isRouteErrorResponse, useActionData, useLoaderData, useNavigation } from "react-router";
import { PRODUCT_NAME } from "~/content/brand";
import { requireAdmin, teamServices } from "~/features/team/guard.server";
import { MEMBER_ERRORS, ROLE_LABELS, TEAM_ROLES } from "~/features/team/members-contract";
import { inviteSchema, removeSchema, roleSchema } from "~/features/team/members-schemas";
import { teamErrorCode } from "~/features/team/team-contract";
import { readTeamForm, refuse } from "~/features/team/team-form.server";
import { Notice, TeamPage, buttonClass, inputClass, linkClass, secondaryButtonClass } from "~/features/team/team-ui";
import { useFormatTime } from "~/features/team/when";
import type { Route } from "./+types/members";

export const meta: Route.MetaFunction = () => [{ title: `Members | Team | ${PRODUCT_NAME}` }, { name: "robots", content: "noindex" }];

export async function loader(args: Route.LoaderArgs) {
  const admin = await requireAdmin(args);
  return { admin: admin.email, members: await teamServices(args.context).members.list() };
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
    const released = await members.remove(admin.email, fields.value.email);
    const people = released === 0 ? "" : `, and the ${released === 1 ? "person they owned has" : `${released.toLocaleString("en-US")} people they owned have`} no owner now`;
    return { ok: true as const, message: `${fields.value.email} is removed: their sessions have ended${people}.` };
  } catch (error) {
    const code = teamErrorCode(error, MEMBER_ERRORS);
    if (code) return refuse(MEMBER_ERRORS[code], 409);
    throw error;
  }
}

export default function Members() {
  const formatTime = useFormatTime();
  const { admin, members } = useLoaderData<typeof loader>();
  const answer = useActionData<typeof action>();
  const navigation = useNavigation();
  const busy = navigation.state === "submitting";
  return (
    <TeamPage title="Members">
      <div className="space-y-6">
        {answer ? <Notice tone={answer.ok ? "success" : "error"}>{answer.message}</Notice> : null}
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
                  {ROLE_LABELS[member.role]} · joined {formatTime(member.since)} · {member.invitedBy ? `invited by ${member.invitedBy}` : "from TEAM_MEMBERS"}
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
                <Form method="post" className="ml-auto">
                  <input type="hidden" name="intent" value="remove" />
                  <input type="hidden" name="email" value={member.email} />
                  <button type="submit" className={secondaryButtonClass} disabled={busy}>
                    Remove<span className="sr-only"> {member.email}</span>
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
