/** The Request More Information modal's texts (spec §8); its plan types are content (app/content/platform.ts). */
export const INFO_REQUEST_MESSAGES = {
  success: "Your request has been sent successfully. We will contact you soon!",
  failed: "Failed to submit your request. Please try again.",
} as const;

/** The modal closes this long after a success (spec §9). */
export const INFO_REQUEST_CLOSE_MS = 2_000;
