/**
 * The privacy and cookie policies say what the site really does. The cookies: every Set-Cookie
 * name the production server answers with, over every flow that sets one (the public pages, the
 * chat's session, a team member's sign-in and sign-out), against the cookies the built Cookie
 * Policy lists by name, in the pre-rendered file and as served. The privacy policy: each thing
 * counted, how, what is never stored, for how long, a lead's attribution, and the hand-off to the
 * team's CRM.
 */
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { prerenderedPaths } from "../../app/routes-list";
import { loadConfig } from "../../server/config";
import { repoRoot } from "../support/paths";
import { startSite, type Site } from "../support/site-server";
import { startSmtp, type Smtp } from "../support/smtp";

const PUBLIC = "https://www.heavyroute.example";
const MEMBER = "ann@example.com";

/** A page's visible text: tags gone, entities of the texts decoded, spaces folded. */
const textOf = (html: string): string =>
  html
    .replace(/<script[\s\S]*?<\/script>|<style[\s\S]*?<\/style>/g, " ")
    .replace(/<[^>]+>/g, " ")
    .replace(/&quot;/g, '"')
    .replace(/&#x27;|&#39;/g, "'")
    .replace(/&amp;/g, "&")
    .replace(/\s+/g, " ");

/** The names of the cookies a Cookie Policy page lists under "Every cookie, by name": each item's text before its colon. */
function listedCookies(html: string): string[] {
  const section = /<h2 id="every-cookie-by-name"[^>]*>[\s\S]*?(?=<h2 |<\/main>)/.exec(html)?.[0];
  expect(section, "the Cookie Policy has a section listing every cookie by name").toBeDefined();
  return [...section!.matchAll(/<li[^>]*>([^:<]+):/g)].map((match) => match[1]!.trim()).sort();
}

describe("the policies, as built and served", () => {
  let smtp: Smtp;
  let site: Site;
  const setCookies = new Set<string>();
  const builtPage = (path: string) => readFileSync(join(repoRoot, "build", "pages", path.slice(1), "index.html"), "utf8");

  /** A request through which every Set-Cookie name is collected. */
  const request = async (path: string, init: RequestInit = {}) => {
    const response = await fetch(`${site.url}${path}`, { redirect: "manual", ...init, headers: { origin: PUBLIC, ...init.headers } });
    for (const cookie of response.headers.getSetCookie()) setCookies.add(cookie.slice(0, cookie.indexOf("=")));
    return response;
  };
  const postForm = (path: string, fields: Record<string, string>, cookie?: string) =>
    request(path, { method: "POST", headers: { "content-type": "application/x-www-form-urlencoded", ...(cookie ? { cookie } : {}) }, body: new URLSearchParams(fields).toString() });

  beforeAll(async () => {
    smtp = await startSmtp();
    site = await startSite({ env: { SMTP_URL: smtp.url, PUBLIC_SITE_URL: PUBLIC, TEAM_MEMBERS: MEMBER } });
    // A visitor: every public page, and the chat's session as the chat asks for it when it loads.
    for (const path of prerenderedPaths) expect((await request(path)).status, path).toBe(200);
    expect((await request("/api/chat/session?timeZone=UTC")).status).toBe(200);
    // A team member: the sign-in link mailed, the link followed, the workspace, sign-out.
    expect((await postForm("/team/sign-in", { email: MEMBER })).status).toBe(200);
    const [mail] = await smtp.waitFor(1);
    const token = new URL(/https?:\/\/\S+\/team\/sign-in\/link\?token=[\w-]+/.exec(mail!.text)![0]).searchParams.get("token")!;
    const signedIn = await postForm("/team/sign-in/link", { token, next: "/team" });
    expect(signedIn.status).toBe(302);
    const session = signedIn.headers.getSetCookie()[0]!.split(";")[0]!;
    expect((await request("/team", { headers: { cookie: session } })).status).toBe(200);
    expect((await postForm("/team/sign-out", {}, session)).status).toBe(302);
  }, 60_000);

  afterAll(async () => {
    await site?.stop();
    await smtp?.stop();
  });

  it("the Cookie Policy lists, by name, exactly the cookies the site sets: in the built page and as served", async () => {
    const set = [...setCookies].sort();
    expect(set).toEqual(["maxload_session", "team_session"]);
    expect(listedCookies(builtPage("/cookies"))).toEqual(set);
    const served = await (await request("/cookies")).text();
    expect(listedCookies(served)).toEqual(set);
    expect(textOf(served)).toContain("There is no analytics cookie.");
  });

  it("the Privacy Policy says what is counted, how, what is never stored, for how long, and what a lead records", async () => {
    const days = loadConfig({}).analytics.rawRetentionDays;
    for (const html of [builtPage("/privacy"), await (await request("/privacy")).text()]) {
      const text = textOf(html);
      for (const words of [
        // What is counted.
        "counts the views of its public pages",
        "the path of the page",
        "the referrer origin",
        "utm_source, utm_medium, utm_campaign, utm_content, utm_term",
        "a coarse device class (phone, tablet or desktop)",
        // How.
        "on our server, from the requests your browser makes",
        "one-way hash of a random daily salt, the site's address, your network address (for IPv6, your /64 network) and your browser's User-Agent",
        "the old one is deleted when it rotates",
        // Never stored.
        "Never stored: your IP address, your User-Agent",
        "no analytics cookie and no identifier stored in your browser",
        "Sec-GPC: 1",
        // How long.
        `each raw page view is kept ${days} days; after that only daily totals`,
        // A lead's attribution.
        "the page where your visit began (the landing page), the site that sent you to us",
        "the campaign parameters of the link you followed",
        "the page whose form you sent",
        "sessionStorage is not a cookie",
        "leads and where each came from",
        // The hand-off to the team's CRM (docs/webhooks.md), and erasure passed on.
        "passed to it through signed webhooks that the team configures",
        "we pass the erasure on to it",
      ]) {
        expect(text).toContain(words);
      }
    }
  });
});
