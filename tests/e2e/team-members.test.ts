/**
 * Members and settings in a real browser (SQLite, mail written as .eml files): the admin of
 * TEAM_MEMBERS invites a member, who signs in with the link from their invitation; the member
 * cannot open /team/members (403, in words); the admin sets their time zone and alerts; the
 * workspace never loses its last admin; the admin removes the member (after a confirmation step
 * that names them, with or without JavaScript), whose next request is signed out and whose people
 * are left without an owner. /team/members and /team/settings pass axe in both contrast modes, and fit a phone.
 */
import { existsSync, readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { checkA11y, newPage } from "../support/browser";
import { useSiteAndBrowser } from "../support/e2e";

const ADMIN = "ann@example.com";
const MEMBER = "mo@example.com";
const ctx = useSiteAndBrowser({ env: { TEAM_MEMBERS: ADMIN, RATE_LIMIT_POST_PER_MINUTE: "1000" } });

/** The newest .eml to `to` holding `text`, once the outbox has written it, unfolded from quoted-printable. */
async function mailTo(to: string, text: string): Promise<string> {
  const dir = join(ctx.site.dataDir, "mail");
  for (let i = 0; i < 300; i++) {
    const files = existsSync(dir) ? readdirSync(dir).filter((name) => name.endsWith(".eml")).sort().reverse() : [];
    for (const name of files) {
      const mail = readFileSync(join(dir, name), "utf8").replace(/=\r?\n/g, "").replace(/=3D/g, "=");
      if (new RegExp(`^To: ${to}`, "m").test(mail) && mail.includes(text) && !seen.has(name)) {
        seen.add(name);
        return mail;
      }
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`no mail to ${to} with ${JSON.stringify(text)} in ${dir}`);
}
const seen = new Set<string>();
const linkIn = (mail: string) => /https?:\/\/\S+\/team\/sign-in\/link\?token=[\w-]+/.exec(mail)![0];

/** Waits for the page's notice (a status, or an alert for an error) saying exactly `text`. */
const says = (page: Page, role: "status" | "alert", text: string) => expect.poll(() => page.getByRole(role).filter({ hasText: new RegExp(`^${text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")}$`) }).count()).toBe(1);

/** The step that confirms removing `email` (a page of its own: ?remove=…), once it shows. */
function confirmRemoval(page: Page, email: string) {
  return page.getByRole("region", { name: `Remove ${email}?` });
}

async function signInWith(page: Page, link: string): Promise<void> {
  await page.goto(link);
  await page.getByRole("button", { name: "Sign in", exact: true }).click();
  await page.waitForURL((url) => url.pathname === "/team");
}

/**
 * Signs `email` in through the mailed link; returns the origin the link is on (the mail origin, the
 * listening address: the browser stays on it, with its cookie).
 */
async function signInAs(page: Page, email: string): Promise<string> {
  await page.goto(`${ctx.url}/team/sign-in`);
  await page.getByLabel("Work email").fill(email);
  await page.getByRole("button", { name: "Email me a sign-in link" }).click();
  const link = linkIn(await mailTo(email, "/team/sign-in/link"));
  await signInWith(page, link);
  return new URL(link).origin;
}

describe("members and settings", () => {
  it("invites, refuses a member the admin page, keeps an admin, and ends a removed member's session", async () => {
    // The refusals below answer 409, which the browser logs.
    const { page: admin } = await newPage(ctx.browser, { ignore: [/status of 409/] });
    const origin = await signInAs(admin, ADMIN);

    await admin.goto(`${origin}/team/members`);
    await admin.getByLabel("Email address").fill(MEMBER);
    await admin.getByLabel("Role", { exact: true }).selectOption("member");
    await admin.getByRole("button", { name: "Invite" }).click();
    await says(admin, "status", `${MEMBER} is invited as member: a sign-in link is on its way to them.`);
    const invitation = await mailTo(MEMBER, "added you to the");
    expect(invitation).toContain(`${ADMIN} added you to the HeavyRoute team workspace.`);

    const { page: member } = await newPage(ctx.browser, { ignore: [/status of 403/] });
    await signInWith(member, linkIn(invitation));
    const refused = await member.goto(`${origin}/team/members`);
    expect(refused!.status()).toBe(403);
    await says(member, "alert", "Only an admin of the workspace can open this page.");

    await admin.goto(`${origin}/team/settings`);
    await admin.getByLabel("Time zone").selectOption("Europe/Paris");
    await admin.getByLabel("Daily digest: one mail at 08:00 with the day's leads").check();
    await admin.getByLabel("Information request").check();
    await admin.getByRole("button", { name: "Save settings" }).click();
    await says(admin, "status", "Your settings are saved.");
    await admin.reload();
    expect(await admin.getByLabel("Time zone").inputValue()).toBe("Europe/Paris");
    expect(await admin.getByLabel("Information request").isChecked()).toBe(true);

    // The only admin can neither step down nor leave.
    await admin.goto(`${origin}/team/members`);
    await admin.getByLabel(`Role of ${ADMIN}`).selectOption("member");
    await admin.getByRole("button", { name: `Change role of ${ADMIN}` }).click();
    await says(admin, "alert", "The workspace needs at least one admin: make another member an admin first.");
    await admin.getByRole("button", { name: `Remove ${ADMIN}` }).click();
    await confirmRemoval(admin, ADMIN).getByRole("button", { name: /^Remove/ }).click();
    await says(admin, "alert", "The workspace needs at least one admin: make another member an admin first.");

    // The member owns a person (a contact form's lead, given to them on the person page).
    const contact = await fetch(`${ctx.url}/contact`, { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify({ name: "Pia Permit", email: "pia@example.com", category: "question", message: "Escorts?" }) });
    expect(contact.status).toBe(200);
    const personPage = `${origin}/team/people?email=${encodeURIComponent("pia@example.com")}`;
    await admin.goto(personPage);
    await admin.getByLabel("Owner", { exact: true }).selectOption(MEMBER);
    await admin.getByRole("button", { name: "Save", exact: true }).click();
    await says(admin, "status", "Saved.");

    await admin.goto(`${origin}/team/members`);
    // Before removing them, the admin sees whom the member owns, linked to that list.
    const owns = admin.getByRole("link", { name: "Owns 1 person" });
    expect(await owns.getAttribute("href")).toBe(`/team?owner=${encodeURIComponent(MEMBER)}`);
    // Removal asks first, naming the member and what it ends; the keyboard reaches Cancel, which keeps them.
    await admin.getByRole("button", { name: `Remove ${MEMBER}` }).click();
    const step = confirmRemoval(admin, MEMBER);
    await step.waitFor();
    expect(await step.getByText("Their sessions end now: they are signed out at once, on every device, and can no longer sign in.").count()).toBe(1);
    expect(await step.getByText("The person they own will have no owner.").count()).toBe(1);
    await expect.poll(() => admin.evaluate(() => document.activeElement?.id)).toBe("confirm-removal");
    await admin.keyboard.press("Tab");
    expect(await admin.evaluate(() => document.activeElement?.textContent)).toBe(`Remove ${MEMBER} now`);
    await admin.keyboard.press("Tab");
    await admin.keyboard.press("Enter");
    await admin.waitForURL((url) => url.pathname === "/team/members" && url.search === "");
    // Back on the list, the keyboard is where it left: on that member's Remove button.
    await expect.poll(() => admin.evaluate(() => document.activeElement?.getAttribute("data-remove"))).toBe(MEMBER);
    await member.goto(`${origin}/team`);
    expect(new URL(member.url()).pathname).toBe("/team");
    await admin.getByRole("button", { name: `Remove ${MEMBER}` }).click();
    await confirmRemoval(admin, MEMBER).getByRole("button", { name: /^Remove/ }).click();
    await says(admin, "status", `${MEMBER} is removed: their sessions have ended, and the person they owned has no owner now.`);
    await expect.poll(() => admin.getByText(MEMBER, { exact: true }).count()).toBe(0);
    await member.goto(`${origin}/team`);
    expect(new URL(member.url()).pathname).toBe("/team/sign-in");

    // Pia has no owner; her timeline says why; the audit log says how many people were released.
    await admin.goto(personPage);
    expect(await admin.getByLabel("Owner", { exact: true }).inputValue()).toBe("");
    expect(await admin.getByText(`${ADMIN} removed ${MEMBER} from the team, so this person has no owner now.`).count()).toBe(1);
    await admin.goto(`${origin}/team`);
    expect(await admin.getByRole("article", { name: "Pia Permit" }).getByText("Unowned").count()).toBe(1);
    await admin.goto(`${origin}/team/audit`);
    expect(await admin.getByText(`${ADMIN} removed ${MEMBER} from the team and left the 1 person they owned without an owner.`).count()).toBe(1);
  });

  it("without JavaScript, Remove leads to the same confirmation step, and only its Remove removes", async () => {
    const { page } = await newPage(ctx.browser, { javaScriptEnabled: false });
    const origin = await signInAs(page, ADMIN);
    await page.goto(`${origin}/team/members`);
    await page.getByLabel("Email address").fill("nora@example.com");
    await page.getByRole("button", { name: "Invite" }).click();
    await says(page, "status", "nora@example.com is invited as member: a sign-in link is on its way to them.");
    await page.getByRole("button", { name: "Remove nora@example.com" }).click();
    expect(new URL(page.url()).search).toBe(`?remove=${encodeURIComponent("nora@example.com")}`);
    expect(await page.title()).toBe("Remove nora@example.com? | Members | Team | HeavyRoute");
    // A plain link without JavaScript: counting before its page has arrived would read the step's.
    await Promise.all([page.waitForURL((url) => url.pathname === "/team/members" && !url.searchParams.has("remove")), confirmRemoval(page, "nora@example.com").getByRole("link", { name: /^Cancel/ }).click()]);
    expect(await page.getByRole("button", { name: "Remove nora@example.com" }).count()).toBe(1);
    await page.getByRole("button", { name: "Remove nora@example.com" }).click();
    await confirmRemoval(page, "nora@example.com").getByRole("button", { name: /^Remove/ }).click();
    await says(page, "status", "nora@example.com is removed: their sessions have ended.");
    expect(await page.getByRole("button", { name: "Remove nora@example.com" }).count()).toBe(0);
  });

  for (const contrast of ["normal", "high"] as const) {
    it(`/team/members, its confirmation of a removal and /team/settings pass axe (${contrast} contrast) and fit a 390 px phone`, async () => {
      const { page } = await newPage(ctx.browser);
      if (contrast === "high") await page.addInitScript(() => window === window.top && localStorage.setItem("contrast", "high"));
      const origin = await signInAs(page, ADMIN);
      for (const path of ["/team/members", `/team/members?remove=${encodeURIComponent(ADMIN)}`, "/team/settings"]) {
        await page.setViewportSize({ width: 1280, height: 800 });
        await page.goto(`${origin}${path}`);
        await checkA11y(page, { enhancedContrast: contrast === "high" });
        await page.setViewportSize({ width: 390, height: 844 });
        expect(await page.evaluate(() => document.documentElement.scrollWidth), path).toBeLessThanOrEqual(390);
        await checkA11y(page, { enhancedContrast: contrast === "high" });
      }
    });
  }
});
