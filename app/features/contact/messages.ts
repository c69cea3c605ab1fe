import * as m from "~/paraglide/messages.js";
import type { Locale } from "~/shared/i18n/locale";

/** The contact form's categories and texts (spec §3 and §8). */
export const CONTACT_CATEGORIES = ["question", "suggestion", "feature", "other"] as const;
export type ContactCategory = (typeof CONTACT_CATEGORIES)[number];

/** The categories in English, as the team's mail names them. */
export const CATEGORY_LABELS: Record<ContactCategory, string> = {
  question: "Question",
  suggestion: "Suggestion",
  feature: "Feature request",
  other: "Other",
};

/** A category as the form shows it, in the page's language (the stored value stays `category`). */
export function categoryLabel(category: ContactCategory): string {
  switch (category) {
    case "question":
      return m.forms_contact_category_question();
    case "suggestion":
      return m.forms_contact_category_suggestion();
    case "feature":
      return m.forms_contact_category_feature();
    case "other":
      return m.forms_contact_category_other();
  }
}

/**
 * The contact form's answers (messages/<locale>/forms.json) in `locale`; without it, in the
 * language of the page being rendered (server code not rendering a page must give it).
 */
export const CONTACT_MESSAGES = {
  success: (locale?: Locale) => m.forms_contact_success({}, { locale }),
  failed: (teamEmail: string, locale?: Locale) => m.forms_contact_failed({ email: teamEmail }, { locale }),
  unexpected: (locale?: Locale) => m.forms_contact_unexpected({}, { locale }),
} as const;
