import type { Locale } from "~/shared/i18n/locale";

/**
 * Brand configuration: the one place that names the product, its addresses and its channels.
 * The values below are the defaults baked into the pre-rendered pages. An operator overrides the
 * ones marked "env" through the server's environment (TEAM_EMAIL, ADMIN_EMAIL, PUBLIC_SITE_URL).
 */

export interface SocialLink {
  /** What kind of channel it is, in plain words (used in accessible names). */
  kind: "video" | "social network" | "professional network";
  /** The service's name, e.g. YouTube. */
  service: string;
  url: string;
}

export interface PartnerCredit {
  name: string;
  role: string;
}

export interface Brand {
  /** The platform's name. The chat assistant is always "Max Load". */
  productName: string;
  assistantName: string;
  tagline: string;
  /** Public team address (env: TEAM_EMAIL). Receives contact messages, requests and transcripts. */
  teamEmail: string;
  /** Internal address notified of new subscribers (env: ADMIN_EMAIL). Never shown on the site. */
  adminEmail: string;
  social: readonly SocialLink[];
  /** YouTube id of the hero video, played through youtube-nocookie.com. */
  youtubeVideoId: string;
  partnerCredits: readonly PartnerCredit[];
  copyrightHolder: string;
  copyrightYear: number;
}

export const PRODUCT_NAME = "HeavyRoute";
export const ASSISTANT_NAME = "Max Load";
export const TAGLINE = "The professional platform for oversized and heavy transport";
/** The tagline in each language (the footer's). */
export const TAGLINE_IN: Readonly<Record<Locale, string>> = {
  en: TAGLINE,
  fr: "La plateforme professionnelle du transport hors normes et lourd",
};
export const TEAM_EMAIL = "info@heavyroute.example";
export const ADMIN_EMAIL = "admin@heavyroute.example";
export const YOUTUBE_VIDEO_ID = "aqz-KE-bpKQ";
/**
 * Who sends the newsletter and how to reach them, at the foot of every mail to a subscriber
 * (CAN-SPAM wants a postal address; env: MAIL_POSTAL_ADDRESS, set it before sending a campaign).
 */
export const POSTAL_CONTACT = `${PRODUCT_NAME}, ${TEAM_EMAIL}`;

export const SOCIAL_LINKS: readonly SocialLink[] = [
  { kind: "video", service: "YouTube", url: "https://www.youtube.com/@heavyroute" },
  { kind: "social network", service: "Facebook", url: "https://www.facebook.com/heavyroute" },
  { kind: "professional network", service: "LinkedIn", url: "https://www.linkedin.com/company/heavyroute" },
];

export const PARTNER_CREDITS: readonly PartnerCredit[] = [
  { name: "Heavy-haul carriers and pilot-car operators", role: "field testing" },
  { name: "Permit and compliance specialists", role: "regulatory review" },
];

/** The partner credits in each language (the footer's copyright line). */
export const PARTNER_CREDITS_IN: Readonly<Record<Locale, readonly PartnerCredit[]>> = {
  en: PARTNER_CREDITS,
  fr: [
    { name: "Transporteurs de charges lourdes et exploitants de véhicules d'escorte", role: "essais sur le terrain" },
    { name: "Spécialistes des permis et de la conformité", role: "révision réglementaire" },
  ],
};

export const brand: Brand = {
  productName: PRODUCT_NAME,
  assistantName: ASSISTANT_NAME,
  tagline: TAGLINE,
  teamEmail: TEAM_EMAIL,
  adminEmail: ADMIN_EMAIL,
  social: SOCIAL_LINKS,
  youtubeVideoId: YOUTUBE_VIDEO_ID,
  partnerCredits: PARTNER_CREDITS,
  copyrightHolder: PRODUCT_NAME,
  copyrightYear: 2026,
};

/** The AI disclaimer shown in the footer and repeated in the AI/ML policy. */
export const AI_DISCLAIMER = `${ASSISTANT_NAME} is an AI assistant. Its answers, including routes, costs and regulatory information, are estimates and must be verified with the competent authorities and a qualified professional before you rely on them.`;

/** The AI disclaimer in each language: the footer's, and the AI/ML policy's in that language. */
export const AI_DISCLAIMER_IN: Readonly<Record<Locale, string>> = {
  en: AI_DISCLAIMER,
  fr: `${ASSISTANT_NAME} est un assistant d'intelligence artificielle. Ses réponses, y compris les itinéraires, les coûts et les renseignements réglementaires, sont des estimations qui doivent être vérifiées auprès des autorités compétentes et d'un professionnel qualifié avant que vous vous y fiiez.`,
};
