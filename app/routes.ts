import { type RouteConfig, index, route } from "@react-router/dev/routes";

export default [
  index("routes/home.tsx"),
  route("platform", "routes/platform.tsx"),
  route("privacy", "routes/privacy.tsx"),
  route("terms", "routes/terms.tsx"),
  route("cookies", "routes/cookies.tsx"),
  route("accessibility", "routes/accessibility.tsx"),
  route("ai-ml-policy", "routes/ai-ml-policy.tsx"),
  route("newsletter", "routes/newsletter.tsx"),
  route("contact", "routes/contact.tsx"),
  route("request-information", "routes/request-information.tsx"),
  route("sitemap.xml", "routes/sitemap-xml.ts"),
  route("robots.txt", "routes/robots-txt.ts"),
  route("*", "routes/not-found.tsx"),
] satisfies RouteConfig;
