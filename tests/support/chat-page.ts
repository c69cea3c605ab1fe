/**
 * Drives the Max Load chat on Home in a browser page.
 *
 *   const chat = await openChat(page, site.url);    // Home at #chat, interactive chat loaded
 *   await chat.say("Ada");                           // types into the input and presses Enter
 *   await chat.waitForAssistant("Nice to meet you, Ada!");
 */
import { expect } from "vitest";
import type { Locator, Page } from "playwright-core";
import { visit } from "./e2e";

export interface ChatPage {
  root: Locator;
  input: Locator;
  send: Locator;
  error: Locator;
  remaining: Locator;
  transcript: Locator;
  say(text: string): Promise<void>;
  /** Resolves when an assistant bubble contains `text`. */
  waitForAssistant(text: string): Promise<void>;
  assistantTexts(): Promise<string[]>;
  /** Waits until no reply is loading (input enabled again). */
  idle(): Promise<void>;
}

export async function openChat(page: Page, siteUrl: string, options: { hash?: boolean } = {}): Promise<ChatPage> {
  await visit(page, `${siteUrl}/${options.hash === false ? "" : "#chat"}`);
  const root = page.locator('[data-chat="ready"]');
  await root.waitFor();
  return chatOn(page);
}

export function chatOn(page: Page): ChatPage {
  const root = page.locator("[data-chat]");
  const input = root.locator("#chat-input");
  const chat: ChatPage = {
    root,
    input,
    send: root.getByRole("button", { name: "Send", exact: true }),
    error: root.locator("#chat-error"),
    remaining: root.locator('[data-testid="chat-remaining"]'),
    transcript: root.getByRole("button", { name: /Send conversation transcript|Sending\.\.\./ }),
    async say(text) {
      await expect.poll(() => input.isEnabled(), { timeout: 15_000 }).toBe(true);
      await input.fill(text);
      await input.press("Enter");
    },
    async waitForAssistant(text) {
      await root.locator("p", { hasText: "Max Load says:" }).locator("xpath=..").filter({ hasText: text }).first().waitFor({ timeout: 15_000 });
    },
    async assistantTexts() {
      return root.locator("p", { hasText: "Max Load says:" }).locator("xpath=..").allInnerTexts();
    },
    async idle() {
      await expect.poll(() => input.isEnabled(), { timeout: 15_000 }).toBe(true);
    },
  };
  return chat;
}

/** Name and email steps; resolves when the demo-limit message is shown. */
export async function introduce(chat: ChatPage, name: string, email: string): Promise<void> {
  await chat.say(name);
  await chat.waitForAssistant(`Nice to meet you, ${name}!`);
  await chat.say(email);
  await chat.waitForAssistant("This is a demo of Max Load");
}
