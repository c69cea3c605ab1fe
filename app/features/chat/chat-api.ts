/**
 * The browser's requests to /api/chat/* (docs/chat.md, Endpoints). Shapes and texts come from
 * chat-contract.ts; the request schemas (zod) are loaded on demand by loadChatSchemas.
 */
import { getLocale, pageLanguageHeaders } from "~/shared/i18n/locale";
import {
  type ChatLimits,
  type ErrorResponse,
  type HandoverResponse,
  type LeadResponse,
  type ReplyEvent,
  type SessionResponse,
  chatFailure,
  handoverFailed,
} from "./chat-contract";
import type * as ChatSchemas from "./chat-schemas";
import { ATTRIBUTION_FIELD, leadAttribution } from "~/shared/forms/attribution";

/** A reply stream silent for this long ends in the failure text (the server's own limit is shorter). */
export const STALL_MS = 45_000;

/** A JSON body, and the page's language for a refusal made before it is read (too large, not JSON). */
const jsonHeaders = (locale = getLocale()) => ({ "content-type": "application/json", ...pageLanguageHeaders(locale) });

let schemas: Promise<typeof ChatSchemas> | undefined;
/** The request schemas, in their own chunk (zod), fetched once. */
export const loadChatSchemas = (): Promise<typeof ChatSchemas> => {
  schemas ??= import("./chat-schemas").catch((error: unknown) => {
    schemas = undefined;
    throw error;
  });
  return schemas;
};

export const browserTimeZone = (): string | undefined => {
  try {
    return Intl.DateTimeFormat().resolvedOptions().timeZone || undefined;
  } catch {
    return undefined;
  }
};

/** A JSON body, or an empty object when there is none or it is not JSON. */
async function jsonBody<T>(response: Response): Promise<Partial<T>> {
  return (await response.json().catch(() => ({}))) as Partial<T>;
}

export async function fetchSession(timeZone = browserTimeZone()): Promise<SessionResponse> {
  const query = timeZone ? `?timeZone=${encodeURIComponent(timeZone)}` : "";
  const response = await fetch(`/api/chat/session${query}`, { credentials: "same-origin" });
  if (!response.ok) throw new Error(`GET /api/chat/session answered ${response.status}`);
  return (await response.json()) as SessionResponse;
}

/**
 * Stores the lead, with its attribution (where the visit began, this page's path); the answer is
 * Max Load's demo-limit line and the allowance, or the refusal's text.
 */
export async function saveLead(lead: ChatSchemas.LeadRequest): Promise<{ ok: true; value: LeadResponse } | { ok: false; error: string }> {
  const body = JSON.stringify({ ...lead, [ATTRIBUTION_FIELD]: leadAttribution() });
  const response = await fetch("/api/chat/lead", { method: "POST", headers: jsonHeaders(lead.locale), body });
  const answer = await jsonBody<LeadResponse & ErrorResponse>(response);
  if (response.ok && answer.message && answer.limits) return { ok: true, value: { message: answer.message, limits: answer.limits } };
  return { ok: false, error: answer.error ?? chatFailure() };
}

/** Whether the server queued the transcript. */
export async function sendTranscript(): Promise<boolean> {
  const response = await fetch("/api/chat/transcript", { method: "POST", headers: jsonHeaders(), body: JSON.stringify({ locale: getLocale() }) });
  return response.ok;
}

/** "Ask the team" (a contact message, with its attribution as a lead): Max Load's confirmation, or the refusal's text. */
export async function askTeam(): Promise<{ ok: true; message: string } | { ok: false; error: string }> {
  const body = JSON.stringify({ locale: getLocale(), [ATTRIBUTION_FIELD]: leadAttribution() });
  const response = await fetch("/api/chat/handover", { method: "POST", headers: jsonHeaders(), body });
  const answer = await jsonBody<HandoverResponse & ErrorResponse>(response);
  if (response.ok && answer.message) return { ok: true, message: answer.message };
  return { ok: false, error: answer.error ?? handoverFailed() };
}

export type ReplyStart =
  /** The events of the reply, as they arrive; the last one is "done" or "error". */
  | { ok: true; events: AsyncGenerator<ReplyEvent> }
  /** Refused before any answer (403 before the lead, 429 with the limits, 503…). */
  | { ok: false; status: number; error: string | undefined; limits: ChatLimits | undefined };

/**
 * Asks Max Load. A request or stream that stays silent for stallMs is aborted: the events then
 * end with an AbortError, as they do when the connection fails.
 */
export async function postMessage(text: string, timeZone = browserTimeZone(), stallMs = STALL_MS, locale = getLocale()): Promise<ReplyStart> {
  const controller = new AbortController();
  let stall: ReturnType<typeof setTimeout> | undefined;
  const arm = () => {
    clearTimeout(stall);
    stall = setTimeout(() => controller.abort(), stallMs);
  };
  const disarm = () => clearTimeout(stall);
  arm();
  try {
    const response = await fetch("/api/chat/messages", {
      method: "POST",
      headers: jsonHeaders(locale),
      body: JSON.stringify({ text, timeZone, locale }),
      signal: controller.signal,
    });
    if (!response.ok || !response.body || !response.headers.get("content-type")?.includes("ndjson")) {
      const body = await jsonBody<ErrorResponse>(response);
      disarm();
      return { ok: false, status: response.status, error: body.error, limits: body.limits };
    }
    return { ok: true, events: ndjsonLines<ReplyEvent>(chunksOf(response.body, arm), disarm) };
  } catch (error) {
    disarm();
    throw error;
  }
}

/** The chunks of a byte stream, calling onChunk as each arrives (getReader: not every browser iterates streams). */
export async function* chunksOf(body: ReadableStream<Uint8Array>, onChunk?: () => void): AsyncGenerator<Uint8Array> {
  const reader = body.getReader();
  try {
    for (;;) {
      const { done, value } = await reader.read();
      if (done) return;
      onChunk?.();
      yield value;
    }
  } finally {
    reader.releaseLock();
  }
}

/**
 * NDJSON values parsed as they arrive: a line may be split across chunks (even inside a UTF-8
 * character), a chunk may hold several lines, blank lines are skipped, and a last line without
 * its newline still counts. A line that is not JSON throws. onEnd runs however the iteration ends.
 */
export async function* ndjsonLines<T>(chunks: AsyncIterable<Uint8Array>, onEnd?: () => void): AsyncGenerator<T> {
  const decoder = new TextDecoder();
  let buffer = "";
  try {
    for await (const chunk of chunks) {
      buffer += decoder.decode(chunk, { stream: true });
      let newline: number;
      while ((newline = buffer.indexOf("\n")) >= 0) {
        const line = buffer.slice(0, newline).trim();
        buffer = buffer.slice(newline + 1);
        if (line) yield JSON.parse(line) as T;
      }
    }
    const last = (buffer + decoder.decode()).trim();
    if (last) yield JSON.parse(last) as T;
  } finally {
    onEnd?.();
  }
}
