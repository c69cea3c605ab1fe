/**
 * Where a lead came from, as the browser tells the server with the lead: the first page of the
 * visit in this tab, the other site that sent it, the UTM parameters it arrived with, and the page
 * whose form (or chat) was sent. The landing is kept in the tab's sessionStorage (no cookie,
 * nothing that outlives the tab) by the inline head script on every page, and leaves the browser
 * only with a lead. The server cleans every value (server/analytics/lead-attribution.ts).
 */

/** The UTM parameters kept, each as its own column (server/analytics/page-view.ts counts them too). */
export const UTM_PARAMETERS = ["utm_source", "utm_medium", "utm_campaign", "utm_content", "utm_term"] as const;
export type UtmParameter = (typeof UTM_PARAMETERS)[number];

/** The key in a lead's JSON body (a form's or the chat's) that carries its attribution. */
export const ATTRIBUTION_FIELD = "attribution";

/** The sessionStorage key of this tab's landing record. */
const LANDING_KEY = "landing";

/** What the browser sends; each value raw, for the server to clean. */
export type LeadAttribution = Partial<Record<"landing_path" | "referrer" | UtmParameter | "converted_path", string>>;

/** Longest value sent (the server keeps far less): a pasted essay in a link must not make the lead too large to send. */
const SENT_MAX = 300;

/**
 * Records the visit's landing once per tab: the path, the referring site's origin when it is
 * another site, and the landing URL's UTM parameters (the first of each, as the server reads a
 * query). Storage can be blocked: then nothing is kept. It runs inline on every page, so it stays
 * small: values are bounded when sent.
 */
export function recordLanding(): void {
  try {
    if (sessionStorage.getItem(LANDING_KEY) !== null) return;
    const landing: LeadAttribution = { landing_path: location.pathname };
    const from = document.referrer && new URL(document.referrer).origin;
    if (from && from !== location.origin) landing.referrer = from;
    const query = new URLSearchParams(location.search);
    for (const name of UTM_PARAMETERS) {
      const value = query.get(name);
      if (value) landing[name] = value;
    }
    sessionStorage.setItem(LANDING_KEY, JSON.stringify(landing));
  } catch {
    // Storage unavailable (private mode, disabled) or a referrer that is no URL: nothing kept.
  }
}

/** The attribution sent with a lead from this page: the tab's landing (when kept) and this page's path. */
export function leadAttribution(): LeadAttribution {
  const sent: Record<string, string> = {};
  try {
    const landing: unknown = JSON.parse(sessionStorage.getItem(LANDING_KEY) ?? "null");
    if (typeof landing === "object" && landing !== null) {
      for (const [key, value] of Object.entries(landing)) if (typeof value === "string") sent[key] = value.slice(0, SENT_MAX);
    }
  } catch {
    // Unavailable or unreadable: the landing is unknown.
  }
  return { ...sent, converted_path: location.pathname.slice(0, SENT_MAX) };
}
