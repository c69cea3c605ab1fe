/** The contact form's categories and texts (spec §3 and §8). */
export const CONTACT_CATEGORIES = ["question", "suggestion", "feature", "other"] as const;
export type ContactCategory = (typeof CONTACT_CATEGORIES)[number];

export const CATEGORY_LABELS: Record<ContactCategory, string> = {
  question: "Question",
  suggestion: "Suggestion",
  feature: "Feature request",
  other: "Other",
};

export const CONTACT_MESSAGES = {
  success: "Your message has been sent successfully! We will contact you soon.",
  failed: (teamEmail: string) => `Unable to send message. Please try again or contact us directly at ${teamEmail}`,
  unexpected: "An unexpected error occurred. Please try again or email us directly.",
} as const;
