/**
 * The interactive Max Load chat (spec §2 Chat demo), loaded after first paint by chat-section.tsx.
 * It renders what useChat (use-chat.ts) holds, and keeps the input focused and the newest message
 * in view.
 */
import { type FormEvent, type Ref, useEffect, useLayoutEffect, useRef } from "react";
import { ChatFrame, MessageBubble, Suggestions } from "./chat-frame";
import type { ChatWidgetProps } from "./chat-section";
import { RemainingMeter, TypingIndicator } from "./chat-status";
import type { ChatSource } from "./chat-contract";
import * as m from "~/paraglide/messages.js";
import { inputLabel, placeholder } from "./chat-texts";
import { Markdown } from "./markdown";
import { ChatSessionProvider } from "./session-context";
import { useChat } from "./use-chat";

const AUTOCOMPLETE = { name: "name", email: "email", message: "off" } as const;

export function ChatWidget(props: ChatWidgetProps) {
  return (
    <ChatSessionProvider>
      <Chat {...props} />
    </ChatSessionProvider>
  );
}

/** Spec §2 Home: the newsletter block and the contact section, where a visitor goes once the day's messages are used. */
function NextSteps({ navRef }: { navRef: Ref<HTMLElement> }) {
  const link = "font-semibold text-brand underline underline-offset-2 hover:text-brand-strong";
  return (
    <nav ref={navRef} aria-label={m.chat_next_steps_title()}>
      <p className="font-medium text-ink">{m.chat_next_steps_title()}</p>
      <ul className="mt-1 flex flex-wrap gap-x-6 gap-y-1">
        <li>
          <a href="#newsletter" className={link}>
            {m.chat_next_step_newsletter()}
          </a>
        </li>
        <li>
          <a href="#contact" className={link}>
            {m.chat_next_step_contact()}
          </a>
        </li>
      </ul>
    </nav>
  );
}

/**
 * Below an answer: links to the site sections it drew on. Plain links: a section of this page
 * scrolls into view, another page opens at its section (the conversation is kept).
 */
function Sources({ id, sources }: { id: number; sources: readonly ChatSource[] }) {
  const labelId = `chat-sources-${id}`;
  return (
    <div className="flex flex-wrap items-baseline gap-x-2 self-stretch px-1 text-sm">
      <span id={labelId} className="text-muted">
        {m.chat_sources_label()}
      </span>
      <ul aria-labelledby={labelId} className="flex flex-wrap gap-x-3">
        {sources.map((source) => (
          <li key={source.href}>
            <a href={source.href} className="inline-block py-0.5 font-semibold text-brand underline underline-offset-2 hover:text-brand-strong">
              {source.label}
            </a>
          </li>
        ))}
      </ul>
    </div>
  );
}

function Chat({ initialText, initialQuestion, focusInput }: ChatWidgetProps) {
  const chat = useChat(initialText, initialQuestion);
  const listRef = useRef<HTMLDivElement>(null);
  const inputRef = useRef<HTMLInputElement>(null);
  const nextStepsRef = useRef<HTMLElement>(null);
  /** Give the input its focus back after each answer once the visitor has used it. */
  const refocus = useRef(focusInput);

  // The list shows the newest message (scrolling the list, never the page).
  useLayoutEffect(() => {
    const list = listRef.current;
    if (list) list.scrollTop = list.scrollHeight;
  }, [chat.messages, chat.loading]);

  useEffect(() => {
    if (!chat.loading && refocus.current) inputRef.current?.focus();
  }, [chat.loading]);
  // The input is disabled at the limit: the visitor who was typing lands on the way forward.
  useEffect(() => {
    if (chat.atLimit && refocus.current) nextStepsRef.current?.querySelector("a")?.focus();
  }, [chat.atLimit]);

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    refocus.current ||= document.activeElement === inputRef.current;
    void chat.submit(chat.input);
  };

  return (
    <ChatFrame
      suggestions={
        <Suggestions
          onPick={(question) => {
            chat.pick(question);
            refocus.current = true;
          }}
          disabled={chat.busy || chat.atLimit}
        />
      }
      listRef={listRef}
      messages={
        <>
          {chat.messages.map((message) => (
            <MessageBubble
              key={message.id}
              role={message.role}
              author={chat.author}
              below={message.sources ? <Sources id={message.id} sources={message.sources} /> : undefined}
            >
              {message.role === "assistant" ? <Markdown text={message.content} /> : <p className="whitespace-pre-wrap">{message.content}</p>}
            </MessageBubble>
          ))}
          {chat.typing ? <TypingIndicator author={chat.author} /> : null}
        </>
      }
      status={chat.remaining === null ? null : <RemainingMeter remaining={chat.remaining} />}
      nextSteps={chat.atLimit ? <NextSteps navRef={nextStepsRef} /> : null}
      note={chat.note}
      inputRef={inputRef}
      inputLabel={inputLabel(chat.step)}
      placeholder={placeholder(chat.step)}
      inputMode={chat.step === "email" ? "email" : "text"}
      autoComplete={AUTOCOMPLETE[chat.step]}
      value={chat.input}
      onChange={chat.setInput}
      onSubmit={onSubmit}
      busy={chat.busy || chat.atLimit}
      error={chat.error}
      askTeam={
        chat.canAskTeam ? (
          <button
            type="button"
            onClick={() => void chat.requestHandover()}
            // While a reply streams, the conversation the team would get is not complete yet.
            disabled={chat.askingTeam || chat.loading}
            className="rounded-full border border-brand px-3 py-1 font-semibold text-brand enabled:hover:bg-brand enabled:hover:text-on-dark disabled:opacity-60"
          >
            {chat.askingTeam ? m.chat_ask_team_sending() : m.chat_ask_team()}
          </button>
        ) : null
      }
      onTranscript={() => void chat.requestTranscript()}
      transcriptLabel={chat.sendingTranscript ? m.chat_transcript_sending() : undefined}
      transcriptDisabled={chat.sendingTranscript}
      announcement={chat.announcement}
      state={chat.sessionLoading ? "loading" : "ready"}
    />
  );
}
