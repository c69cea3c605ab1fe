/**
 * The chat's mirror in the browser's local storage (spec §3 keys chatLimits, userName,
 * chatHistory). The server holds the conversation, the lead and the quota; this copy lets a
 * reload skip the name step and show the history at once. Every access is guarded: storage may be
 * disabled, full, or hold anything.
 */
import type { ChatLimits, ChatMessage } from "./chat-contract";

export const STORAGE_KEYS = { userName: "userName", chatHistory: "chatHistory", chatLimits: "chatLimits" } as const;

export interface StoredChat {
  userName: string | null;
  /** Only with a name (a history without one is not restored). */
  history: ChatMessage[];
  limits: ChatLimits | undefined;
}

function read(key: string): string | null {
  try {
    return window.localStorage.getItem(key);
  } catch {
    return null;
  }
}

function write(key: string, value: string): void {
  try {
    window.localStorage.setItem(key, value);
  } catch {
    // Storage full or disabled: the server still holds the conversation.
  }
}

function readJson(key: string): unknown {
  try {
    const raw = read(key);
    return raw ? (JSON.parse(raw) as unknown) : undefined;
  } catch {
    return undefined;
  }
}

const isRecord = (value: unknown): value is Record<string, unknown> => typeof value === "object" && value !== null;

const isMessage = (value: unknown): value is ChatMessage => isRecord(value) && typeof value.content === "string";

const isLimits = (value: unknown): value is ChatLimits =>
  isRecord(value) && typeof value.remainingMessages === "number" && typeof value.resetTime === "string";

export function readStoredChat(): StoredChat {
  const userName = read(STORAGE_KEYS.userName)?.trim() || null;
  const history = readJson(STORAGE_KEYS.chatHistory);
  const limits = readJson(STORAGE_KEYS.chatLimits);
  return {
    userName,
    history: userName && Array.isArray(history) ? history.filter(isMessage) : [],
    limits: isLimits(limits) ? limits : undefined,
  };
}

export const storeUserName = (name: string): void => write(STORAGE_KEYS.userName, name);

/** Each line's role and text, and an answer's sources (checked again when read: chat-reducer.ts). */
export const storeHistory = (messages: readonly ChatMessage[]): void =>
  write(STORAGE_KEYS.chatHistory, JSON.stringify(messages.map(({ role, content, sources }) => (sources ? { role, content, sources } : { role, content }))));

export const storeLimits = (limits: ChatLimits): void => write(STORAGE_KEYS.chatLimits, JSON.stringify(limits));
