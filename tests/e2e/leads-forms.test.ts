/**
 * The lead forms in Chromium: success and error paths with and without JavaScript, keyboard
 * only, and axe on the open modals. Network failures are produced by aborting or answering the
 * browser's request (page.route); the server, database and mail are the real ones.
 */
import { join } from "node:path";
import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { openDatabase } from "../../server/db/database";
import { checkA11y, newPage } from "../support/browser";
import { useSiteAndBrowser, visit } from "../support/e2e";

const ctx = useSiteAndBrowser({ env: { RATE_LIMIT_POST_PER_MINUTE: "1000", TEAM_EMAIL: "team@example.com" } });

const NEWSLETTER_OK = "Thank you for subscribing! Welcome to the HeavyRoute community: we will keep you posted on our launch.";
const CONTACT_OK = "Your message has been sent successfully! We will contact you soon.";
const INFO_OK = "Your request has been sent successfully. We will contact you soon!";
/** Validation answers are 4xx on purpose; Chromium logs each as a failed resource load. */
const EXPECTED_4XX = /Failed to load resource: the server responded with a status of (400|409)/;
const unique = (tag: string) => `${tag}-${Date.now()}-${Math.random().toString(36).slice(2, 7)}@example.com`;

/** Holds the form's POSTs, as a slow server would, until the returned function is called (once the in-between state is seen). */
async function holdPosts(page: Page, path: string): Promise<() => void> {
  let release = () => {};
  const held = new Promise<void>((resolve) => (release = resolve));
  await page.route(`**/${path}`, async (route) => {
    if (route.request().method() === "POST") await held;
    await route.continue();
  });
  return release;
}

/** Holds every script request of the page until `release()`; `asked()` resolves once one is held. */
async function holdScripts(page: Page): Promise<{ release: () => void; asked: () => Promise<void> }> {
  let release = () => {};
  const held = new Promise<void>((resolve) => (release = resolve));
  let asked = () => {};
  const firstAsked = new Promise<void>((resolve) => (asked = resolve));
  await page.route("**/assets/*.js", async (route) => {
    asked();
    await held;
    await route.continue();
  });
  return { release, asked: () => firstAsked };
}

describe("newsletter", () => {
  it("with JavaScript: field error, Joining..., success that clears after 5 s, then already subscribed", async () => {
    const { page } = await newPage(ctx.browser, { ignore: [EXPECTED_4XX] });
    await visit(page, `${ctx.url}/newsletter`);
    const email = page.getByRole("textbox", { name: "Email address" });
    await email.fill("no-at-sign");
    await page.getByRole("button", { name: "Subscribe" }).click();
    await expect.poll(() => page.getByText("Please enter a valid email address.").isVisible()).toBe(true);
    expect(await email.getAttribute("aria-invalid")).toBe("true");
    expect(await email.evaluate((el) => el === document.activeElement)).toBe(true);

    const address = unique("news");
    await email.fill(address);
    const releasePost = await holdPosts(page, "newsletter");
    await page.getByRole("button", { name: "Subscribe" }).click();
    await page.getByRole("button", { name: "Joining..." }).waitFor();
    releasePost();
    await page.getByText(NEWSLETTER_OK).waitFor();
    expect(await email.inputValue()).toBe("");
    await page.getByText(NEWSLETTER_OK).waitFor({ state: "detached", timeout: 7_000 });

    await email.fill(address.toUpperCase());
    await page.getByRole("button", { name: "Subscribe" }).click();
    await page.getByText("This email is already subscribed.").waitFor();
  });

  it("with JavaScript: a failed request says so", async () => {
    const { page } = await newPage(ctx.browser, { ignore: [EXPECTED_4XX, /Failed to load resource|net::ERR_FAILED|502/] });
    await visit(page, `${ctx.url}/newsletter`);
    await page.route("**/newsletter", (route) =>
      route.request().method() === "POST" ? route.fulfill({ status: 502, contentType: "text/html", body: "<h1>Bad gateway</h1>" }) : route.continue(),
    );
    await page.getByRole("textbox", { name: "Email address" }).fill(unique("fail"));
    await page.getByRole("button", { name: "Subscribe" }).click();
    await page.getByText("Failed to subscribe. Please try again later.").waitFor();
    await page.unroute("**/newsletter");
    await page.route("**/newsletter", (route) => (route.request().method() === "POST" ? route.abort("failed") : route.continue()));
    await page.getByRole("button", { name: "Subscribe" }).click();
    await page.getByText("An unexpected error occurred. Please try again.").waitFor();
  });

  it("without JavaScript: the same validation and messages on a real page", async () => {
    const { page } = await newPage(ctx.browser, { javaScriptEnabled: false, ignore: [EXPECTED_4XX] });
    await page.goto(`${ctx.url}/newsletter`);
    await page.getByRole("textbox", { name: "Email address" }).fill("bad");
    await page.getByRole("button", { name: "Subscribe" }).click();
    await page.getByText("Please enter a valid email address.").waitFor();
    expect(await page.getByRole("textbox", { name: "Email address" }).getAttribute("aria-invalid")).toBe("true");
    await page.getByRole("textbox", { name: "Email address" }).fill(unique("nojs"));
    await page.getByRole("button", { name: "Subscribe" }).click();
    await page.getByText(NEWSLETTER_OK).waitFor();
  });
});

describe("contact form", () => {
  it("keyboard only: field errors, category by arrow keys, Sending..., Thank you modal (axe) and no second confirmation, Escape returns focus", async () => {
    const { page } = await newPage(ctx.browser, { ignore: [EXPECTED_4XX] });
    await visit(page, `${ctx.url}/contact`);
    const form = page.getByRole("form", { name: "Contact form" });
    await form.getByRole("textbox", { name: "Name", exact: true }).focus();
    // Submit the empty form with Enter from the name field.
    await page.keyboard.press("Enter");
    await page.getByText("Please enter your name.").waitFor();
    await page.getByText("Please enter a valid email address.").waitFor();
    await page.getByText("Please enter your message.").waitFor();
    expect(await form.getByRole("textbox", { name: "Name", exact: true }).getAttribute("aria-invalid")).toBe("true");
    expect(await page.evaluate(() => (document.activeElement as HTMLInputElement).name)).toBe("name");

    await page.keyboard.type("Kai Keyboard");
    await page.keyboard.press("Tab");
    await page.keyboard.type(unique("kai"));
    await page.keyboard.press("Tab"); // the category radios: Question is checked
    expect(await page.evaluate(() => (document.activeElement as HTMLInputElement).value)).toBe("question");
    await page.keyboard.press("ArrowRight");
    await page.keyboard.press("ArrowRight");
    expect(await form.getByRole("radio", { name: "Feature request" }).isChecked()).toBe(true);
    await page.keyboard.press("Tab");
    await page.keyboard.type("Please add <b>bridge</b> clearances.\nThanks!");
    const releasePost = await holdPosts(page, "contact");
    await page.keyboard.press("Tab");
    expect(await page.evaluate(() => document.activeElement?.textContent)).toBe("Send message");
    await page.keyboard.press("Enter");
    await page.getByRole("button", { name: "Sending..." }).waitFor();
    expect(await form.getByRole("textbox", { name: "Name", exact: true }).isDisabled()).toBe(true);
    releasePost();

    const dialog = page.getByRole("dialog", { name: "THANK YOU" });
    await dialog.waitFor();
    await dialog.getByText("Email has been successfully submitted").waitFor();
    expect(await page.evaluate(() => document.activeElement?.textContent)).toBe("Close");
    await checkA11y(page, { include: "dialog[open]" });
    // The modal is the one confirmation, with the spec's success text: no second one under the form.
    await dialog.getByText(CONTACT_OK).waitFor();
    expect(await page.getByText(CONTACT_OK).count()).toBe(1);
    expect(await form.getByRole("textbox", { name: "Name", exact: true }).inputValue()).toBe("");
    await page.keyboard.press("Escape");
    await dialog.waitFor({ state: "hidden" });
    await expect.poll(() => page.evaluate(() => document.activeElement?.textContent)).toBe("Send message");
  });

  it("with JavaScript: the two failure texts", async () => {
    const { page } = await newPage(ctx.browser, { ignore: [EXPECTED_4XX, /Failed to load resource|net::ERR_FAILED|503/] });
    await visit(page, `${ctx.url}/contact`);
    const fill = async () => {
      await page.getByRole("textbox", { name: "Name", exact: true }).fill("Fay");
      await page.getByRole("textbox", { name: "Email" }).fill(unique("fay"));
      await page.getByRole("textbox", { name: "Message" }).fill("Hello");
    };
    await page.route("**/contact", (route) => (route.request().method() === "POST" ? route.fulfill({ status: 503, body: "down" }) : route.continue()));
    await fill();
    await page.getByRole("button", { name: "Send message" }).click();
    await page.getByText("Unable to send message. Please try again or contact us directly at info@heavyroute.example").waitFor();
    await page.unroute("**/contact");
    await page.route("**/contact", (route) => (route.request().method() === "POST" ? route.abort("failed") : route.continue()));
    await page.getByRole("button", { name: "Send message" }).click();
    await page.getByText("An unexpected error occurred. Please try again or email us directly.").waitFor();
  });

  it("without JavaScript: errors keep what was typed; success shows THANK YOU and the success text", async () => {
    const { page } = await newPage(ctx.browser, { javaScriptEnabled: false, ignore: [EXPECTED_4XX] });
    await page.goto(`${ctx.url}/contact`);
    await page.getByRole("textbox", { name: "Name", exact: true }).fill("Noa");
    await page.getByRole("textbox", { name: "Message" }).fill("No script here");
    await page.getByRole("button", { name: "Send message" }).click();
    await page.getByText("Please enter a valid email address.").waitFor();
    expect(await page.getByRole("textbox", { name: "Name", exact: true }).inputValue()).toBe("Noa");
    expect(await page.getByRole("textbox", { name: "Message" }).inputValue()).toBe("No script here");
    await page.getByRole("textbox", { name: "Email" }).fill(unique("noa"));
    await page.getByText("Suggestion", { exact: true }).click();
    await page.getByRole("button", { name: "Send message" }).click();
    await page.getByText("THANK YOU").waitFor();
    await page.getByText("Email has been successfully submitted").waitFor();
    await page.getByText(CONTACT_OK).waitFor();
  });
});

describe("Request More Information", () => {
  it("from /platform: modal (axe), validation, success text, closes 2 s later and returns focus", async () => {
    const { page } = await newPage(ctx.browser, { ignore: [EXPECTED_4XX] });
    await visit(page, `${ctx.url}/platform`);
    // A keyboard user reaches it before it is hydrated (the page loads no React at its top): the
    // link becomes the button in place and keeps the focus.
    await page.getByRole("link", { name: "Request More Information about Government plans" }).focus();
    const opener = page.getByRole("button", { name: "Request More Information about Government plans" });
    await expect.poll(() => opener.evaluate((button) => button === document.activeElement), { timeout: 15_000 }).toBe(true);
    await page.keyboard.press("Enter");
    const dialog = page.getByRole("dialog", { name: "Request More Information" });
    await dialog.waitFor();
    await dialog.getByText("Government plans").waitFor();
    expect(await page.evaluate(() => (document.activeElement as HTMLInputElement).name)).toBe("name");
    await checkA11y(page, { include: "dialog[open]" });

    await dialog.getByRole("button", { name: "Send request" }).click();
    await dialog.getByText("Please enter your phone number.").waitFor();
    await dialog.getByText("Please enter your company or service name.").waitFor();
    await dialog.getByText("Please enter your questions or comments.").waitFor();
    await checkA11y(page, { include: "dialog[open]" });

    await dialog.getByRole("textbox", { name: "Name", exact: true }).fill("Gov Buyer");
    await dialog.getByRole("textbox", { name: "Email" }).fill(unique("gov"));
    await dialog.getByRole("textbox", { name: "Phone" }).fill("+1 (613) 555-0100");
    await dialog.getByRole("textbox", { name: "Company or service name" }).fill("City of Example");
    await dialog.getByRole("textbox", { name: "Questions or comments" }).fill("Permits for oversize loads in our municipality?");
    await dialog.getByRole("button", { name: "Send request" }).click();
    await dialog.getByText(INFO_OK).waitFor();
    const shownAt = Date.now();
    await dialog.waitFor({ state: "hidden", timeout: 5_000 });
    expect(Date.now() - shownAt).toBeGreaterThan(1_500);
    await expect.poll(() => opener.evaluate((el) => el === document.activeElement)).toBe(true);
  });

  it("Escape closes the modal; a failure shows the spec text", async () => {
    const { page } = await newPage(ctx.browser, { ignore: [EXPECTED_4XX, /Failed to load resource|net::ERR_FAILED/] });
    await visit(page, `${ctx.url}/platform`);
    // Used at once, link or button: the modal opens either way.
    await page.locator('[data-island="request-info"][data-plan="Token"]').getByText("Request More Information").click();
    const dialog = page.getByRole("dialog", { name: "Request More Information" });
    await dialog.waitFor();
    await page.keyboard.press("Escape");
    await dialog.waitFor({ state: "hidden" });
    await page.getByRole("button", { name: "Request More Information about Token plans" }).click();
    await page.route("**/request-information", (route) => (route.request().method() === "POST" ? route.abort("failed") : route.continue()));
    await dialog.getByRole("textbox", { name: "Name", exact: true }).fill("Tia");
    await dialog.getByRole("textbox", { name: "Email" }).fill(unique("tia"));
    await dialog.getByRole("textbox", { name: "Phone" }).fill("555 0100");
    await dialog.getByRole("textbox", { name: "Company or service name" }).fill("Tia Trucking");
    await dialog.getByRole("textbox", { name: "Questions or comments" }).fill("Token packs?");
    await dialog.getByRole("button", { name: "Send request" }).click();
    await dialog.getByText("Failed to submit your request. Please try again.").waitFor();
  });

  it("a press that begins on the link and ends on the button React put in its place opens the modal", async () => {
    const { page } = await newPage(ctx.browser);
    await visit(page, `${ctx.url}/platform`);
    // The island's React is held back until the button is pressed, so it hydrates mid-press.
    let releaseScripts = () => {};
    const scriptsHeld = new Promise<void>((resolve) => (releaseScripts = resolve));
    await page.route("**/*.js", async (route) => {
      await scriptsHeld;
      await route.continue();
    });
    const island = page.locator('[data-island="request-info"][data-plan="Subscription"]');
    const link = island.getByRole("link", { name: "Request More Information about Subscription plans" });
    // hover() waits until the link itself takes the pointer: its section skips rendering while
    // offscreen (content-visibility), so a pointer there a moment after the scroll hits the section.
    await link.hover();
    await page.mouse.down();
    releaseScripts();
    await island.getByRole("button", { name: "Request More Information about Subscription plans" }).waitFor();
    expect(await link.count()).toBe(0);
    await page.mouse.up();
    const dialog = page.getByRole("dialog", { name: "Request More Information" });
    await dialog.waitFor({ timeout: 5_000 });
    expect(await dialog.locator('input[name="planType"]').inputValue()).toBe("Subscription");
  });

  it("without JavaScript: the plan link leads to the form page, which posts and answers", async () => {
    const { page } = await newPage(ctx.browser, { javaScriptEnabled: false, ignore: [EXPECTED_4XX] });
    await page.goto(`${ctx.url}/platform`);
    await page.getByRole("link", { name: "Request More Information about Training plans" }).click();
    await page.waitForURL(/\/request-information\?plan=Training$/);
    expect(await page.getByRole("combobox", { name: "Plan type" }).inputValue()).toBe("Training");
    await page.getByRole("textbox", { name: "Name", exact: true }).fill("Nia");
    await page.getByRole("textbox", { name: "Email" }).fill(unique("nia"));
    await page.getByRole("textbox", { name: "Phone" }).fill("not a phone");
    await page.getByRole("textbox", { name: "Company or service name" }).fill("Nia Freight");
    await page.getByRole("textbox", { name: "Questions or comments" }).fill("Training seats?");
    await page.getByRole("button", { name: "Send request" }).click();
    await page.getByText("Please enter a valid phone number (digits, spaces, + - ( ) allowed).").waitFor();
    await page.getByRole("textbox", { name: "Phone" }).fill("+49 30 1234567");
    await page.getByRole("button", { name: "Send request" }).click();
    await page.getByText(INFO_OK).waitFor();
  });
});

describe("on Home", () => {
  it("the contact section (anchor contact) and the newsletter block work in place; the contact form confirms once, with the modal", async () => {
    const { page } = await newPage(ctx.browser, { ignore: [EXPECTED_4XX] });
    await visit(page, `${ctx.url}/#contact`);
    const contact = page.locator("#contact");
    await contact.getByRole("heading", { name: "Contact us" }).waitFor();
    // Home is served as islands (decision 0044): each section hydrates when it is near the viewport.
    await page.locator("#contact[data-hydrated]").waitFor();
    await contact.getByRole("textbox", { name: "Name", exact: true }).fill("Hana Home");
    await contact.getByRole("textbox", { name: "Email" }).fill(unique("hana"));
    await contact.getByRole("textbox", { name: "Message" }).fill("From the home page");
    await contact.getByRole("button", { name: "Send message" }).click();
    await page.getByRole("dialog", { name: "THANK YOU" }).waitFor();
    await page.getByRole("dialog", { name: "THANK YOU" }).getByRole("button", { name: "Close" }).click();
    await page.getByRole("dialog", { name: "THANK YOU" }).waitFor({ state: "hidden" });
    // The modal was the confirmation: the form is ready again, with no second one under it.
    expect(await contact.getByText(CONTACT_OK).filter({ visible: true }).count()).toBe(0);
    expect(await contact.getByRole("textbox", { name: "Name", exact: true }).inputValue()).toBe("");

    await page.locator("#newsletter").scrollIntoViewIfNeeded();
    await page.locator("#newsletter[data-hydrated]").waitFor();
    await page.getByRole("textbox", { name: "Email address" }).fill(unique("home"));
    await page.getByRole("button", { name: "Subscribe" }).click();
    await page.getByText(NEWSLETTER_OK).waitFor();
  });

  it("a sign-up sent at once, before the newsletter's code is there, still shows Joining... then the success text, without a page load", async () => {
    const { page } = await newPage(ctx.browser);
    await visit(page, `${ctx.url}/`);
    // The page has settled; the island's React arrives a moment after the visitor has sent (as
    // autofill and a quick Enter do on a slow connection).
    const scripts = await holdScripts(page);
    const navigations: string[] = [];
    const posts: string[] = [];
    page.on("request", (request) => {
      // The page's own navigations: the hero video's frame loads whenever the browser is idle.
      if (request.isNavigationRequest() && request.frame() === page.mainFrame()) navigations.push(`${request.method()} ${request.url()}`);
      else if (request.method() === "POST" && request.url().endsWith("/newsletter")) posts.push(request.headers()["content-type"] ?? "");
    });
    const releasePost = await holdPosts(page, "newsletter");
    const email = page.getByRole("textbox", { name: "Email address" });
    await email.fill(unique("quick"));
    await email.press("Enter");
    // Sent before the code is there: the page has asked for it (held), the section is not
    // hydrated, and nothing has gone out.
    await scripts.asked();
    expect(await page.locator("#newsletter[data-hydrated]").count()).toBe(0);
    expect(posts).toEqual([]);
    scripts.release();
    await page.getByRole("button", { name: "Joining..." }).waitFor();
    releasePost();
    await page.getByText(NEWSLETTER_OK).waitFor();
    expect(await email.inputValue()).toBe("");
    expect(navigations).toEqual([]);
    expect(posts).toEqual(["application/json"]);
  });

  it("the contact form sent before its code is there shows Sending... and THANK YOU, without a page load", async () => {
    const { page } = await newPage(ctx.browser);
    // Opened at its top: the section's code is asked for only when the visitor gets there.
    await visit(page, `${ctx.url}/`);
    const scripts = await holdScripts(page);
    const navigations: string[] = [];
    const posts: string[] = [];
    page.on("request", (request) => {
      if (request.isNavigationRequest() && request.frame() === page.mainFrame()) navigations.push(`${request.method()} ${request.url()}`);
      else if (request.method() === "POST" && request.url().endsWith("/contact")) posts.push(request.url());
    });
    const releasePost = await holdPosts(page, "contact");
    const contact = page.locator("#contact");
    await contact.getByRole("textbox", { name: "Message" }).fill("Sent in a hurry");
    await contact.getByRole("textbox", { name: "Name", exact: true }).fill("Quinn Quick");
    await contact.getByRole("textbox", { name: "Email" }).fill(unique("quinn"));
    await contact.getByRole("textbox", { name: "Email" }).press("Enter");
    // Sent before the code is there: the page has asked for it (held), the section is not
    // hydrated, and nothing has gone out.
    await scripts.asked();
    expect(await page.locator("#contact[data-hydrated]").count()).toBe(0);
    expect(posts).toEqual([]);
    scripts.release();
    await contact.getByRole("button", { name: "Sending..." }).waitFor();
    releasePost();
    await page.getByRole("dialog", { name: "THANK YOU" }).waitFor();
    expect(navigations).toEqual([]);
  });

  it("without JavaScript: a sign-up lands on a page with the success text, which a reload does not send again", async () => {
    const { page } = await newPage(ctx.browser, { javaScriptEnabled: false });
    await page.goto(`${ctx.url}/`);
    const posts: string[] = [];
    page.on("request", (request) => request.method() === "POST" && posts.push(request.url()));
    await page.getByRole("textbox", { name: "Email address" }).fill(unique("plain-home"));
    await page.getByRole("button", { name: "Subscribe" }).click();
    await page.waitForURL(`${ctx.url}/newsletter/subscribed`);
    await page.getByText(NEWSLETTER_OK).waitFor();
    await page.getByRole("link", { name: "Back to the home page" }).waitFor();
    await page.reload();
    await page.getByText(NEWSLETTER_OK).waitFor();
    expect(posts).toEqual([`${ctx.url}/newsletter`]);
  });
});

describe("the text rule in the browser", () => {
  it("on Home, a name of invisible characters is refused before sending; a spoofing one is sent and stored as it shows", async () => {
    const { page } = await newPage(ctx.browser, { ignore: [EXPECTED_4XX] });
    await visit(page, `${ctx.url}/#contact`);
    const contact = page.locator("#contact");
    await page.locator("#contact[data-hydrated]").waitFor();
    const posts: string[] = [];
    page.on("request", (request) => request.method() === "POST" && posts.push(request.url()));
    const email = unique("bidi");
    await contact.getByRole("textbox", { name: "Name", exact: true }).fill("\u202E\u200B\u2066");
    await contact.getByRole("textbox", { name: "Email" }).fill(email);
    await contact.getByRole("textbox", { name: "Message" }).fill("Hello");
    await contact.getByRole("button", { name: "Send message" }).click();
    await contact.getByText("Please enter your name.").waitFor();
    expect(posts).toEqual([]);

    await contact.getByRole("textbox", { name: "Name", exact: true }).fill("Bob \u202Egnp.exe");
    await contact.getByRole("button", { name: "Send message" }).click();
    await page.getByRole("dialog", { name: "THANK YOU" }).waitFor();
    expect(posts).toEqual([`${ctx.url}/contact`]);
    const database = openDatabase({ kind: "sqlite", file: join(ctx.site.dataDir, "site.db") });
    try {
      expect(await database.db.selectFrom("contact_messages").select("name").where("email", "=", email).executeTakeFirstOrThrow()).toEqual({ name: "Bob gnp.exe" });
    } finally {
      await database.close();
    }
  });
});

describe("in French (/fr)", () => {
  const FR_NEWSLETTER_OK = "Merci de votre abonnement! Bienvenue dans la communauté HeavyRoute\u00a0: nous vous tiendrons au courant de notre lancement.";
  const FR_CONTACT_OK = "Votre message a bien été envoyé! Nous communiquerons avec vous sous peu.";

  it("the newsletter on Home: French field error, Inscription en cours…, then the French success; it posts JSON in French to /fr/newsletter", async () => {
    const { page } = await newPage(ctx.browser, { ignore: [EXPECTED_4XX] });
    await visit(page, `${ctx.url}/fr`);
    const bodies: unknown[] = [];
    page.on("request", (request) => request.method() === "POST" && bodies.push({ url: request.url(), body: request.postDataJSON() as unknown }));
    await page.locator("#newsletter").scrollIntoViewIfNeeded();
    await page.locator("#newsletter[data-hydrated]").waitFor();
    await page.getByRole("heading", { name: "Restez au courant de notre lancement" }).waitFor();
    const email = page.getByRole("textbox", { name: "Adresse courriel" });
    expect(await email.getAttribute("placeholder")).toBe("Votre adresse courriel");
    await email.fill("pas-une-adresse");
    await page.getByRole("button", { name: "S'abonner" }).click();
    await page.getByText("Veuillez entrer une adresse courriel valide.").waitFor();
    expect(bodies).toEqual([]);

    const address = unique("fr-news");
    await email.fill(address);
    const releasePost = await holdPosts(page, "newsletter");
    await page.getByRole("button", { name: "S'abonner" }).click();
    await page.getByRole("button", { name: "Inscription en cours…" }).waitFor();
    releasePost();
    await page.getByText(FR_NEWSLETTER_OK).waitFor();
    expect(bodies).toMatchObject([{ url: `${ctx.url}/fr/newsletter`, body: { email: address, page: "/fr", locale: "fr" } }]);

    await email.fill(address);
    await page.getByRole("button", { name: "S'abonner" }).click();
    await page.getByText("Cette adresse courriel est déjà abonnée.").waitFor();
  });

  it("the contact section: French errors, Envoi en cours…, and the French Thank you modal (axe) with its Fermer button", async () => {
    const { page } = await newPage(ctx.browser, { ignore: [EXPECTED_4XX] });
    await visit(page, `${ctx.url}/fr#contact`);
    const contact = page.locator("#contact");
    await contact.getByRole("heading", { name: "Nous joindre" }).waitFor();
    await page.locator("#contact[data-hydrated]").waitFor();
    const form = contact.getByRole("form", { name: "Formulaire de contact" });
    await form.getByRole("button", { name: "Envoyer le message" }).click();
    await form.getByText("Veuillez entrer votre nom.").waitFor();
    await form.getByText("Veuillez entrer une adresse courriel valide.").waitFor();
    await form.getByText("Veuillez entrer votre message.").waitFor();

    await form.getByRole("textbox", { name: "Nom", exact: true }).fill("Élise Tremblay");
    await form.getByRole("textbox", { name: "Courriel" }).fill(unique("elise"));
    await form.getByText("Demande de fonctionnalité", { exact: true }).click();
    await form.getByRole("textbox", { name: "Message" }).fill("Pourriez-vous ajouter les ponts du Québec?");
    const releasePost = await holdPosts(page, "contact");
    await form.getByRole("button", { name: "Envoyer le message" }).click();
    await form.getByRole("button", { name: "Envoi en cours…" }).waitFor();
    releasePost();

    const dialog = page.getByRole("dialog", { name: "MERCI" });
    await dialog.waitFor();
    await dialog.getByText("Le courriel a bien été envoyé").waitFor();
    await dialog.getByText(FR_CONTACT_OK).waitFor();
    expect(await page.evaluate(() => document.activeElement?.textContent)).toBe("Fermer");
    await checkA11y(page, { include: "dialog[open]" });
    await dialog.getByRole("button", { name: "Fermer" }).click();
    await dialog.waitFor({ state: "hidden" });
    const database = openDatabase({ kind: "sqlite", file: join(ctx.site.dataDir, "site.db") });
    try {
      const row = await database.db.selectFrom("contact_messages").select("category").where("name", "=", "Élise Tremblay").executeTakeFirstOrThrow();
      expect(row.category).toBe("feature");
    } finally {
      await database.close();
    }
  });

  it("Request More Information from /fr/platform: the French modal, its French errors, the plan type sent in English", async () => {
    const { page } = await newPage(ctx.browser, { ignore: [EXPECTED_4XX] });
    await visit(page, `${ctx.url}/fr/platform`);
    const name = "Demander plus de renseignements (Forfaits pour les gouvernements)";
    // Without JavaScript yet, the link to the French page; it becomes the button when its island hydrates.
    expect(await page.getByRole("link", { name }).getAttribute("href")).toBe("/fr/request-information?plan=Government");
    await page.getByRole("link", { name }).focus();
    const opener = page.getByRole("button", { name });
    await expect.poll(() => opener.evaluate((button) => button === document.activeElement), { timeout: 15_000 }).toBe(true);
    await page.keyboard.press("Enter");
    const dialog = page.getByRole("dialog", { name: "Demander plus de renseignements" });
    await dialog.waitFor();
    await dialog.getByText("Forfaits pour les gouvernements\u00a0: parlez-nous de vos besoins et nous communiquerons avec vous.").waitFor();
    await dialog.getByRole("button", { name: "Envoyer la demande" }).click();
    await dialog.getByText("Veuillez entrer votre numéro de téléphone.").waitFor();
    await dialog.getByText("Veuillez entrer le nom de votre entreprise ou de votre service.").waitFor();
    await dialog.getByText("Veuillez entrer vos questions ou commentaires.").waitFor();
    await checkA11y(page, { include: "dialog[open]" });
    const posted = page.waitForRequest((request) => request.method() === "POST");
    await dialog.getByRole("textbox", { name: "Nom", exact: true }).fill("Ville de Lévis");
    await dialog.getByRole("textbox", { name: "Courriel" }).fill(unique("levis"));
    await dialog.getByRole("textbox", { name: "Téléphone" }).fill("+1 418 555-0100");
    await dialog.getByRole("textbox", { name: "Nom de l'entreprise ou du service" }).fill("Ville de Lévis");
    await dialog.getByRole("textbox", { name: "Questions ou commentaires" }).fill("Permis pour charges hors normes?");
    await dialog.getByRole("button", { name: "Envoyer la demande" }).click();
    await dialog.getByText("Votre demande a bien été envoyée. Nous communiquerons avec vous sous peu!").waitFor();
    expect((await posted).postDataJSON()).toMatchObject({ planType: "Government", locale: "fr" });
    expect((await posted).url()).toBe(`${ctx.url}/fr/request-information`);
  });

  it("without JavaScript: a French sign-up lands on /fr/newsletter/subscribed with the French success", async () => {
    const { page } = await newPage(ctx.browser, { javaScriptEnabled: false, ignore: [EXPECTED_4XX] });
    await page.goto(`${ctx.url}/fr/newsletter`);
    await page.getByRole("textbox", { name: "Adresse courriel" }).fill("mauvaise");
    await page.getByRole("button", { name: "S'abonner" }).click();
    await page.getByText("Veuillez entrer une adresse courriel valide.").waitFor();
    await page.getByRole("textbox", { name: "Adresse courriel" }).fill(unique("fr-plain"));
    await page.getByRole("button", { name: "S'abonner" }).click();
    await page.waitForURL(`${ctx.url}/fr/newsletter/subscribed`);
    await page.getByText(FR_NEWSLETTER_OK).waitFor();
    await page.getByRole("link", { name: "Retour à la page d'accueil" }).waitFor();
    expect(await page.getByRole("link", { name: "Retour à la page d'accueil" }).getAttribute("href")).toBe("/fr");
  });
});
