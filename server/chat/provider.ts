/**
 * The AI provider behind our server: the official `openai` client against any OpenAI-compatible
 * server (AI_BASE_URL), streaming. Retry and error policy (spec §8, docs/decisions/0011-chat-provider-policy.md):
 * - the SDK's own retries are off (maxRetries 0): our code decides every request;
 * - 429 rate limit: one more request with temperature 0.5 and max_tokens 200; if that fails, one
 *   of the three canned apologies at random;
 * - 429 insufficient_quota: the capacity message, with the error "API quota exceeded";
 * - anything else (4xx, 5xx, timeout, malformed or cut stream): a canned apology, then
 *   "Failed to get a response. Please try again.";
 * - a bounded wait: no token for AI_TIMEOUT_MS, or a reply longer than 3 × AI_TIMEOUT_MS, aborts.
 */
import OpenAI, { APIError } from "openai";
import { chatFailure } from "~/features/chat/chat-contract";
import type { Locale } from "~/shared/i18n/locale";
import type { Config } from "../config";
import type { Logger } from "../logger";
import { providerDuration, providerRequests, providerTokens } from "../metrics";
import { type PromptMessage, RETRY_MAX_TOKENS, RETRY_TEMPERATURE, TEMPERATURE, maxTokensFor } from "./prompt";
import { apologies, capacityMessage, errorApology, quotaExceededError } from "./texts";

export type ProviderOutcome =
  | { kind: "answer"; text: string }
  /** Rate limited twice: a canned apology. */
  | { kind: "fallback"; text: string }
  /** `error`: "API quota exceeded", in the page's language. */
  | { kind: "capacity"; text: string; error: string }
  /** `error`: "Failed to get a response. Please try again.", in the page's language. */
  | { kind: "failed"; text: string; error: string };

export interface ChatProvider {
  readonly model: string;
  /**
   * Streams the reply through onDelta and resolves with what the visitor ends up seeing; our own
   * texts (apologies, errors) in `locale`, the page's language (English when absent).
   */
  complete(messages: PromptMessage[], onDelta: (text: string) => void, signal: AbortSignal, locale?: Locale): Promise<ProviderOutcome>;
}

interface Attempt {
  temperature: number;
  max_tokens: number;
}

const isQuotaExhausted = (error: { code?: unknown; type?: unknown }): boolean =>
  error.code === "insufficient_quota" || error.type === "insufficient_quota";

class ProviderTimeout extends Error {
  constructor(what: string) {
    super(`AI provider ${what}`);
    this.name = "ProviderTimeout";
  }
}

/** A provider request's result as the metrics count it: a few fixed classes. */
function resultClass(error: unknown): string {
  if (error instanceof ProviderTimeout) return "timeout";
  if (error instanceof APIError && typeof error.status === "number") {
    if (error.status === 429) return isQuotaExhausted(error) ? "quota" : "rate_limit";
    return error.status >= 500 ? "server" : "client";
  }
  if (error instanceof APIError) return "network";
  return "other";
}

export function createProvider(
  ai: Config["ai"] & { apiKey: string },
  teamEmail: string,
  logger: Logger,
  random: () => number = Math.random,
): ChatProvider {
  const client = new OpenAI({
    apiKey: ai.apiKey,
    baseURL: ai.baseUrl,
    timeout: ai.timeoutMs,
    maxRetries: 0,
  });

  async function attempt(messages: PromptMessage[], settings: Attempt, onDelta: (text: string) => void, outer: AbortSignal): Promise<string> {
    const controller = new AbortController();
    const abortFromOuter = () => controller.abort(outer.reason);
    if (outer.aborted) abortFromOuter();
    outer.addEventListener("abort", abortFromOuter, { once: true });
    const started = process.hrtime.bigint();
    let result = "ok";
    let idle = setTimeout(() => controller.abort(new ProviderTimeout("sent nothing in time")), ai.timeoutMs);
    const deadline = setTimeout(() => controller.abort(new ProviderTimeout("reply took too long")), ai.timeoutMs * 3);
    try {
      const stream = await client.chat.completions.create(
        // The usage comes in the stream's last chunk (the metrics count tokens).
        { model: ai.model, messages, temperature: settings.temperature, max_tokens: settings.max_tokens, stream: true, stream_options: { include_usage: true } },
        { signal: controller.signal },
      );
      let text = "";
      for await (const chunk of stream) {
        clearTimeout(idle);
        idle = setTimeout(() => controller.abort(new ProviderTimeout("stream stalled")), ai.timeoutMs);
        if (chunk.usage) {
          providerTokens.inc({ type: "prompt" }, chunk.usage.prompt_tokens);
          providerTokens.inc({ type: "completion" }, chunk.usage.completion_tokens);
        }
        const delta = chunk.choices?.[0]?.delta?.content;
        if (delta) {
          text += delta;
          onDelta(delta);
        }
      }
      if (controller.signal.aborted) throw controller.signal.reason;
      if (text.trim() === "") throw new Error("AI provider returned an empty reply");
      return text;
    } catch (error) {
      // The SDK reports our abort as APIUserAbortError; surface the reason (timeout) instead.
      const reason: unknown = controller.signal.aborted && controller.signal.reason instanceof Error ? controller.signal.reason : error;
      result = outer.aborted ? "cancelled" : resultClass(reason);
      throw reason;
    } finally {
      providerRequests.inc({ result });
      providerDuration.observe({ result }, Number(process.hrtime.bigint() - started) / 1e9);
      clearTimeout(idle);
      clearTimeout(deadline);
      outer.removeEventListener("abort", abortFromOuter);
    }
  }

  const failed = (locale: Locale): ProviderOutcome => ({ kind: "failed", text: errorApology(locale), error: chatFailure(locale) });
  const capacity = (locale: Locale): ProviderOutcome => ({ kind: "capacity", text: capacityMessage(teamEmail, locale), error: quotaExceededError(locale) });

  return {
    model: ai.model,
    async complete(messages, onDelta, signal, locale = "en") {
      const first: Attempt = { temperature: TEMPERATURE, max_tokens: maxTokensFor(messages.length) };
      try {
        return { kind: "answer", text: await attempt(messages, first, onDelta, signal) };
      } catch (error) {
        if (!(error instanceof APIError) || error.status !== 429 || signal.aborted) {
          logger.warn({ err: error }, "AI provider request failed");
          return failed(locale);
        }
        if (isQuotaExhausted(error)) {
          logger.error({ status: error.status, code: error.code }, "AI provider quota exhausted");
          return capacity(locale);
        }
        logger.warn({ status: error.status }, "AI provider rate limit; retrying once with reduced settings");
      }
      try {
        return { kind: "answer", text: await attempt(messages, { temperature: RETRY_TEMPERATURE, max_tokens: RETRY_MAX_TOKENS }, onDelta, signal) };
      } catch (error) {
        logger.warn({ err: error }, "AI provider retry failed");
        if (error instanceof APIError && error.status === 429 && isQuotaExhausted(error)) return capacity(locale);
        if (signal.aborted) return failed(locale);
        const canned = apologies(locale);
        const index = Math.min(canned.length - 1, Math.floor(random() * canned.length));
        return { kind: "fallback", text: canned[index] ?? errorApology(locale) };
      }
    },
  };
}
