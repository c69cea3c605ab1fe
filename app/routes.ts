import { type RouteConfig, index, layout, route } from "@react-router/dev/routes";
import { LEAD_FORM_PATHS, LEAD_FORM_SENT_PATHS, type LeadForm } from "./shared/forms/lead-forms";

/**
 * The public pages, in one language: English at the spec's paths, French under /fr (the same
 * modules; each renders in the language of its URL, app/shared/i18n/locale.ts).
 */
function publicRoutes(prefix: "" | "fr") {
  const at = (path: string) => (prefix ? `${prefix}/${path}` : path);
  // A module used by two routes needs a second id; the English routes keep React Router's default.
  const id = (file: string) => (prefix ? { id: `${prefix}/${file}` } : {});
  const page = (path: string, file: string) => route(at(path), file, id(file));
  /** A lead form's page, at the form's URL: its action answers the form's plain (no-JavaScript) posts. */
  const leadFormRoute = (form: LeadForm) => page(LEAD_FORM_PATHS[form].slice(1), `routes/${form}.tsx`);
  return [
    prefix ? route(prefix, "routes/home.tsx", id("routes/home.tsx")) : index("routes/home.tsx"),
    page("platform", "routes/platform.tsx"),
    page("privacy", "routes/privacy.tsx"),
    page("terms", "routes/terms.tsx"),
    page("cookies", "routes/cookies.tsx"),
    page("accessibility", "routes/accessibility.tsx"),
    page("ai-ml-policy", "routes/ai-ml-policy.tsx"),
    leadFormRoute("newsletter"),
    page(LEAD_FORM_SENT_PATHS.newsletter.slice(1), "routes/newsletter-subscribed.tsx"),
    leadFormRoute("contact"),
    leadFormRoute("request-information"),
    page("unsubscribe", "routes/unsubscribe.tsx"),
  ];
}

export default [
  ...publicRoutes(""),
  ...publicRoutes("fr"),
  // The team workspace: rendered per request, never pre-rendered, behind the guard (app/features/team/guard.server.ts).
  // Every answer under /team passes through its parent route's middleware (no-store, noindex).
  route("team", "routes/team/workspace.ts", [
    route("sign-in", "routes/team/sign-in.tsx"),
    route("sign-in/link", "routes/team/sign-in-link.tsx"),
    route("sign-out", "routes/team/sign-out.tsx"),
    route("export", "routes/team/export.ts"),
    route("insights.csv", "routes/team/insights-csv.ts"),
    layout("routes/team/layout.tsx", [
      index("routes/team/leads.tsx"),
      route("leads/:kind/:id", "routes/team/lead.tsx"),
      route("people", "routes/team/person.tsx"),
      route("replies", "routes/team/replies.tsx"),
      route("mail", "routes/team/mail.tsx"),
      route("mail/:id", "routes/team/mail-message.tsx"),
      route("overview", "routes/team/overview.tsx"),
      route("insights", "routes/team/insights.tsx"),
      route("audit", "routes/team/audit.tsx"),
      route("campaigns", "routes/team/campaigns.tsx"),
      route("members", "routes/team/members.tsx"),
      route("settings", "routes/team/settings.tsx"),
      route("webhooks", "routes/team/webhooks.tsx"),
      // Any other path under /team: the workspace's own 404, in its frame.
      route("*", "routes/team/not-found.tsx"),
    ]),
  ]),
  route("sitemap.xml", "routes/sitemap-xml.ts"),
  route("robots.txt", "routes/robots-txt.ts"),
  route("*", "routes/not-found.tsx"),
] satisfies RouteConfig;
