/**
 * The chat's state (spec §3 Chat state, §4 Chat) as a pure reducer. The step replaces the spec's
 * awaitingName/awaitingEmail pair: "name", then "email", then "message" (questions to Max Load).
 */
import { ASSISTANT_NAME } from "~/content/brand";
import { type ChatLimits, type ChatMessage, type ChatSource, DAILY_MESSAGES, type ReplyEvent, type SessionResponse } from "./chat-contract";
import * as m from "~/paraglide/messages.js";
import { greeting, niceToMeetYou } from "./chat-lines";
import type { StoredChat } from "./chat-storage";
import { saysLabel } from "./chat-texts";

export type ChatStep = "name" | "email" | "message";

export interface DisplayMessage {
  id: number;
  role: "user" | "assistant";
  content: string;
  /** The site sections an answer drew on (absent when none). */
  sources?: ChatSource[];
}

export interface ChatState {
  step: ChatStep;
  messages: DisplayMessage[];
  /** The id the next message gets. */
  nextId: number;
  userName: string | null;
  userEmail: string | null;
  isLoading: boolean;
  /** The assistant bubble a reply is streaming into, if any. */
  streamingId: number | null;
  error: string | null;
  limits: ChatLimits | undefined;
  /** The live region's text: each finished assistant line, once. */
  announcement: string;
  /** The last session reconciled, so each one is applied once. */
  session: SessionResponse | null;
}

export type ChatAction =
  /** The server's view of the visitor (allowance, name, email, history) arrived. */
  | { type: "session"; session: SessionResponse }
  /** Step "name": the visitor's (trimmed, non-empty) name. */
  | { type: "name"; name: string }
  /** The visitor's line (email or question) is added to the conversation. */
  | { type: "user"; content: string }
  | { type: "busy" }
  /** A refusal or a failure: the reply (if one was streaming) is dropped. */
  | { type: "failed"; error: string; limits?: ChatLimits }
  | { type: "lead-saved"; email: string; message: string; limits: ChatLimits }
  /** "Ask the team": the conversation went to the team; Max Load's confirmation. */
  | { type: "handed-over"; message: string }
  /** One event of the reply stream. */
  | { type: "reply"; event: ReplyEvent }
  | { type: "error"; error: string | null };

const displayRole = (role: ChatMessage["role"]): DisplayMessage["role"] => (role === "user" ? "user" : "assistant");

/**
 * A path of this site and a section id ("/platform#tokens"): no scheme, no host ("//"), and none of
 * the characters a URL parser drops or turns into a slash (tabs, newlines, backslashes).
 */
const SITE_PATH = /^\/(?!\/)[\w\-./~%]*(?:#[\w\-.~%]+)?$/;

/**
 * The sources worth a link: pages of this site ("/platform#tokens"), each once, with a label.
 * Local storage may hold anything, so nothing else (another origin, `javascript:`) becomes a link.
 */
export function siteSources(sources: unknown): ChatSource[] | undefined {
  if (!Array.isArray(sources)) return undefined;
  const kept: ChatSource[] = [];
  for (const source of sources as unknown[]) {
    if (typeof source !== "object" || source === null) continue;
    const { href, label } = source as Partial<Record<keyof ChatSource, unknown>>;
    if (typeof href !== "string" || typeof label !== "string" || label.trim() === "") continue;
    if (!SITE_PATH.test(href) || kept.some((k) => k.href === href)) continue;
    kept.push({ href, label: label.trim() });
  }
  return kept.length > 0 ? kept : undefined;
}

const withSources = <T extends object>(message: T, sources: unknown): T & { sources?: ChatSource[] } => {
  const kept = siteSources(sources);
  return kept ? { ...message, sources: kept } : message;
};

/** Adds lines (a stored "system" line shows as the assistant's), or replaces them all. */
function withLines(state: ChatState, lines: readonly ChatMessage[], replace = false): ChatState {
  const added = lines.map((line, index) =>
    withSources({ id: state.nextId + index, role: displayRole(line.role), content: line.content }, line.role === "user" ? undefined : line.sources),
  );
  return { ...state, messages: replace ? added : [...state.messages, ...added], nextId: state.nextId + added.length };
}

/** The live region's text for one of Max Load's lines, with the sections it links to. */
const announced = (state: ChatState, text: string, sources?: readonly ChatSource[]): ChatState => ({
  ...state,
  announcement: `${saysLabel(ASSISTANT_NAME)} ${text}${sources ? ` ${m.chat_sources_label()} ${sources.map((source) => source.label).join(", ")}.` : ""}`,
});

export function initialChatState(stored: StoredChat): ChatState {
  const empty: ChatState = {
    step: stored.userName ? "message" : "name",
    messages: [],
    nextId: 1,
    userName: stored.userName,
    userEmail: null,
    isLoading: false,
    streamingId: null,
    error: null,
    limits: stored.limits,
    announcement: "",
    session: null,
  };
  return withLines(empty, stored.history.length > 0 ? stored.history : [{ role: "assistant", content: greeting() }]);
}

/** Spec §4: once the current time passes resetTime, the allowance is back to 5. */
export function effectiveLimits(limits: ChatLimits, now = Date.now()): ChatLimits {
  return now >= Date.parse(limits.resetTime) ? { ...limits, remainingMessages: DAILY_MESSAGES } : limits;
}

/**
 * The session tells what the server knows: the allowance, and how far the lead step went. A name
 * the server knows (and its history) wins over none; a known email ends the lead step; a name
 * without an email asks for the email (once).
 */
function reconcile(state: ChatState, session: SessionResponse): ChatState {
  let next: ChatState = { ...state, session, limits: session.limits };
  const name = state.userName ?? session.name ?? null;
  if (!state.userName && session.name) {
    next = { ...next, userName: session.name };
    if (session.history && session.history.length > 0) next = withLines(next, session.history, true);
  }
  if (session.email) return { ...next, userEmail: session.email, step: name ? "message" : next.step };
  if (!name) return next;
  next = { ...next, step: "email" };
  const prompt = niceToMeetYou(name);
  return next.messages.at(-1)?.content === prompt ? next : withLines(next, [{ role: "assistant", content: prompt }]);
}

/** The streamed reply's bubble: created by the first text, then appended to or replaced. */
function streamed(state: ChatState, text: string, append: boolean): ChatState {
  if (state.streamingId === null) return { ...withLines(state, [{ role: "assistant", content: text }]), streamingId: state.nextId };
  const id = state.streamingId;
  return { ...state, messages: state.messages.map((m) => (m.id === id ? { ...m, content: append ? m.content + text : text } : m)) };
}

const withoutStream = (state: ChatState): ChatState => ({
  ...state,
  messages: state.streamingId === null ? state.messages : state.messages.filter((m) => m.id !== state.streamingId),
  streamingId: null,
});

const finished = (state: ChatState): ChatState => ({ ...state, isLoading: false, streamingId: null });

function onReply(state: ChatState, event: ReplyEvent): ChatState {
  switch (event.type) {
    case "delta":
      return streamed(state, event.text, true);
    case "done": {
      const next = streamed(state, event.reply, false);
      const id = next.streamingId;
      const sources = siteSources(event.sources);
      const messages = sources ? next.messages.map((m) => (m.id === id ? { ...m, sources } : m)) : next.messages;
      return finished(announced({ ...next, messages, limits: event.limits }, event.reply, sources));
    }
    case "error": {
      const shown = event.reply ? announced(streamed(state, event.reply, false), event.reply) : withoutStream(state);
      return finished({ ...shown, limits: event.limits, error: event.error });
    }
  }
}

export function chatReducer(state: ChatState, action: ChatAction): ChatState {
  switch (action.type) {
    case "session":
      return reconcile(state, action.session);
    case "name": {
      const reply = niceToMeetYou(action.name);
      const next = withLines(state, [
        { role: "user", content: action.name },
        { role: "assistant", content: reply },
      ]);
      return announced({ ...next, userName: action.name, step: "email" }, reply);
    }
    case "user":
      return withLines(state, [{ role: "user", content: action.content }]);
    case "busy":
      return { ...state, isLoading: true };
    case "failed":
      return finished({ ...withoutStream(state), error: action.error, limits: action.limits ?? state.limits });
    case "lead-saved": {
      const next = withLines(state, [{ role: "assistant", content: action.message }]);
      return finished(announced({ ...next, limits: action.limits, userEmail: action.email, step: "message" }, action.message));
    }
    case "handed-over":
      return announced(withLines({ ...state, error: null }, [{ role: "assistant", content: action.message }]), action.message);
    case "reply":
      return onReply(state, action.event);
    case "error":
      return { ...state, error: action.error };
  }
}
