/**
 * The visitor's session as React context (spec §3 "Authenticated user": { user, loading }).
 * loading is true until the session is known; a failure to get one is only logged (spec §4).
 */
import { createContext, type ReactNode, useContext, useEffect, useState } from "react";
import { fetchSession } from "./chat-api";
import type { SessionResponse } from "./chat-contract";

export interface ChatSessionState {
  user: SessionResponse["user"] | null;
  loading: boolean;
  /** The whole answer of GET /api/chat/session (limits, name, email, history), once known. */
  session: SessionResponse | null;
}

const ChatSessionContext = createContext<ChatSessionState>({ user: null, loading: true, session: null });

export function ChatSessionProvider({ children }: { children: ReactNode }) {
  const [state, setState] = useState<ChatSessionState>({ user: null, loading: true, session: null });
  useEffect(() => {
    let cancelled = false;
    fetchSession().then(
      (session) => {
        if (!cancelled) setState({ user: session.user, loading: false, session });
      },
      (error: unknown) => {
        console.warn("Could not start the chat session", error);
        if (!cancelled) setState({ user: null, loading: false, session: null });
      },
    );
    return () => {
      cancelled = true;
    };
  }, []);
  return <ChatSessionContext.Provider value={state}>{children}</ChatSessionContext.Provider>;
}

export const useChatSession = (): ChatSessionState => useContext(ChatSessionContext);
