import * as m from "~/paraglide/messages.js";
/**
 * Max Load in Chromium, answering from the knowledge base (no AI key): what the visitor sees at
 * each step — no empty band under the messages, suggestions that ask their question (after the
 * lead when picked before it), the disclaimer once per conversation, and a daily limit that ends
 * on the newsletter and the contact form instead of a dead input.
 */
import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { platform } from "~/content/platform";
import { limitReached } from "~/features/chat/chat-contract";
import { demoLimitMessage, niceToMeetYou } from "~/features/chat/chat-lines";
import { suggestions } from "~/features/chat/chat-texts";
import { disclaimer } from "../../server/chat/texts";
import { checkA11y, newPage } from "../support/browser";
import { type ChatPage, introduce, openChat } from "../support/chat-page";
import { useSiteAndBrowser } from "../support/e2e";

const PHONE = { width: 390, height: 844 };
const DISCLAIMER = disclaimer("team@example.com");

const ctx = useSiteAndBrowser({ env: { TEAM_EMAIL: "team@example.com", RATE_LIMIT_POST_PER_MINUTE: "10000", CHAT_DAILY_LIMIT_PER_IP: "10000" } });

/** What lies between the conversation and the input: each box, its height and its visible text. */
function bandsBetweenMessagesAndInput(page: Page) {
  return page.evaluate(() => {
    const list = document.querySelector('[data-chat] [role="region"]');
    const form = document.querySelector("[data-chat] form");
    if (!list || !form) throw new Error("the chat has no conversation or no form");
    const bands: { height: number; text: string }[] = [];
    for (let node = list.nextElementSibling; node && node !== form; node = node.nextElementSibling) {
      const box = node.getBoundingClientRect();
      if (box.height > 0) bands.push({ height: box.height, text: (node as HTMLElement).innerText.trim() });
    }
    const gap = form.getBoundingClientRect().top - list.getBoundingClientRect().bottom;
    return { bands, gap };
  });
}

async function expectNoEmptyBand(page: Page, options: { status: boolean }) {
  const { bands, gap } = await bandsBetweenMessagesAndInput(page);
  for (const band of bands) expect(band.text, "a band between the messages and the input shows nothing").not.toBe("");
  // Before the counter exists, the input sits right under the messages (its border only).
  if (!options.status) expect(gap).toBeLessThanOrEqual(2);
}

const userLines = (chat: ChatPage) =>
  chat.root.locator("p", { hasText: / says:$/ }).filter({ hasNotText: "Max Load says:" }).locator("xpath=../div").allInnerTexts();

async function askAll(chat: ChatPage, count: number) {
  for (let i = 0; i < count; i++) {
    await chat.say(`Tell me about permits, question ${i + 1}`);
    await expect.poll(() => chat.remaining.innerText(), { timeout: 15_000 }).toBe(`${4 - i} messages remaining`);
  }
}

describe("the chat's states", () => {
  it("leaves no empty band between the messages and the input at any step", async () => {
    const { page } = await newPage(ctx.browser, { viewport: PHONE });
    const chat = await openChat(page, ctx.url);
    await expectNoEmptyBand(page, { status: false });
    await chat.say("Ada");
    await chat.waitForAssistant(niceToMeetYou("Ada"));
    await expectNoEmptyBand(page, { status: false });
    await chat.say("ada@example.com");
    await chat.waitForAssistant(demoLimitMessage(5));
    await expectNoEmptyBand(page, { status: true });
    await askAll(chat, 5);
    await expectNoEmptyBand(page, { status: true });
  });

  it("asks a suggestion picked in the name step once the lead is captured, never as the name", async () => {
    const { page } = await newPage(ctx.browser);
    const chat = await openChat(page, ctx.url);
    const question = suggestions()[1];
    await page.getByRole("button", { name: question, exact: true }).click();
    expect(await chat.input.inputValue()).toBe("");
    await chat.root.getByText(`“${question}”`).waitFor();

    await chat.say("Ada");
    await chat.waitForAssistant(niceToMeetYou("Ada"));
    await chat.say("ada@example.com");
    await chat.waitForAssistant(demoLimitMessage(5));
    await expect.poll(() => userLines(chat), { timeout: 15_000 }).toEqual(["Ada", "ada@example.com", question]);
    await expect.poll(() => chat.remaining.innerText(), { timeout: 15_000 }).toBe("4 messages remaining");
    await chat.waitForAssistant("Route planning");

    // In the conversation, a suggestion is sent at once, and a draft in the input stays.
    await chat.input.fill("my draft");
    await page.getByRole("button", { name: suggestions()[5], exact: true }).click();
    await expect.poll(() => userLines(chat), { timeout: 15_000 }).toEqual(["Ada", "ada@example.com", question, suggestions()[5]]);
    await expect.poll(() => chat.remaining.innerText(), { timeout: 15_000 }).toBe("3 messages remaining");
    expect(await chat.input.inputValue()).toBe("my draft");
  });

  it("shows the disclaimer and the platform overview once across answers", async () => {
    const { page } = await newPage(ctx.browser);
    const chat = await openChat(page, ctx.url);
    await introduce(chat, "Ada", "ada@example.com");
    await chat.say(suggestions()[0]!);
    await expect.poll(() => chat.remaining.innerText(), { timeout: 15_000 }).toBe("4 messages remaining");
    await chat.say(suggestions()[1]!);
    await expect.poll(() => chat.remaining.innerText(), { timeout: 15_000 }).toBe("3 messages remaining");
    await chat.waitForAssistant("Route planning");
    const answers = (await chat.assistantTexts()).slice(-2);
    expect(answers.filter((text) => text.includes(DISCLAIMER))).toHaveLength(1);
    expect(answers.filter((text) => text.includes(platform.en.overview.description))).toHaveLength(1);
  });

  it("at the daily limit disables the input and offers the newsletter and the contact form", async () => {
    const { page } = await newPage(ctx.browser, { viewport: PHONE });
    const chat = await openChat(page, ctx.url);
    await introduce(chat, "Ada", "ada@example.com");
    await askAll(chat, 4);
    await chat.input.fill("One last question");
    await chat.input.press("Enter");
    await expect.poll(() => chat.remaining.innerText(), { timeout: 15_000 }).toBe("0 messages remaining");

    await expect.poll(() => chat.error.innerText()).toBe(limitReached());
    expect(await chat.input.isDisabled()).toBe(true);
    expect(await chat.send.isDisabled()).toBe(true);
    expect(await chat.input.inputValue()).toBe("");
    // The visitor was typing: the focus moves from the disabled input to the way forward.
    await expect.poll(() => page.evaluate(() => document.activeElement?.textContent)).toBe(m.chat_next_step_newsletter());
    for (const question of suggestions()) expect(await page.getByRole("button", { name: question, exact: true }).isDisabled()).toBe(true);

    const newsletter = chat.root.getByRole("link", { name: /newsletter/i });
    const contact = chat.root.getByRole("link", { name: /contact form/i });
    expect(await newsletter.isVisible()).toBe(true);
    expect(await contact.isVisible()).toBe(true);
    await checkA11y(page, { include: "#chat" });

    await contact.click();
    await expect.poll(() => page.evaluate(() => location.hash)).toBe("#contact");
    await expect.poll(() => page.locator("#contact").evaluate((el) => Math.abs(el.getBoundingClientRect().top) < 100)).toBe(true);
    await newsletter.scrollIntoViewIfNeeded();
    await newsletter.click();
    await expect.poll(() => page.evaluate(() => location.hash)).toBe("#newsletter");
    await expect.poll(() => page.locator("#newsletter").evaluate((el) => Math.abs(el.getBoundingClientRect().top) < 100)).toBe(true);
  });
});
