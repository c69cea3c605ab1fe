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

/** The form whose URL is `path` (trailing slashes ignored), if any. */
export function leadFormAt(path: string): LeadForm | undefined {
  const bare = path.replace(/\/+$/, "");
  return (Object.keys(LEAD_FORM_PATHS) as LeadForm[]).find((form) => LEAD_FORM_PATHS[form] === bare);
}
