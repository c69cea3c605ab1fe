/**
 * The chat's markup, shared by the static shell (first paint) and the interactive chat (loaded
 * later), so swapping one for the other moves nothing on the page.
 */
import type { FormEvent, ReactNode, Ref } from "react";
import { ASSISTANT_NAME } from "~/content/brand";
import * as m from "~/paraglide/messages.js";
import { saysLabel, suggestions } from "./chat-texts";

export function Avatar() {
  return (
    <span aria-hidden="true" className="mt-1 flex size-9 shrink-0 items-center justify-center rounded-full bg-brand text-on-dark">
      <svg viewBox="0 0 24 24" className="size-5" fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round" strokeLinejoin="round">
        <path d="M1 6h13v10H1zM14 9h4l3 3v4h-7z" />
        <circle cx="5.5" cy="17.5" r="2" />
        <circle cx="17.5" cy="17.5" r="2" />
      </svg>
    </span>
  );
}

/** `below`: what follows the bubble under it (an answer's sources). */
export function MessageBubble({ role, author, children, below }: { role: "user" | "assistant"; author: string; children: ReactNode; below?: ReactNode }) {
  const mine = role === "user";
  const bubble = (
    <div
      className={`${below ? "max-w-full" : "max-w-[85%]"} rounded-2xl px-4 py-2 break-words ${
        mine ? "rounded-br-sm bg-brand text-on-dark" : "rounded-bl-sm border border-line bg-canvas text-ink"
      }`}
    >
      <p className={`text-xs font-semibold ${mine ? "text-on-dark" : "text-brand"}`}>{saysLabel(mine ? author : ASSISTANT_NAME)}</p>
      <div className="mt-1 text-[0.95rem] leading-relaxed">{children}</div>
    </div>
  );
  return (
    <div className={`flex gap-2 ${mine ? "justify-end" : "justify-start"}`}>
      {mine ? null : <Avatar />}
      {below ? (
        <div className="flex max-w-[85%] min-w-0 flex-col items-start gap-1">
          {bubble}
          {below}
        </div>
      ) : (
        bubble
      )}
    </div>
  );
}

export function Suggestions({ onPick, disabled }: { onPick?: (question: string) => void; disabled?: boolean }) {
  return (
    <div className="mb-4">
      <h3 id="chat-suggestions-title" className="text-sm font-semibold text-muted">
        {m.chat_suggestions_title()}
      </h3>
      <ul aria-labelledby="chat-suggestions-title" className="mt-2 flex flex-wrap gap-2">
        {suggestions().map((question) => (
          <li key={question}>
            <button
              type="button"
              disabled={disabled}
              onClick={() => onPick?.(question)}
              className="rounded-full border border-line bg-canvas px-3 py-1.5 text-left text-sm text-ink enabled:hover:border-brand enabled:hover:text-brand disabled:opacity-60"
            >
              {question}
            </button>
          </li>
        ))}
      </ul>
    </div>
  );
}

export interface ChatFrameProps {
  suggestions: ReactNode;
  messages: ReactNode;
  listRef?: Ref<HTMLDivElement>;
  /** The remaining-messages counter and bar (null until name and email are known: no row at all). */
  status: ReactNode;
  /** Where to go once the day's messages are used up (under the error that says so), or null. */
  nextSteps?: ReactNode;
  /** A short notice beside the error (loading, a question kept for later), or null. */
  note?: ReactNode;
  inputRef?: Ref<HTMLInputElement>;
  inputLabel: string;
  placeholder: string;
  value: string;
  onChange: (value: string) => void;
  onSubmit: (event: FormEvent<HTMLFormElement>) => void;
  onFocusInput?: () => void;
  inputMode?: "text" | "email";
  autoComplete?: string;
  busy: boolean;
  error: ReactNode;
  /** "Ask the team", once the lead is captured (beside the transcript), or null. */
  askTeam?: ReactNode;
  onTranscript?: () => void;
  transcriptLabel?: string;
  transcriptDisabled?: boolean;
  announcement?: string;
  /** "shell" until the interactive chat has loaded and knows its session. */
  state: "shell" | "loading" | "ready";
}

export function ChatFrame({ listRef, inputRef, ...props }: ChatFrameProps) {
  return (
    <div className="mx-auto max-w-3xl" data-chat={props.state}>
      {props.suggestions}
      <div className="overflow-hidden rounded-2xl border border-line bg-surface shadow-sm">
        <div
          ref={listRef}
          role="region"
          aria-label={m.chat_conversation_label()}
          tabIndex={0}
          className="h-[500px] space-y-4 overflow-y-auto overscroll-contain p-4"
        >
          {props.messages}
        </div>
        {props.status ? <div className="flex h-12 items-center gap-3 border-t border-line bg-canvas px-4 text-sm">{props.status}</div> : null}
        <form onSubmit={props.onSubmit} className="flex gap-2 border-t border-line bg-canvas p-3" noValidate>
          <label htmlFor="chat-input" className="sr-only">
            {props.inputLabel}
          </label>
          <input
            id="chat-input"
            ref={inputRef}
            type="text"
            inputMode={props.inputMode ?? "text"}
            autoComplete={props.autoComplete ?? "off"}
            enterKeyHint="send"
            value={props.value}
            placeholder={props.placeholder}
            disabled={props.busy}
            onChange={(event) => props.onChange(event.target.value)}
            onFocus={props.onFocusInput}
            aria-describedby="chat-error"
            className="min-w-0 flex-1 rounded-lg border border-line bg-canvas px-3 py-2 text-base text-ink placeholder:text-muted disabled:opacity-60"
          />
          <button
            type="submit"
            disabled={props.busy}
            className="rounded-lg bg-brand px-4 py-2 font-semibold text-on-dark hover:bg-brand-strong disabled:opacity-60"
          >
            {m.chat_send()}
          </button>
        </form>
        <div className="flex min-h-12 flex-wrap items-center justify-between gap-2 border-t border-line bg-canvas px-4 py-2 text-sm">
          <p id="chat-error" role="alert" className="font-medium text-brand">
            {props.error}
          </p>
          {props.nextSteps ? <div className="basis-full">{props.nextSteps}</div> : null}
          {props.note ? (
            <p role="status" className="font-medium text-muted">
              {props.note}
            </p>
          ) : null}
          <div className="ml-auto flex flex-wrap items-center justify-end gap-x-4 gap-y-2">
            {props.askTeam}
            <button
              type="button"
              onClick={props.onTranscript}
              disabled={props.transcriptDisabled}
              className="text-brand underline underline-offset-2 hover:text-brand-strong disabled:opacity-60"
            >
              {props.transcriptLabel ?? m.chat_transcript_link()}
            </button>
          </div>
        </div>
      </div>
      <div role="status" aria-live="polite" className="sr-only">
        {props.announcement}
      </div>
    </div>
  );
}
