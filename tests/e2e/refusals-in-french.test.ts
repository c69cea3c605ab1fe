/**
 * A refusal the server makes before reading the request (here the spent POST budget, a 429), as a
 * visitor sees it in the chat: on the French page in French (the chat's requests carry the page's
 * language in Content-Language: their path, /api/chat, has none), on the English page in English,
 * in a browser that prefers French either way. The page's language decides, not the browser's.
 */
import type { Page } from "playwright-core";
import { expect, it } from "vitest";
import { newPage } from "../support/browser";
import { useSiteAndBrowser, visit } from "../support/e2e";

const ctx = useSiteAndBrowser({ env: { RATE_LIMIT_POST_PER_MINUTE: "1" } });

/** Gives the chat a name and an email: the email's step is the chat's first POST. */
async function introduce(page: Page, path: string, name: string, greeting: string): Promise<{ language: string | null; error: string }> {
  await visit(page, `${ctx.url}${path}#chat`);
  const root = page.locator('[data-chat="ready"]');
  await root.waitFor();
  const input = root.locator("#chat-input");
  await input.fill(name);
  await input.press("Enter");
  await root.getByText(greeting).first().waitFor();
  const lead = page.waitForRequest((request) => request.url().endsWith("/api/chat/lead"));
  await input.fill(`${name.toLowerCase()}@example.com`);
  await input.press("Enter");
  const sent = await lead;
  const error = root.locator("#chat-error");
  await expect.poll(async () => (await error.textContent())?.trim() ?? "").not.toBe("");
  return { language: await sent.headerValue("content-language"), error: (await error.textContent()) ?? "" };
}

it("the spent POST budget, in the chat: in French on the French page, in English on the English one", async () => {
  const spend = await fetch(`${ctx.url}/newsletter`, { method: "POST", headers: { "content-type": "application/json", origin: ctx.url }, body: "{}" });
  expect(spend.status).toBe(400);
  // Two visitors (the chat remembers its own), both in a browser that prefers French.
  const [one, two] = await Promise.all([1, 2].map(() => newPage(ctx.browser, { ignore: [/status of 429/] })));
  for (const { context } of [one!, two!]) await context.setExtraHTTPHeaders({ "accept-language": "fr-CA,fr;q=0.9" });

  const french = await introduce(one!.page, "/fr", "Marie", "Enchanté, Marie!");
  expect(french.language).toBe("fr-CA");
  expect(french.error).toContain("Trop de requêtes. Veuillez patienter une minute, puis réessayer.");
  const english = await introduce(two!.page, "/", "Ada", "Nice to meet you, Ada!");
  expect(english.language).toBe("en");
  expect(english.error).toContain("Too many requests. Please wait a minute and try again.");
});
