import * as m from "~/paraglide/messages.js";
/**
 * Max Load in Chromium: the per-IP cap survives cleared storage and cookies, and the transcript
 * reaches a real SMTP server on loopback.
 */
import { afterAll, describe, expect, it } from "vitest";
import { limitReached } from "~/features/chat/chat-contract";
import { demoLimitMessage, niceToMeetYou } from "~/features/chat/chat-lines";

import { newPage } from "../support/browser";
import { chatOn, introduce, openChat } from "../support/chat-page";
import { useSiteAndBrowser } from "../support/e2e";
import { type FakeOpenAI, startFakeOpenAI } from "../support/fake-openai";
import { freePort } from "../support/ports";
import { startSmtp } from "../support/smtp";

const TEAM = "team@example.com";
const ai: FakeOpenAI = await startFakeOpenAI();
const smtp = await startSmtp();
// SMTP in production needs PUBLIC_SITE_URL: the site's own address, known before it starts.
const port = await freePort();
const ctx = useSiteAndBrowser({
  env: {
    PORT: String(port),
    PUBLIC_SITE_URL: `http://127.0.0.1:${port}`,
    AI_API_KEY: "test-key",
    AI_BASE_URL: ai.url,
    TEAM_EMAIL: TEAM,
    SMTP_URL: smtp.url,
    RATE_LIMIT_POST_PER_MINUTE: "10000",
    CHAT_DAILY_LIMIT_PER_IP: "7",
  },
});
afterAll(async () => {
  await ai.close();
  await smtp.stop();
});

describe("the chat's limits and transcript", () => {
  it("sends the transcript to the team through SMTP", async () => {
    const { page } = await newPage(ctx.browser);
    const chat = await openChat(page, ctx.url);
    await introduce(chat, "Ada", "ada@example.com");
    ai.script({ kind: "answer", text: "Permits are managed per jurisdiction." });
    await chat.say("How will the permit management system work?");
    await chat.waitForAssistant("Permits are managed per jurisdiction.");
    await chat.idle();

    // Hold the request so "Sending..." can be seen.
    let release: () => void = () => undefined;
    const held = new Promise<void>((resolve) => (release = resolve));
    await page.route("**/api/chat/transcript", async (route) => {
      await held;
      await route.continue();
    });
    await chat.transcript.click();
    const sending = chat.root.getByRole("button", { name: "Sending..." });
    await sending.waitFor();
    expect(await sending.isDisabled()).toBe(true);
    release();
    await page.getByText(m.chat_transcript_sent()).waitFor();
    expect(await chat.root.getByRole("button", { name: "Send conversation transcript" }).isEnabled()).toBe(true);

    const [mail] = await smtp.waitFor(1);
    expect(mail!.to).toEqual([TEAM]);
    expect(mail!.subject).toBe("Chat Transcript from Ada");
    expect(mail!.text.trim().split("\n\n")).toEqual([
      // The team's mail names the visitor's language (the page's).
      "Language: English",
      "Max Load: Hi, I'm Max Load, your AI transport specialist! What's your name?",
      "Ada: Ada",
      `Max Load: ${niceToMeetYou("Ada")}`,
      "Ada: ada@example.com",
      `Max Load: ${demoLimitMessage(5)}`,
      "Ada: How will the permit management system work?",
      "Max Load: Permits are managed per jurisdiction.",
    ]);
  });

  it("clearing storage and cookies does not get past the per-IP cap", async () => {
    // 1 answer was used by the previous test; the cap is 7 for this IP.
    // The refused message is an HTTP 429, which Chromium logs as a failed resource.
    const { page, context } = await newPage(ctx.browser, { ignore: [/status of 429 .*\/api\/chat\/messages/] });
    const chat = await openChat(page, ctx.url);
    await introduce(chat, "Bea", "bea@example.com");
    for (let i = 1; i <= 5; i++) {
      await chat.say(`Question ${i}`);
      await expect.poll(() => chat.remaining.innerText(), { timeout: 15_000 }).toBe(`${5 - i} messages remaining`);
    }

    await context.clearCookies();
    await page.evaluate(() => localStorage.clear());
    await page.reload();
    await page.locator('[data-chat="ready"]').waitFor();
    const fresh = chatOn(page);
    await introduce(fresh, "Bea2", "bea2@example.com");
    expect(await fresh.remaining.innerText()).toBe("5 messages remaining");
    await fresh.say("Question 6");
    await fresh.waitForAssistant("This is a fake answer.");
    await fresh.idle();
    await fresh.say("Question 7");
    await expect.poll(() => fresh.error.innerText()).toBe(limitReached());
    // The per-IP cap ends the conversation as the daily limit does: no dead input, a way on.
    expect(await fresh.input.isDisabled()).toBe(true);
    expect(await fresh.input.inputValue()).toBe("");
    expect(await fresh.root.getByRole("link", { name: /newsletter/i }).getAttribute("href")).toBe("#newsletter");
    expect(await fresh.root.getByRole("link", { name: /contact form/i }).getAttribute("href")).toBe("#contact");
    expect(ai.requests.filter((r) => r.body?.messages.at(-1)?.content.startsWith("Question"))).toHaveLength(6);
  });
});
