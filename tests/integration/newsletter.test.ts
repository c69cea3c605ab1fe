/**
 * The newsletter's sign-up, consent, welcome and unsubscribe, against the production server, a real SMTP server and both databases:
 * the consent record, the welcome mail and its List-Unsubscribe headers (link on the public
 * origin; mail sent by SMTP in production needs PUBLIC_SITE_URL, and a forged Host under the
 * defaults is tests/integration/mail-origin.test.ts), the one-click POST from a client with no cookie and no Origin, the GET page that does
 * not unsubscribe, re-subscribing, and tampered, replayed and unknown tokens.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { NEWSLETTER_MESSAGES, newsletterConsentText } from "../../app/features/newsletter/messages";
import { UNSUBSCRIBE_MESSAGES } from "../../app/features/newsletter/unsubscribe-contract";
import { teamTime } from "../../app/features/team/team-time-lines";
import { NewsletterKeys } from "../../server/newsletter/keys";
import { startPostgres, type Postgres } from "../support/postgres";
import { startSite, type Site } from "../support/site-server";
import { startSmtp, type ReceivedMail, type Smtp } from "../support/smtp";
import { postJson, until } from "./leads-helpers";
import { siteQuery, type Query } from "./newsletter-db";

const SECRET = "newsletter-test-secret-0123456789-abcdef";
const keys = new NewsletterKeys(SECRET);
const PUBLIC = "https://www.heavyroute.test";

let postgres: Postgres;
beforeAll(async () => {
  postgres = await startPostgres();
}, 120_000);
afterAll(async () => {
  await postgres?.stop();
});

/** The visible text of a page (tags and entities out). */
const textOf = (html: string) =>
  html
    .replace(/<script[\s\S]*?<\/script>/g, "")
    .replace(/<[^>]+>/g, " ")
    .replace(/&#x27;|&#39;/g, "'")
    .replace(/&quot;/g, '"')
    .replace(/&amp;/g, "&")
    .replace(/\s+/g, " ");

/** A top-level header of the message as received, unfolded (mailparser turns List-* into objects). */
const header = (mail: ReceivedMail, name: string): string | undefined => {
  const head = mail.raw.split(/\r?\n\r?\n/)[0]!.replace(/\r?\n[ \t]+/g, " ");
  const line = head.split(/\r?\n/).find((l) => l.toLowerCase().startsWith(`${name.toLowerCase()}:`));
  return line?.slice(name.length + 1).trim();
};

/** The token of a List-Unsubscribe header's https link. */
const tokenOf = (mail: ReceivedMail): string => {
  const match = /<([^>]+\/unsubscribe\?token=([^>]+))>/.exec(header(mail, "List-Unsubscribe") ?? "");
  if (!match) throw new Error(`no unsubscribe link in ${header(mail, "List-Unsubscribe")}`);
  return decodeURIComponent(match[2]!);
};

/** A POST as a mail provider sends it (RFC 8058): no cookie, no Origin, no Sec-Fetch-*. */
const oneClick = (site: Site, token: string, headers: Record<string, string> = {}) =>
  fetch(`${site.url}/unsubscribe?token=${encodeURIComponent(token)}`, {
    method: "POST",
    headers: { "content-type": "application/x-www-form-urlencoded", ...headers },
    body: "List-Unsubscribe=One-Click",
    redirect: "manual",
  });

describe.each([
  { kind: "sqlite", publicUrl: PUBLIC },
  { kind: "postgres", publicUrl: PUBLIC },
] as const)("newsletter on $kind (PUBLIC_SITE_URL $publicUrl)", ({ kind, publicUrl }) => {
  let smtp: Smtp;
  let site: Site;
  let query: Query;
  /** The origin the links must use: PUBLIC_SITE_URL. */
  let origin: string;

  beforeAll(async () => {
    smtp = await startSmtp();
    const databaseUrl = kind === "postgres" ? await postgres.createDatabase() : undefined;
    site = await startSite({
      env: {
        SMTP_URL: smtp.url,
        SESSION_SECRET: SECRET,
        ADMIN_EMAIL: "admin@example.com",
        TEAM_TIMEZONE: "America/Toronto",
        MAIL_FROM: "HeavyRoute <news@heavyroute.test>",
        MAIL_POSTAL_ADDRESS: "HeavyRoute Inc., 1 Test Road, Springfield",
        MAIL_UNSUBSCRIBE_MAILTO: "unsubscribe@heavyroute.test",
        ...(databaseUrl ? { DATABASE_URL: databaseUrl } : {}),
        PUBLIC_SITE_URL: publicUrl,
      },
    });
    query = siteQuery(databaseUrl ? { url: databaseUrl } : { dataDir: site.dataDir });
    origin = publicUrl;
  }, 60_000);
  afterAll(async () => {
    await site?.stop();
    await smtp?.stop();
  });

  const mailsTo = (address: string) => smtp.messages.filter((m) => m.to.some((to) => to.toLowerCase() === address.toLowerCase()));
  const subscriber = async (email: string) =>
    (await query<Record<string, string | null>>("select * from subscribers where email_normalized = $1", [email.toLowerCase()]))[0];

  it("records consent and sends one welcome with List-Unsubscribe headers on the public origin", async () => {
    const response = await postJson(`${site.url}/newsletter`, { email: "Ann@Example.com", page: "/" });
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ ok: true, message: NEWSLETTER_MESSAGES.success("en") });
    await until(() => mailsTo("Ann@Example.com").length === 1 && mailsTo("admin@example.com").length === 1, 15_000, "welcome and admin mail").catch((error: unknown) => {
      console.error(smtp.messages.map((m) => m.to), site.logs().slice(-20));
      throw error;
    });

    const row = await subscriber("ann@example.com");
    expect(row).toMatchObject({ status: "active", consent_page: "/", consent_form: "newsletter-block", consent_text: newsletterConsentText("en"), unsubscribed_at: null });
    expect(row, "no origin from the request is kept with the subscriber").not.toHaveProperty("origin");
    expect(row!.consent_at).toMatch(/^\d{4}-\d\d-\d\dT/);
    expect(row!.consent_client).toMatch(/^[0-9a-f]{64}$/);
    expect(row!.consent_client).toBe(keys.clientHash("127.0.0.1"));

    const [welcome] = mailsTo("Ann@Example.com");
    expect(welcome!.subject).toBe("Welcome to the HeavyRoute newsletter");
    expect(header(welcome!, "List-Unsubscribe-Post")).toBe("List-Unsubscribe=One-Click");
    const token = tokenOf(welcome!);
    expect(header(welcome!, "List-Unsubscribe")).toBe(
      `<${origin}/unsubscribe?token=${encodeURIComponent(token)}>, <mailto:unsubscribe@heavyroute.test?subject=${encodeURIComponent(`unsubscribe ${token}`)}>`,
    );
    expect(token).not.toContain(row!.id);
    expect(welcome!.text).toContain("launch news and early-access offers");
    expect(welcome!.text).toContain("Sent by HeavyRoute Inc., 1 Test Road, Springfield.");
    expect(welcome!.text).toContain(`Unsubscribe with one click: ${origin}/unsubscribe?token=`);
    expect(welcome!.html).toContain(`href="${origin}/unsubscribe?token=`);
    expect(welcome!.raw).not.toMatch(/localhost/);

    // The admin notice, stored as a template reference and rendered when sent.
    const [notice] = mailsTo("admin@example.com");
    expect(notice!.subject).toBe("New HeavyRoute newsletter subscriber: Ann@Example.com");
    // Its time in the team's zone (the admin is no member with a zone of their own), as a person reads it.
    const subscribedAt = teamTime(row!.subscribed_at!, "America/Toronto");
    expect(subscribedAt).toMatch(/^\w{3} \d{1,2} \w{3} \d{4}, \d\d:\d\d E[SD]T$/);
    expect(notice!.text).toBe(["A new subscriber joined the HeavyRoute newsletter.", "", "Email: Ann@Example.com", "Language: English", `Subscribed at: ${subscribedAt}`].join("\n"));
    expect(notice!.html).toBe(`A new subscriber joined the HeavyRoute newsletter.<br><br>Email: Ann@Example.com<br>Language: English<br>Subscribed at: ${subscribedAt}`);
    expect(header(notice!, "List-Unsubscribe")).toBeUndefined();

    // The same address again: the spec's answer, no second welcome, no second notice.
    const again = await postJson(`${site.url}/newsletter`, { email: "ANN@example.com" });
    expect(again.status).toBe(409);
    expect(await again.json()).toMatchObject({ ok: false, message: NEWSLETTER_MESSAGES.alreadySubscribed("en") });
  });

  it("the GET page shows one button and unsubscribes nobody; the one-click POST does, with no cookie or Origin", async () => {
    const token = tokenOf(mailsTo("Ann@Example.com")[0]!);
    const page = await fetch(`${site.url}/unsubscribe?token=${encodeURIComponent(token)}`);
    expect(page.status).toBe(200);
    expect(page.headers.get("cache-control")).toBe("no-store");
    const html = await page.text();
    expect(html).toContain('<meta name="robots" content="noindex"');
    expect(textOf(html)).toContain(UNSUBSCRIBE_MESSAGES.confirm("en"));
    expect(html.match(/<button type="submit"/g)).toHaveLength(1);
    expect((await subscriber("ann@example.com"))!.status).toBe("active");

    const response = await oneClick(site, token);
    expect(response.status).toBe(200);
    expect(textOf(await response.text())).toContain(UNSUBSCRIBE_MESSAGES.unsubscribed("en"));
    const row = await subscriber("ann@example.com");
    expect(row!.status).toBe("unsubscribed");
    expect(row!.unsubscribed_at).toMatch(/^\d{4}-\d\d-\d\dT/);

    // Replayed: idempotent, same status, a clear page.
    const replay = await oneClick(site, token);
    expect(replay.status).toBe(200);
    expect(textOf(await replay.text())).toContain(UNSUBSCRIBE_MESSAGES.alreadyUnsubscribed("en"));
    expect((await subscriber("ann@example.com"))!.unsubscribed_at).toBe(row!.unsubscribed_at);
    const after = await fetch(`${site.url}/unsubscribe?token=${encodeURIComponent(token)}`);
    expect(textOf(await after.text())).toContain(UNSUBSCRIBE_MESSAGES.alreadyUnsubscribed("en"));
  });

  it("accepts the one-click POST from a webmail's own origin (exempt from the Origin check, not other forms)", async () => {
    await postJson(`${site.url}/newsletter`, { email: "bob@example.com", page: "/newsletter" });
    await until(() => mailsTo("bob@example.com").length === 1, 15_000, "Bob's welcome");
    const token = tokenOf(mailsTo("bob@example.com")[0]!);
    const response = await oneClick(site, token, { Origin: "https://mail.example.net", "Sec-Fetch-Site": "cross-site" });
    expect(response.status, await response.clone().text()).toBe(200);
    expect((await subscriber("bob@example.com"))!.status).toBe("unsubscribed");
    const crossSite = await postJson(`${site.url}/newsletter`, { email: "eve@example.com" }, { Origin: "https://mail.example.net" });
    expect(crossSite.status).toBe(403);
  });

  it("re-subscribing re-activates with the normal success text and new consent, without a second welcome", async () => {
    const before = await subscriber("ann@example.com");
    const response = await fetch(`${site.url}/newsletter`, {
      method: "POST",
      headers: { "content-type": "application/x-www-form-urlencoded" },
      body: new URLSearchParams({ email: "ann@example.com", page: "/newsletter" }).toString(),
    });
    expect(response.status).toBe(200);
    expect(textOf(await response.text())).toContain(NEWSLETTER_MESSAGES.success("en"));
    const row = await subscriber("ann@example.com");
    expect(row).toMatchObject({ status: "active", unsubscribed_at: null, consent_page: "/newsletter", email: before!.email, unsubscribe_key: before!.unsubscribe_key });
    expect(row!.consent_at! > before!.consent_at!).toBe(true);
    await until(() => mailsTo("admin@example.com").length === 3, 15_000, "the admin notice of the re-subscription");
    expect(mailsTo("ann@example.com")).toHaveLength(1);
  });

  it("accepts the one-click POST on the French unsubscribe page too (a French subscriber's link)", async () => {
    await postJson(`${site.url}/newsletter`, { email: "chloe@example.com", page: "/newsletter" });
    await until(() => mailsTo("chloe@example.com").length === 1, 15_000, "Chloé's welcome");
    const token = tokenOf(mailsTo("chloe@example.com")[0]!);
    const response = await fetch(`${site.url}/fr/unsubscribe?token=${encodeURIComponent(token)}`, {
      method: "POST",
      headers: { "content-type": "application/x-www-form-urlencoded", Origin: "https://mail.example.net", "Sec-Fetch-Site": "cross-site" },
      body: "List-Unsubscribe=One-Click",
      redirect: "manual",
    });
    expect(response.status, await response.clone().text()).toBe(200);
    expect((await subscriber("chloe@example.com"))!.status).toBe("unsubscribed");
  });

  it("tampered, unknown and missing tokens get a clear page, never a 500, and change nothing", async () => {
    const token = tokenOf(mailsTo("Ann@Example.com")[0]!);
    const tampered = token.slice(0, -2) + (token.endsWith("AA") ? "BB" : "AA");
    const forged = `${NewsletterKeys.newUnsubscribeKey()}.${token.split(".")[1]}`;
    const unknown = keys.token(NewsletterKeys.newUnsubscribeKey());
    for (const [bad, status, text] of [
      [tampered, 400, UNSUBSCRIBE_MESSAGES.invalid("en")],
      [forged, 400, UNSUBSCRIBE_MESSAGES.invalid("en")],
      ["%%%not-a-token", 400, UNSUBSCRIBE_MESSAGES.invalid("en")],
      ["x".repeat(5_000), 400, UNSUBSCRIBE_MESSAGES.invalid("en")],
      [unknown, 404, UNSUBSCRIBE_MESSAGES.unknown("en")],
    ] as const) {
      const get = await fetch(`${site.url}/unsubscribe?token=${encodeURIComponent(bad)}`);
      expect(get.status, bad).toBe(status);
      expect(textOf(await get.text())).toContain(text);
      const post = await oneClick(site, bad);
      expect(post.status, bad).toBe(status);
      expect(textOf(await post.text())).toContain(text);
    }
    const missing = await fetch(`${site.url}/unsubscribe`);
    expect(missing.status).toBe(400);
    expect(textOf(await missing.text())).toContain(UNSUBSCRIBE_MESSAGES.missing("en"));
    expect((await subscriber("ann@example.com"))!.status).toBe("active");
    const sitemap = await (await fetch(`${site.url}/sitemap.xml`)).text();
    expect(sitemap).not.toContain("unsubscribe");
  });
});
