/**
 * The lead forms and their one URL each: the form's page (app/routes.ts), where it posts without
 * JavaScript (that route's action) and where its JavaScript client posts JSON (answered by
 * server/leads/http.ts). Plain data, for the browser, the routes and the server alike.
 */
export const LEAD_FORM_PATHS = {
  newsletter: "/newsletter",
  contact: "/contact",
  "request-information": "/request-information",
} as const;

export type LeadForm = keyof typeof LEAD_FORM_PATHS;

/**
 * Where a form's plain (no-JavaScript) post lands once it succeeded: a 303 to a page pre-rendered
 * at build (post/redirect/get), so the answer costs no page render and a reload sends nothing
 * again. A form without one here answers with its own page, rendered with the result.
 */
export const LEAD_FORM_SENT_PATHS = { newsletter: "/newsletter/subscribed" } as const satisfies Partial<Record<LeadForm, string>>;

const sentPaths: Partial<Record<LeadForm, string>> = LEAD_FORM_SENT_PATHS;

/** The page a successful plain post of `form` is sent on to, if it has one. */
export const leadFormSentPath = (form: LeadForm): string | undefined => sentPaths[form];

/** The form whose URL is `path` (trailing slashes ignored), if any. */
export function leadFormAt(path: string): LeadForm | undefined {
  const bare = path.replace(/\/+$/, "");
  return (Object.keys(LEAD_FORM_PATHS) as LeadForm[]).find((form) => LEAD_FORM_PATHS[form] === bare);
}
