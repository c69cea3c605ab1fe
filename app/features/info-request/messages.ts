import type { PlanType } from "~/content/plans";
import * as m from "~/paraglide/messages.js";
import type { Locale } from "~/shared/i18n/locale";

/**
 * The Request More Information form's answers (spec §8, messages/<locale>/forms.json) in `locale`;
 * without it, in the language of the page being rendered (server code must give it). Its plan
 * types are content (app/content/plans.ts).
 */
export const INFO_REQUEST_MESSAGES = {
  success: (locale?: Locale) => m.forms_info_request_success({}, { locale }),
  failed: (locale?: Locale) => m.forms_info_request_failed({}, { locale }),
} as const;

/** A plan type as shown in the page's language ("Abonnement"); the value sent and stored stays `plan`. */
export function planTypeLabel(plan: PlanType): string {
  switch (plan) {
    case "Subscription":
      return m.forms_plan_subscription();
    case "Government":
      return m.forms_plan_government();
    case "Training":
      return m.forms_plan_training();
    case "Token":
      return m.forms_plan_token();
  }
}

/** A plan group named in a sentence, in the page's language ("Subscription plans"). */
export function planGroupLabel(plan: PlanType): string {
  switch (plan) {
    case "Subscription":
      return m.forms_plans_subscription();
    case "Government":
      return m.forms_plans_government();
    case "Training":
      return m.forms_plans_training();
    case "Token":
      return m.forms_plans_token();
  }
}

/** The modal closes this long after a success (spec §9). */
export const INFO_REQUEST_CLOSE_MS = 2_000;
