import { Form, useActionData, useLoaderData, useNavigation } from "react-router";
import { PRODUCT_NAME } from "~/content/brand";
import { PLAN_TYPES } from "~/content/plans";
import { requireMember, teamServices } from "~/features/team/guard.server";
import { ALERT_CHOICES, ALERT_LABELS, timeZoneChoices } from "~/features/team/members-contract";
import { settingsSchema } from "~/features/team/members-schemas";
import { FORM_UNREADABLE } from "~/features/team/team-contract";
import { refuse } from "~/features/team/team-form.server";
import { LEAD_KINDS, LEAD_KIND_LABELS } from "~/features/team/team-lines";
import { Notice, TeamPage, buttonClass, inputClass } from "~/features/team/team-ui";
import { servicesContext } from "~/context.server";
import type { Route } from "./+types/settings";

export const meta: Route.MetaFunction = () => [{ title: `Settings | Team | ${PRODUCT_NAME}` }, { name: "robots", content: "noindex" }];

export async function loader(args: Route.LoaderArgs) {
  const member = await requireMember(args);
  const settings = await teamServices(args.context).members.settings(member);
  return { member, settings, zones: timeZoneChoices(), teamTimeZone: args.context.get(servicesContext).config.teamTimeZone };
}

export async function action(args: Route.ActionArgs) {
  const member = await requireMember(args);
  let form: FormData;
  try {
    form = await args.request.formData();
  } catch {
    return refuse(FORM_UNREADABLE);
  }
  const texts = (name: string) => form.getAll(name).filter((value): value is string => typeof value === "string");
  const parsed = settingsSchema.safeParse({ timeZone: texts("timeZone")[0] ?? "", alerts: texts("alerts")[0] ?? "", kinds: texts("kinds"), plans: texts("plans") });
  if (!parsed.success) return refuse(parsed.error.issues[0]?.message ?? FORM_UNREADABLE);
  const { timeZone, alerts, kinds, plans } = parsed.data;
  // Nothing or everything checked: every kind (or plan), also those added later.
  const only = <T extends string>(chosen: T[], all: readonly T[]) => (chosen.length === 0 || all.every((item) => chosen.includes(item)) ? null : chosen);
  await teamServices(args.context).members.saveSettings(member, { timeZone: timeZone === "" ? null : timeZone, alerts, kinds: only(kinds, LEAD_KINDS), plans: only(plans, PLAN_TYPES) });
  return { ok: true as const, message: "Your settings are saved." };
}

const fieldsetClass = "space-y-2 rounded-lg border border-line p-4";
const legendClass = "px-1 font-semibold text-ink";
const choiceClass = "flex min-h-11 items-center gap-3";

export default function Settings() {
  const { member, settings, zones, teamTimeZone } = useLoaderData<typeof loader>();
  const answer = useActionData<typeof action>();
  const navigation = useNavigation();
  return (
    <TeamPage title="Settings">
      <Form method="post" className="max-w-xl space-y-6">
        {answer ? <Notice tone={answer.ok ? "success" : "error"}>{answer.message}</Notice> : null}
        <p className="break-all text-muted">The settings of {member}.</p>
        <div>
          <label htmlFor="settings-zone" className="block font-semibold">
            Time zone
          </label>
          <p id="settings-zone-hint" className="text-sm text-muted">
            Times in the workspace and in your alerts are shown in it; the daily digest comes at 08:00 there.
          </p>
          <select id="settings-zone" name="timeZone" defaultValue={settings.timeZone ?? ""} aria-describedby="settings-zone-hint" className={inputClass}>
            <option value="">The team's time zone ({teamTimeZone})</option>
            {zones.map((zone) => (
              <option key={zone} value={zone}>
                {zone.replaceAll("_", " ")}
              </option>
            ))}
          </select>
        </div>
        <fieldset className={fieldsetClass}>
          <legend className={legendClass}>New-lead alerts by mail</legend>
          {ALERT_CHOICES.map((choice) => (
            <label key={choice} className={choiceClass}>
              <input type="radio" name="alerts" value={choice} defaultChecked={settings.alerts === choice} className="size-5 shrink-0" />
              {ALERT_LABELS[choice]}
            </label>
          ))}
        </fieldset>
        <fieldset className={fieldsetClass}>
          <legend className={legendClass}>Only these kinds of lead</legend>
          <p className="text-sm text-muted">For alerts at once and the daily digest alike. None checked: every kind.</p>
          {LEAD_KINDS.map((kind) => (
            <label key={kind} className={choiceClass}>
              <input type="checkbox" name="kinds" value={kind} defaultChecked={settings.filter.kinds?.includes(kind) ?? false} className="size-5 shrink-0" />
              {LEAD_KIND_LABELS[kind]}
            </label>
          ))}
        </fieldset>
        <fieldset className={fieldsetClass}>
          <legend className={legendClass}>Only information requests for these plan types</legend>
          <p className="text-sm text-muted">None checked: every plan type. Other kinds of lead have no plan type and are not affected.</p>
          {PLAN_TYPES.map((plan) => (
            <label key={plan} className={choiceClass}>
              <input type="checkbox" name="plans" value={plan} defaultChecked={settings.filter.plans?.includes(plan) ?? false} className="size-5 shrink-0" />
              {plan}
            </label>
          ))}
        </fieldset>
        <button type="submit" className={buttonClass} disabled={navigation.state === "submitting"}>
          Save settings
        </button>
      </Form>
    </TeamPage>
  );
}
