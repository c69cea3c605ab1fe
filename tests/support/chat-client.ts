/**
 * A visitor of the chat API, as a browser would be one: its own cookie jar, the site's Origin, a
 * JSON body; the NDJSON reply stream parsed into events.
 *
 *   const visitor = chatVisitor(site.url);
 *   await visitor.session();
 *   await visitor.lead("Ada", "ada@example.com");
 *   const reply = await visitor.send("What services do you offer?");
 *   reply.status, reply.events, reply.final, reply.text (the streamed deltas joined)
 *
 * A visitor of the French page: chatVisitor(site.url, {}, "fr") sends `locale: "fr"` in every body.
 */
import type { ChatLimits, ReplyEvent, SessionResponse } from "~/features/chat/chat-contract";
import { ndjsonSplitter } from "./ndjson";

export interface SendResult {
  status: number;
  headers: Headers;
  /** For a non-stream answer (4xx/5xx): the JSON body. */
  json?: { error?: string; limits?: ChatLimits };
  events: ReplyEvent[];
  /** The last event (done or error). */
  final?: Extract<ReplyEvent, { type: "done" | "error" }>;
  /** The deltas joined. */
  text: string;
  /** Epoch ms (performance.timeOrigin-based) when each delta arrived. */
  deltaReceivedAt: number[];
}

export interface ChatVisitor {
  cookie: string | undefined;
  /** The page's language sent in every body, as the browser does (none: the field is left out). */
  locale: "en" | "fr" | undefined;
  headers: Record<string, string>;
  session(timeZone?: string): Promise<{ status: number; body: SessionResponse }>;
  lead(name: string, email: string, timeZone?: string): Promise<{ status: number; body: { message?: string; limits?: ChatLimits; error?: string } }>;
  send(text: string, options?: { timeZone?: string }): Promise<SendResult>;
  transcript(): Promise<{ status: number; body: { ok?: boolean; error?: string } }>;
  post(path: string, body: string, headers?: Record<string, string>): Promise<Response>;
}

const now = () => performance.timeOrigin + performance.now();

export function chatVisitor(siteUrl: string, extraHeaders: Record<string, string> = {}, locale?: "en" | "fr"): ChatVisitor {
  const inLocale = (body: object): string => JSON.stringify(visitor.locale ? { ...body, locale: visitor.locale } : body);
  const visitor: ChatVisitor = {
    cookie: undefined,
    locale,
    headers: { origin: siteUrl, ...extraHeaders },
    async session(timeZone = "Europe/Paris") {
      const response = await fetch(`${siteUrl}/api/chat/session?timeZone=${encodeURIComponent(timeZone)}`, { headers: requestHeaders() });
      keepCookie(response);
      return { status: response.status, body: (await response.json()) as SessionResponse };
    },
    async lead(name, email, timeZone = "Europe/Paris") {
      const response = await visitor.post("/api/chat/lead", inLocale({ name, email, timeZone }));
      return { status: response.status, body: (await response.json()) as { message?: string; limits?: ChatLimits; error?: string } };
    },
    async send(text, options = {}) {
      const response = await visitor.post("/api/chat/messages", inLocale({ text, timeZone: options.timeZone ?? "Europe/Paris" }));
      const result: SendResult = { status: response.status, headers: response.headers, events: [], text: "", deltaReceivedAt: [] };
      if (!response.headers.get("content-type")?.includes("ndjson")) {
        result.json = (await response.json()) as SendResult["json"];
        return result;
      }
      const reader = response.body!.getReader();
      const decoder = new TextDecoder();
      let at = now();
      const push = ndjsonSplitter<ReplyEvent>((event) => {
        result.events.push(event);
        if (event.type === "delta") {
          result.text += event.text;
          result.deltaReceivedAt.push(at);
        } else {
          result.final = event;
        }
      });
      for (;;) {
        const { done, value } = await reader.read();
        if (done) break;
        at = now();
        push(decoder.decode(value, { stream: true }));
      }
      return result;
    },
    async transcript() {
      const response = await visitor.post("/api/chat/transcript", JSON.stringify({ locale: visitor.locale ?? "en" }));
      return { status: response.status, body: (await response.json()) as { ok?: boolean; error?: string } };
    },
    async post(path, body, headers = {}) {
      const response = await fetch(`${siteUrl}${path}`, {
        method: "POST",
        headers: { ...requestHeaders(), "content-type": "application/json", ...headers },
        body,
      });
      keepCookie(response);
      return response;
    },
  };
  function requestHeaders(): Record<string, string> {
    return { ...visitor.headers, ...(visitor.cookie ? { cookie: visitor.cookie } : {}) };
  }
  function keepCookie(response: Response) {
    for (const header of response.headers.getSetCookie()) {
      const pair = header.split(";")[0];
      if (pair?.startsWith("maxload_session=")) visitor.cookie = pair;
    }
  }
  return visitor;
}
