/** Plan groups that lead to the Request More Information modal (spec §2, §3) and its texts (§8). */
export const PLAN_TYPES = ["Subscription", "Government", "Training", "Token"] as const;
export type PlanType = (typeof PLAN_TYPES)[number];

export const INFO_REQUEST_MESSAGES = {
  success: "Your request has been sent successfully. We will contact you soon!",
  failed: "Failed to submit your request. Please try again.",
} as const;

/** The modal closes this long after a success (spec §9). */
export const INFO_REQUEST_CLOSE_MS = 2_000;
