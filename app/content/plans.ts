/**
 * The plan groups that lead to a "Request More Information" form (spec §2, §3 planType): the
 * modal, the stand-alone page, the team's lead filter. Apart from platform.ts so that a form
 * takes these four words without the platform's texts.
 */
export const PLAN_TYPES = ["Subscription", "Government", "Training", "Token"] as const;
export type PlanType = (typeof PLAN_TYPES)[number];
