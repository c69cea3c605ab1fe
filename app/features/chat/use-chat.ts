/**
 * The interactive chat's behaviour (spec §4 Chat): the steps name → email → message, the lead,
 * streamed replies, the allowance, the transcript, and the mirror in local storage. State lives
 * in chat-reducer.ts; requests in chat-api.ts. The widget renders what this returns.
 */
import { useEffect, useReducer, useRef, useState } from "react";
import { toast } from "~/shared/ui/toast";
import { askTeam, browserTimeZone, loadChatSchemas, postMessage, saveLead, sendTranscript } from "./chat-api";
import * as m from "~/paraglide/messages.js";
import { getLocale } from "~/shared/i18n/locale";
import { DAILY_MESSAGES, chatFailure, handoverFailed, limitReached, transcriptFailed } from "./chat-contract";
import { type ChatAction, chatReducer, effectiveLimits, initialChatState } from "./chat-reducer";
import { readStoredChat, storeHistory, storeLimits, storeUserName } from "./chat-storage";
import { questionKept } from "./chat-texts";
import { useChatSession } from "./session-context";

type Dispatch = (action: ChatAction) => void;

/** Step "email": checks the lead as the server will, then (accepted: busy) stores it. */
async function sendLead(dispatch: Dispatch, name: string, email: string, accepted: () => void): Promise<void> {
  try {
    const locale = getLocale();
    const lead = { name, email, timeZone: browserTimeZone(), locale };
    const { leadSchema, requestProblem } = await loadChatSchemas();
    const problem = requestProblem(leadSchema, lead, locale);
    if (problem) return dispatch({ type: "failed", error: problem });
    accepted();
    dispatch({ type: "user", content: email });
    const saved = await saveLead(lead);
    dispatch(saved.ok ? { type: "lead-saved", email, ...saved.value } : { type: "failed", error: saved.error });
  } catch (failure) {
    console.warn("Could not save the chat lead", failure);
    dispatch({ type: "failed", error: chatFailure() });
  }
}

/** Step "message": checks the question and the allowance, then (accepted: busy) streams Max Load's reply. */
async function ask(dispatch: Dispatch, text: string, remaining: number, accepted: () => void): Promise<void> {
  try {
    const timeZone = browserTimeZone();
    const locale = getLocale();
    const { messageSchema, requestProblem } = await loadChatSchemas();
    const problem = requestProblem(messageSchema, { text, timeZone, locale }, locale) ?? (remaining <= 0 ? limitReached() : null);
    if (problem) return dispatch({ type: "failed", error: problem });
    accepted();
    dispatch({ type: "user", content: text });
    const reply = await postMessage(text, timeZone);
    if (!reply.ok) {
      const error = reply.status === 429 && reply.limits ? limitReached() : (reply.error ?? chatFailure());
      return dispatch({ type: "failed", error, limits: reply.limits });
    }
    for await (const event of reply.events) {
      dispatch({ type: "reply", event });
      if (event.type !== "delta") return;
    }
    throw new Error("The reply stream ended early");
  } catch (failure) {
    console.warn("Max Load did not answer", failure);
    dispatch({ type: "failed", error: chatFailure() });
  }
}

/** The longest wait setTimeout honours (about 24.8 days). */
const MAX_TIMEOUT_MS = 2 ** 31 - 1;

export function useChat(initialText: string, initialQuestion: string | null) {
  const { session, loading: sessionLoading } = useChatSession();
  const [state, dispatch] = useReducer(chatReducer, undefined, () => initialChatState(readStoredChat()));
  const [input, setInput] = useState(initialText);
  const [sendingTranscript, setSendingTranscript] = useState(false);
  const [askingTeam, setAskingTeam] = useState(false);
  /** A submission is under way (set at once, before the state says so). */
  const submitting = useRef(false);
  /** A suggestion picked before the lead was captured: asked once it is. */
  const [kept, setKept] = useState(initialQuestion);
  /** Counts finished submissions, so a kept question is looked at again after each. */
  const [settled, setSettled] = useState(0);
  /** Re-renders when the daily allowance resets, to leave the limit state. */
  const [, setResetSeen] = useState(0);

  // Applied while rendering when it arrives (React's pattern for state derived from a change).
  if (session && session !== state.session) dispatch({ type: "session", session });

  const { step, messages, userName, isLoading, streamingId, limits } = state;

  // Spec §4: history and name are saved whenever they change (a reply once it is complete).
  useEffect(() => {
    if (userName) storeUserName(userName);
  }, [userName]);
  useEffect(() => {
    if (streamingId === null) storeHistory(messages);
  }, [messages, streamingId]);
  useEffect(() => {
    if (limits) storeLimits(limits);
  }, [limits]);
  // The request schemas are needed from the email step on: fetch them ahead.
  useEffect(() => {
    if (step !== "name") loadChatSchemas().catch(() => undefined);
  }, [step]);

  const remaining = limits ? effectiveLimits(limits).remainingMessages : DAILY_MESSAGES;
  /** Spec §5: at 0 remaining the day is over; the input is disabled and the limit text shown. */
  const atLimit = step === "message" && remaining <= 0 && !isLoading;
  const busy = isLoading || (sessionLoading && step === "message");

  // What was typed cannot be sent today: it does not stay in the (disabled) input.
  if (atLimit && input !== "") setInput("");
  useEffect(() => {
    if (!atLimit || !limits) return;
    const wait = Math.min(MAX_TIMEOUT_MS, Math.max(0, Date.parse(limits.resetTime) - Date.now()) + 1000);
    const timer = setTimeout(() => setResetSeen((n) => n + 1), wait);
    return () => clearTimeout(timer);
  }, [atLimit, limits]);

  /**
   * Sends the visitor's line for the current step. `fromInput`: the text is the input's, which is
   * emptied once the line is accepted (a suggestion leaves a draft in the input alone).
   */
  async function submit(raw: string, fromInput = true): Promise<void> {
    if (raw.trim() === "" || isLoading || submitting.current) return;
    dispatch({ type: "error", error: null });
    if (step === "name") {
      setInput("");
      dispatch({ type: "name", name: raw.trim() });
      return;
    }
    submitting.current = true;
    const accepted = () => {
      if (fromInput) setInput("");
      dispatch({ type: "busy" });
    };
    try {
      if (step === "email") await sendLead(dispatch, userName ?? "", raw.trim(), accepted);
      else await ask(dispatch, raw, remaining, accepted);
    } finally {
      submitting.current = false;
      setSettled((n) => n + 1);
    }
  }

  /** A suggestion asks its question; before the lead it is kept (never taken as a name or email). */
  function pick(question: string): void {
    if (step === "message") void submit(question, false);
    else setKept(question);
  }

  // The kept question is asked once the conversation is open (lead captured, session known).
  // Asking is a request to the server, started by this change of step, hence an effect.
  useEffect(() => {
    if (kept === null || step !== "message" || busy || submitting.current) return;
    /* eslint-disable react-hooks/set-state-in-effect */
    setKept(null);
    if (!atLimit) void submit(kept, false);
    /* eslint-enable react-hooks/set-state-in-effect */
    // submit is a new function each render; what it reads is in the dependencies.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [kept, step, busy, atLimit, settled]);

  async function requestTranscript(): Promise<void> {
    if (sendingTranscript) return;
    setSendingTranscript(true);
    try {
      if (await sendTranscript()) toast.success(m.chat_transcript_sent());
      else toast.error(transcriptFailed());
    } catch (failure) {
      console.warn("Could not send the transcript", failure);
      toast.error(m.chat_unexpected_error());
    } finally {
      setSendingTranscript(false);
    }
  }

  /** "Ask the team": the conversation goes to the team; Max Load confirms in the chat, or the error says why not. */
  async function requestHandover(): Promise<void> {
    if (askingTeam) return;
    setAskingTeam(true);
    dispatch({ type: "error", error: null });
    try {
      const answer = await askTeam();
      dispatch(answer.ok ? { type: "handed-over", message: answer.message } : { type: "error", error: answer.error });
    } catch (failure) {
      console.warn("Could not reach the team", failure);
      dispatch({ type: "error", error: handoverFailed() });
    } finally {
      setAskingTeam(false);
    }
  }

  return {
    step,
    messages,
    author: userName ?? m.chat_visitor(),
    error: state.error ?? (atLimit ? limitReached() : null),
    announcement: state.announcement,
    /** A request is under way (the lead, or a question and its reply). */
    loading: isLoading,
    /** The input and send button are disabled: a request is under way, or the session is not known yet. */
    busy,
    /** The day's messages are used up: the input stays disabled and the next steps are offered. */
    atLimit,
    /** The notice about a suggestion kept until the lead is captured. */
    note: kept !== null && step !== "message" ? questionKept(kept) : null,
    pick,
    /** The typing indicator: a reply is awaited and none of it has arrived yet. */
    typing: isLoading && streamingId === null && step === "message",
    /** Spec §2: the counter shows once name and email are collected. */
    remaining: step === "message" && state.userEmail !== null && limits !== undefined ? remaining : null,
    sessionLoading,
    input,
    setInput,
    submit,
    sendingTranscript,
    requestTranscript,
    /** "Ask the team" is offered once the lead is captured. */
    canAskTeam: step === "message" && state.userEmail !== null,
    askingTeam,
    requestHandover,
  };
}
