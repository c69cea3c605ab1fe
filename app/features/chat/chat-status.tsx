/** Small pieces of the interactive chat: the typing indicator and the remaining-messages meter. */
import { DAILY_MESSAGES } from "./chat-contract";
import { MessageBubble } from "./chat-frame";
import { remainingLabel } from "./chat-lines";
import * as m from "~/paraglide/messages.js";

export function TypingIndicator({ author }: { author: string }) {
  return (
    <MessageBubble role="assistant" author={author}>
      <span className="sr-only">{m.chat_typing()}</span>
      <span aria-hidden="true" className="flex h-6 items-center gap-1">
        <span className="size-2 animate-bounce rounded-full bg-muted" />
        <span className="size-2 animate-bounce rounded-full bg-muted [animation-delay:150ms]" />
        <span className="size-2 animate-bounce rounded-full bg-muted [animation-delay:300ms]" />
      </span>
    </MessageBubble>
  );
}

/** Spec §2: "N messages remaining", out of 5, and a progress bar. */
export function RemainingMeter({ remaining }: { remaining: number }) {
  return (
    <>
      <span className="font-medium text-ink" data-testid="chat-remaining">
        {remainingLabel(remaining)}
      </span>
      <div
        role="progressbar"
        aria-label={m.chat_meter_label()}
        aria-valuemin={0}
        aria-valuemax={DAILY_MESSAGES}
        aria-valuenow={remaining}
        aria-valuetext={remainingLabel(remaining)}
        className="h-2 flex-1 overflow-hidden rounded-full bg-surface contrast-high:border contrast-high:border-line"
      >
        <div className="h-full rounded-full bg-brand transition-[width]" style={{ width: `${(remaining / DAILY_MESSAGES) * 100}%` }} />
      </div>
    </>
  );
}
