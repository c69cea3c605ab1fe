/**
 * The chat section of Home (spec §2 Chat demo). First paint gets a light static shell with the
 * same markup as the chat; the interactive chat (chat-widget.tsx) is imported when the section
 * comes near the viewport, when the visitor interacts with the shell, or when the page opens at
 * #chat, so it adds nothing to Home's first-load JavaScript.
 */
import { type ComponentType, useEffect, useRef, useState } from "react";
import { ChatFrame, MessageBubble, Suggestions } from "./chat-frame";
import * as m from "~/paraglide/messages.js";
import { greeting } from "./chat-lines";
import { inputLabel, placeholder } from "./chat-texts";

export interface ChatWidgetProps {
  /** Text the visitor typed in the shell before the chat loaded. */
  initialText: string;
  /** A suggestion the visitor picked in the shell: asked as soon as the chat may ask it. */
  initialQuestion: string | null;
  /** Focus the input once mounted (the visitor was using the shell). */
  focusInput: boolean;
}

type Widget = ComponentType<ChatWidgetProps>;

let widgetModule: Promise<Widget> | undefined;
const loadWidget = (): Promise<Widget> => (widgetModule ??= import("./chat-widget").then((module) => module.ChatWidget));

export function ChatSection() {
  const [Widget, setWidget] = useState<Widget | null>(null);
  const [text, setText] = useState("");
  const [question, setQuestion] = useState<string | null>(null);
  const container = useRef<HTMLDivElement>(null);
  const [engaged, setEngaged] = useState(false);
  // Spec §2's "Loading..." while the chat's code is on its way (never in the pre-rendered HTML).
  const [loading, setLoading] = useState(false);

  // What the visitor typed into the pre-rendered input before this section hydrated is theirs.
  useEffect(() => {
    const typed = container.current?.querySelector<HTMLInputElement>("#chat-input")?.value;
    if (typed) setText(typed);
  }, []);

  useEffect(() => {
    let cancelled = false;
    const load = () => {
      setLoading(true);
      loadWidget().then(
        (component) => {
          if (!cancelled) setWidget(() => component);
        },
        (error: unknown) => {
          widgetModule = undefined;
          if (!cancelled) setLoading(false);
          console.warn("The chat could not be loaded", error);
        },
      );
    };
    if (window.location.hash === "#chat") {
      load();
      return () => {
        cancelled = true;
      };
    }
    const node = container.current;
    const observer =
      node && "IntersectionObserver" in window
        ? new IntersectionObserver(
            (entries) => {
              if (entries.some((entry) => entry.isIntersecting)) {
                observer?.disconnect();
                load();
              }
            },
            { rootMargin: "300px 0px" },
          )
        : undefined;
    if (node && observer) observer.observe(node);
    else load();
    const onHash = () => {
      if (window.location.hash === "#chat") load();
    };
    window.addEventListener("hashchange", onHash);
    return () => {
      cancelled = true;
      observer?.disconnect();
      window.removeEventListener("hashchange", onHash);
    };
  }, []);

  const engage = () => {
    setEngaged(true);
    setLoading(true);
    loadWidget().then(
      (component) => setWidget(() => component),
      (error: unknown) => {
        setLoading(false);
        console.warn("The chat could not be loaded", error);
      },
    );
  };

  return (
    <div ref={container} onPointerDown={Widget ? undefined : engage}>
      {Widget ? (
        <Widget initialText={text} initialQuestion={question} focusInput={engaged} />
      ) : (
        <ChatFrame
          suggestions={
            <Suggestions
              onPick={(picked) => {
                setQuestion(picked);
                engage();
              }}
            />
          }
          messages={
            <MessageBubble role="assistant" author="">
              <p>{greeting()}</p>
            </MessageBubble>
          }
          status={null}
          note={loading ? m.chat_loading() : null}
          inputLabel={inputLabel("name")}
          placeholder={placeholder("name")}
          value={text}
          onChange={setText}
          onSubmit={(event) => {
            event.preventDefault();
            engage();
          }}
          onFocusInput={engage}
          autoComplete="name"
          busy={false}
          error={null}
          onTranscript={engage}
          state="shell"
        />
      )}
    </div>
  );
}
