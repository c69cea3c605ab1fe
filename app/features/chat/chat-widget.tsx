/**
 * The interactive Max Load chat (spec §2 Chat demo, §4 Chat), loaded after first paint by
 * chat-section.tsx. The server keeps the conversation, the quota and the lead; this component
 * mirrors them in local storage (userName, chatHistory, chatLimits) and streams replies.
 */
import { type FormEvent, useCallback, useEffect, useLayoutEffect, useRef, useState } from "react";
import { toast } from "~/shared/ui/toast";
import { ChatFrame, MessageBubble, Suggestions } from "./chat-frame";
import type { ChatWidgetProps } from "./chat-section";
import {
  CHAT_FAILURE,
  type ChatLimits,
  type ChatMessage,
  DAILY_MESSAGES,
  GREETING,
  INVALID_EMAIL,
  LIMIT_REACHED,
  type LeadResponse,
  MAX_MESSAGE_LENGTH,
  MESSAGE_TOO_LONG,
  PLACEHOLDER_EMAIL,
  PLACEHOLDER_MESSAGE,
  PLACEHOLDER_NAME,
  type ReplyEvent,
  STORAGE_KEYS,
  TRANSCRIPT_FAILED,
  TRANSCRIPT_SENDING,
  TRANSCRIPT_SENT,
  UNEXPECTED_ERROR,
  isValidEmail,
  niceToMeetYou,
  remainingLabel,
} from "./chat-texts";
import { Markdown } from "./markdown";
import { ChatSessionProvider, browserTimeZone, useChatSession } from "./session-context";

/** A reply stream silent for this long ends in the failure text (the server's own limit is shorter). */
export const STALL_MS = 45_000;

interface DisplayMessage {
  id: number;
  role: "user" | "assistant";
  content: string;
}

let lastId = 0;
const nextId = () => ++lastId;
const toDisplay = (message: ChatMessage): DisplayMessage => ({
  id: nextId(),
  role: message.role === "user" ? "user" : "assistant",
  content: message.content,
});
const greeting = (): DisplayMessage => ({ id: nextId(), role: "assistant", content: GREETING });

function readJson<T>(key: string): T | undefined {
  try {
    const raw = window.localStorage.getItem(key);
    return raw ? (JSON.parse(raw) as T) : undefined;
  } catch {
    return undefined;
  }
}

function writeStorage(key: string, value: string | undefined) {
  try {
    if (value === undefined) window.localStorage.removeItem(key);
    else window.localStorage.setItem(key, value);
  } catch {
    // Storage full or disabled: the server still holds the conversation.
  }
}

function readStored() {
  let userName: string | null = null;
  try {
    userName = window.localStorage.getItem(STORAGE_KEYS.userName)?.trim() || null;
  } catch {
    userName = null;
  }
  const history = readJson<ChatMessage[]>(STORAGE_KEYS.chatHistory);
  const limits = readJson<ChatLimits>(STORAGE_KEYS.chatLimits);
  return {
    userName,
    history: userName && Array.isArray(history) ? history.filter((m) => typeof m?.content === "string").map(toDisplay) : [],
    limits: limits && typeof limits.remainingMessages === "number" && typeof limits.resetTime === "string" ? limits : undefined,
  };
}

/** Spec §4: once the current time passes resetTime, the allowance is back to 5. */
function effectiveLimits(limits: ChatLimits): ChatLimits {
  return Date.now() >= Date.parse(limits.resetTime) ? { ...limits, remainingMessages: DAILY_MESSAGES } : limits;
}

export function ChatWidget(props: ChatWidgetProps) {
  return (
    <ChatSessionProvider>
      <Chat {...props} />
    </ChatSessionProvider>
  );
}

function Chat({ initialText, focusInput }: ChatWidgetProps) {
  const { session, loading: sessionLoading } = useChatSession();
  const [stored] = useState(readStored);
  const [messages, setMessages] = useState<DisplayMessage[]>(() => (stored.history.length > 0 ? stored.history : [greeting()]));
  const [userName, setUserName] = useState<string | null>(stored.userName);
  const [userEmail, setUserEmail] = useState<string | null>(null);
  const [awaitingName, setAwaitingName] = useState(!stored.userName);
  const [awaitingEmail, setAwaitingEmail] = useState(false);
  const [isLoading, setIsLoading] = useState(false);
  const [streamingId, setStreamingId] = useState<number | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [limits, setLimits] = useState<ChatLimits | undefined>(stored.limits);
  const [input, setInput] = useState(initialText);
  const [announcement, setAnnouncement] = useState("");
  const [sendingTranscript, setSendingTranscript] = useState(false);
  const listRef = useRef<HTMLDivElement>(null);
  const inputRef = useRef<HTMLInputElement>(null);
  const refocus = useRef(focusInput);

  // The session tells what the server knows: the allowance, and whether the lead step is done.
  // Adjusted while rendering when it arrives (React's pattern for state derived from a change).
  const [seenSession, setSeenSession] = useState<typeof session>(null);
  if (session && session !== seenSession) {
    setSeenSession(session);
    setLimits(session.limits);
    const name = userName ?? session.name ?? null;
    if (!userName && session.name) {
      setUserName(session.name);
      setAwaitingName(false);
      if (session.history && session.history.length > 0) setMessages(session.history.map(toDisplay));
    }
    if (session.email) {
      setUserEmail(session.email);
      setAwaitingEmail(false);
    } else if (name) {
      setAwaitingEmail(true);
      const prompt = niceToMeetYou(name);
      setMessages((current) => (current.at(-1)?.content === prompt ? current : [...current, { id: nextId(), role: "assistant", content: prompt }]));
    }
  }

  // Spec §4: history and name are saved whenever they change.
  useEffect(() => {
    if (userName) writeStorage(STORAGE_KEYS.userName, userName);
  }, [userName]);
  useEffect(() => {
    if (streamingId !== null) return;
    writeStorage(STORAGE_KEYS.chatHistory, JSON.stringify(messages.map(({ role, content }) => ({ role, content }))));
  }, [messages, streamingId]);
  useEffect(() => {
    if (limits) writeStorage(STORAGE_KEYS.chatLimits, JSON.stringify(limits));
  }, [limits]);

  // The list shows the newest message (scrolling the list, never the page).
  useLayoutEffect(() => {
    const list = listRef.current;
    if (list) list.scrollTop = list.scrollHeight;
  }, [messages, isLoading]);

  useEffect(() => {
    if (!isLoading && refocus.current) inputRef.current?.focus();
  }, [isLoading]);

  const add = useCallback((role: DisplayMessage["role"], content: string): number => {
    const id = nextId();
    setMessages((current) => [...current, { id, role, content }]);
    return id;
  }, []);

  const announce = (text: string) => setAnnouncement(`Max Load says: ${text}`);

  async function saveLead(email: string) {
    const name = userName ?? "";
    setIsLoading(true);
    try {
      const response = await fetch("/api/chat/lead", {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: JSON.stringify({ name, email, timeZone: browserTimeZone() }),
      });
      const body = (await response.json().catch(() => ({}))) as Partial<LeadResponse> & { error?: string };
      if (!response.ok || !body.message || !body.limits) {
        setError(body.error ?? CHAT_FAILURE);
        return;
      }
      add("assistant", body.message);
      announce(body.message);
      setLimits(body.limits);
      setUserEmail(email);
      setAwaitingEmail(false);
    } catch (failure) {
      console.warn("Could not save the chat lead", failure);
      setError(CHAT_FAILURE);
    } finally {
      setIsLoading(false);
    }
  }

  async function ask(text: string) {
    setIsLoading(true);
    const controller = new AbortController();
    let stall: ReturnType<typeof setTimeout> | undefined;
    const armStall = () => {
      clearTimeout(stall);
      stall = setTimeout(() => controller.abort(), STALL_MS);
    };
    let bubble: number | null = null;
    const setBubble = (content: string, append: boolean) => {
      if (bubble === null) {
        const id = nextId();
        bubble = id;
        setStreamingId(id);
        setMessages((current) => [...current, { id, role: "assistant", content }]);
        return;
      }
      const id = bubble;
      setMessages((current) => current.map((m) => (m.id === id ? { ...m, content: append ? m.content + content : content } : m)));
    };
    const dropBubble = () => {
      const id = bubble;
      if (id !== null) setMessages((current) => current.filter((m) => m.id !== id));
      bubble = null;
    };
    armStall();
    try {
      const response = await fetch("/api/chat/messages", {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: JSON.stringify({ text, timeZone: browserTimeZone() }),
        signal: controller.signal,
      });
      if (!response.ok || !response.body || !response.headers.get("content-type")?.includes("ndjson")) {
        const body = (await response.json().catch(() => ({}))) as { error?: string; limits?: ChatLimits };
        if (body.limits) setLimits(body.limits);
        setError(response.status === 429 && body.limits ? LIMIT_REACHED : (body.error ?? CHAT_FAILURE));
        return;
      }
      const reader = response.body.getReader();
      const decoder = new TextDecoder();
      let buffer = "";
      let finished = false;
      while (!finished) {
        const { done, value } = await reader.read();
        if (done) break;
        armStall();
        buffer += decoder.decode(value, { stream: true });
        let newline: number;
        while ((newline = buffer.indexOf("\n")) >= 0) {
          const line = buffer.slice(0, newline).trim();
          buffer = buffer.slice(newline + 1);
          if (!line) continue;
          const event = JSON.parse(line) as ReplyEvent;
          if (event.type === "delta") setBubble(event.text, true);
          else if (event.type === "done") {
            setBubble(event.reply, false);
            setLimits(event.limits);
            announce(event.reply);
            finished = true;
          } else {
            if (event.reply) {
              setBubble(event.reply, false);
              announce(event.reply);
            } else dropBubble();
            setLimits(event.limits);
            setError(event.error);
            finished = true;
          }
        }
      }
      if (!finished) throw new Error("The reply stream ended early");
    } catch (failure) {
      console.warn("Max Load did not answer", failure);
      dropBubble();
      setError(CHAT_FAILURE);
    } finally {
      clearTimeout(stall);
      setStreamingId(null);
      setIsLoading(false);
    }
  }

  async function submit(raw: string) {
    if (raw.trim() === "" || isLoading) return;
    refocus.current = refocus.current || document.activeElement === inputRef.current;
    setError(null);
    if (awaitingName) {
      const name = raw.trim();
      setInput("");
      add("user", name);
      const reply = niceToMeetYou(name);
      add("assistant", reply);
      announce(reply);
      setUserName(name);
      setAwaitingName(false);
      setAwaitingEmail(true);
      return;
    }
    if (awaitingEmail) {
      const email = raw.trim();
      if (!isValidEmail(email)) {
        setError(INVALID_EMAIL);
        return;
      }
      setInput("");
      add("user", email);
      await saveLead(email);
      return;
    }
    if (raw.length > MAX_MESSAGE_LENGTH) {
      setError(MESSAGE_TOO_LONG);
      return;
    }
    if (limits && effectiveLimits(limits).remainingMessages <= 0) {
      setError(LIMIT_REACHED);
      return;
    }
    setInput("");
    add("user", raw);
    await ask(raw);
  }

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    void submit(input);
  };

  async function sendTranscript() {
    if (sendingTranscript) return;
    setSendingTranscript(true);
    try {
      const response = await fetch("/api/chat/transcript", { method: "POST", headers: { "content-type": "application/json" }, body: "{}" });
      if (response.ok) toast.success(TRANSCRIPT_SENT);
      else toast.error(TRANSCRIPT_FAILED);
    } catch (failure) {
      console.warn("Could not send the transcript", failure);
      toast.error(UNEXPECTED_ERROR);
    } finally {
      setSendingTranscript(false);
    }
  }

  const showCounter = !awaitingName && !awaitingEmail && userEmail !== null && limits !== undefined;
  const remaining = limits ? effectiveLimits(limits).remainingMessages : DAILY_MESSAGES;
  const step = awaitingName ? "name" : awaitingEmail ? "email" : "message";
  const typing = isLoading && streamingId === null && step === "message";
  const author = userName ?? "Visitor";

  return (
    <ChatFrame
      suggestions={
        <Suggestions
          onPick={(question) => {
            setInput(question);
            refocus.current = true;
            inputRef.current?.focus();
          }}
        />
      }
      listRef={listRef}
      messages={
        <>
          {messages.map((message) => (
            <MessageBubble key={message.id} role={message.role} author={author}>
              {message.role === "assistant" ? <Markdown text={message.content} /> : <p className="whitespace-pre-wrap">{message.content}</p>}
            </MessageBubble>
          ))}
          {typing ? (
            <MessageBubble role="assistant" author={author}>
              <span className="sr-only">Max Load is typing…</span>
              <span aria-hidden="true" className="flex h-6 items-center gap-1">
                <span className="size-2 animate-bounce rounded-full bg-muted" />
                <span className="size-2 animate-bounce rounded-full bg-muted [animation-delay:150ms]" />
                <span className="size-2 animate-bounce rounded-full bg-muted [animation-delay:300ms]" />
              </span>
            </MessageBubble>
          ) : null}
        </>
      }
      status={
        showCounter ? (
          <>
            <span className="font-medium text-ink" data-testid="chat-remaining">
              {remainingLabel(remaining)}
            </span>
            <div
              role="progressbar"
              aria-label="Free messages remaining today"
              aria-valuemin={0}
              aria-valuemax={DAILY_MESSAGES}
              aria-valuenow={remaining}
              aria-valuetext={remainingLabel(remaining)}
              className="h-2 flex-1 overflow-hidden rounded-full bg-surface"
            >
              <div className="h-full rounded-full bg-brand transition-[width]" style={{ width: `${(remaining / DAILY_MESSAGES) * 100}%` }} />
            </div>
          </>
        ) : null
      }
      inputRef={inputRef}
      inputLabel={step === "name" ? "Your name" : step === "email" ? "Your email" : "Your message to Max Load"}
      placeholder={step === "name" ? PLACEHOLDER_NAME : step === "email" ? PLACEHOLDER_EMAIL : PLACEHOLDER_MESSAGE}
      inputMode={step === "email" ? "email" : "text"}
      autoComplete={step === "name" ? "name" : step === "email" ? "email" : "off"}
      value={input}
      onChange={setInput}
      onSubmit={onSubmit}
      busy={isLoading || (sessionLoading && step === "message")}
      error={error}
      onTranscript={() => void sendTranscript()}
      transcriptLabel={sendingTranscript ? TRANSCRIPT_SENDING : undefined}
      transcriptDisabled={sendingTranscript}
      announcement={announcement}
      state={sessionLoading ? "loading" : "ready"}
    />
  );
}
