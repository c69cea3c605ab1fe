import { describe, expect, it } from "vitest";
import { DAILY_MESSAGES, type SessionResponse } from "./chat-contract";
import { greeting, niceToMeetYou } from "./chat-lines";
import { type ChatAction, type ChatState, chatReducer, effectiveLimits, initialChatState } from "./chat-reducer";

const limits = (remainingMessages: number) => ({ remainingMessages, resetTime: "2999-01-01T00:00:00.000Z" });
const fresh = () => initialChatState({ userName: null, history: [], limits: undefined });
const run = (state: ChatState, ...actions: ChatAction[]) => actions.reduce(chatReducer, state);
const lines = (state: ChatState) => state.messages.map(({ role, content }) => [role, content]);
const session = (extra: Partial<SessionResponse> = {}): SessionResponse => ({ user: { id: "v1" }, limits: limits(5), ...extra });

describe("the chat reducer: steps", () => {
  it("starts at the name step with the greeting, or at the message step with a stored name and history", () => {
    expect(fresh()).toMatchObject({ step: "name", userName: null, isLoading: false, error: null });
    expect(lines(fresh())).toEqual([["assistant", greeting()]]);
    const stored = initialChatState({
      userName: "Ada",
      history: [
        { role: "assistant", content: greeting() },
        { role: "system", content: "shown as Max Load's" },
      ],
      limits: limits(2),
    });
    expect(stored).toMatchObject({ step: "message", userName: "Ada", limits: limits(2) });
    expect(lines(stored)).toEqual([
      ["assistant", greeting()],
      ["assistant", "shown as Max Load's"],
    ]);
  });

  it("name → email → message, each line with its own id, each of Max Load's lines announced", () => {
    const named = run(fresh(), { type: "name", name: "Ada" });
    expect(named).toMatchObject({ step: "email", userName: "Ada", announcement: `Max Load says: ${niceToMeetYou("Ada")}` });
    expect(lines(named).slice(1)).toEqual([
      ["user", "Ada"],
      ["assistant", niceToMeetYou("Ada")],
    ]);

    const sending = run(named, { type: "busy" }, { type: "user", content: "ada@example.com" });
    expect(sending).toMatchObject({ step: "email", isLoading: true });
    const saved = run(sending, { type: "lead-saved", email: "ada@example.com", message: "Welcome", limits: limits(5) });
    expect(saved).toMatchObject({ step: "message", isLoading: false, userEmail: "ada@example.com", limits: limits(5), announcement: "Max Load says: Welcome" });
    expect(new Set(saved.messages.map((m) => m.id)).size).toBe(saved.messages.length);
  });

  it("a refused lead keeps the email step and shows the server's text", () => {
    const state = run(fresh(), { type: "name", name: "Ada" }, { type: "busy" }, { type: "failed", error: "Please enter a valid email address." });
    expect(state).toMatchObject({ step: "email", isLoading: false, error: "Please enter a valid email address." });
    expect(run(state, { type: "error", error: null }).error).toBeNull();
  });
});

describe("the chat reducer: replies", () => {
  const asking = () => run(initialChatState({ userName: "Ada", history: [], limits: limits(5) }), { type: "busy" }, { type: "user", content: "Hi?" });

  it("streams deltas into one bubble, then the done event replaces its text and ends the request", () => {
    const first = run(asking(), { type: "reply", event: { type: "delta", text: "Hel" } });
    expect(first.streamingId).toBe(first.messages.at(-1)!.id);
    expect(first.announcement).toBe("");
    const more = run(first, { type: "reply", event: { type: "delta", text: "lo" } });
    expect(lines(more).at(-1)).toEqual(["assistant", "Hello"]);
    const done = run(more, { type: "reply", event: { type: "done", reply: "Hello!", limits: limits(4), source: "ai" } });
    expect(lines(done).slice(-2)).toEqual([
      ["user", "Hi?"],
      ["assistant", "Hello!"],
    ]);
    expect(done).toMatchObject({ isLoading: false, streamingId: null, limits: limits(4), announcement: "Max Load says: Hello!" });
  });

  it("an error event with a reply shows it; without one, the partial bubble goes", () => {
    const partial = run(asking(), { type: "reply", event: { type: "delta", text: "Par" } });
    const apology = run(partial, { type: "reply", event: { type: "error", reply: "Sorry.", error: "Failed", limits: limits(5) } });
    expect(lines(apology).at(-1)).toEqual(["assistant", "Sorry."]);
    expect(apology).toMatchObject({ error: "Failed", isLoading: false, streamingId: null, announcement: "Max Load says: Sorry." });
    const bare = run(partial, { type: "reply", event: { type: "error", error: "Failed", limits: limits(5) } });
    expect(lines(bare).at(-1)).toEqual(["user", "Hi?"]);
    expect(bare).toMatchObject({ error: "Failed", isLoading: false, streamingId: null });
  });

  it("a failure drops the partial bubble and keeps the limits unless new ones came", () => {
    const partial = run(asking(), { type: "reply", event: { type: "delta", text: "Par" } });
    const failed = run(partial, { type: "failed", error: "Failed to get a response. Please try again." });
    expect(lines(failed).at(-1)).toEqual(["user", "Hi?"]);
    expect(failed).toMatchObject({ isLoading: false, streamingId: null, limits: limits(5) });
    expect(run(asking(), { type: "failed", error: "limit", limits: limits(0) }).limits).toEqual(limits(0));
  });
});

describe("the chat reducer: the session", () => {
  it("takes the server's name, history and email (lead done: message step)", () => {
    const history = [
      { role: "assistant" as const, content: greeting() },
      { role: "user" as const, content: "Grace" },
    ];
    const state = run(fresh(), { type: "session", session: session({ name: "Grace", email: "g@example.com", history, limits: limits(3) }) });
    expect(state).toMatchObject({ step: "message", userName: "Grace", userEmail: "g@example.com", limits: limits(3) });
    expect(lines(state)).toEqual([
      ["assistant", greeting()],
      ["user", "Grace"],
    ]);
  });

  it("a name without an email asks for the email, once", () => {
    const stored = initialChatState({ userName: "Ada", history: [{ role: "assistant", content: niceToMeetYou("Ada") }], limits: undefined });
    const state = run(stored, { type: "session", session: session() });
    expect(state.step).toBe("email");
    expect(lines(state)).toEqual([["assistant", niceToMeetYou("Ada")]]);
    const again = run(fresh(), { type: "session", session: session({ name: "Bo" }) });
    expect(again.step).toBe("email");
    expect(lines(again).at(-1)).toEqual(["assistant", niceToMeetYou("Bo")]);
  });

  it("an unknown visitor stays at the name step with the server's allowance", () => {
    const state = run(fresh(), { type: "session", session: session({ limits: limits(1) }) });
    expect(state).toMatchObject({ step: "name", limits: limits(1) });
    expect(state.session).not.toBeNull();
  });
});

describe("effective limits (spec §4)", () => {
  it("are back to the daily allowance once resetTime has passed", () => {
    const used = { remainingMessages: 0, resetTime: "2025-01-02T00:00:00.000Z" };
    expect(effectiveLimits(used, Date.parse("2025-01-01T23:59:59.999Z")).remainingMessages).toBe(0);
    expect(effectiveLimits(used, Date.parse("2025-01-02T00:00:00.000Z")).remainingMessages).toBe(DAILY_MESSAGES);
  });
});

describe("the chat reducer: an answer's sources", () => {
  const permits = { href: "/platform#permit-management", label: "Permit management" };
  const tokens = { href: "/platform#tokens", label: "Tokens" };
  const sourcesOf = (state: ChatState) => state.messages.map((m) => m.sources);

  it("keeps the done event's sources on the answer's bubble and announces them with it", () => {
    const asking = run(initialChatState({ userName: "Ada", history: [], limits: limits(5) }), { type: "busy" }, { type: "user", content: "Permits?" });
    const streaming = run(asking, { type: "reply", event: { type: "delta", text: "You" } });
    const done = run(streaming, { type: "reply", event: { type: "done", reply: "You need one.", limits: limits(4), source: "knowledge-base", sources: [permits, tokens] } });
    expect(done.messages.at(-1)).toMatchObject({ role: "assistant", content: "You need one.", sources: [permits, tokens] });
    expect(done.messages.at(-2)?.sources).toBeUndefined();
    expect(done.announcement).toBe("Max Load says: You need one. Sources: Permit management, Tokens.");
    // An answer without sources has none, and its announcement says nothing of them.
    const plain = run(done, { type: "busy" }, { type: "user", content: "Hi" }, { type: "reply", event: { type: "done", reply: "Hello.", limits: limits(3), source: "ai" } });
    expect(plain.messages.at(-1)?.sources).toBeUndefined();
    expect(plain.announcement).toBe("Max Load says: Hello.");
  });

  it("restores them from the stored history and from the session's", () => {
    const history = [
      { role: "user" as const, content: "Permits?" },
      { role: "assistant" as const, content: "You need one.", sources: [permits] },
    ];
    expect(sourcesOf(initialChatState({ userName: "Ada", history, limits: limits(4) }))).toEqual([undefined, [permits]]);
    const fromSession = run(fresh(), { type: "session", session: session({ name: "Ada", email: "a@example.com", history }) });
    expect(sourcesOf(fromSession)).toEqual([undefined, [permits]]);
  });

  it("links only to pages of this site, each once, and only from Max Load's lines", () => {
    const stored = initialChatState({
      userName: "Ada",
      history: [
        { role: "user", content: "Hi", sources: [permits] },
        {
          role: "assistant",
          content: "Answer",
          sources: [
            { href: "javascript:alert(1)", label: "Bad" },
            { href: "https://evil.example/#x", label: "Elsewhere" },
            { href: "//evil.example/x", label: "Protocol-relative" },
            { href: "/\\evil.example", label: "Backslash" },
            { href: "/\t/evil.example", label: "Tab" },
            { href: "/platform#tokens\"><b>", label: "Markup" },
            { href: "/#features", label: "  " },
            null,
            "text",
            permits,
            permits,
          ] as never,
        },
        { role: "assistant", content: "None kept", sources: [{ href: "mailto:x@example.com", label: "Mail" }] },
      ],
      limits: limits(4),
    });
    expect(sourcesOf(stored)).toEqual([undefined, [permits], undefined]);
  });
});

describe("the chat reducer: Ask the team", () => {
  it("adds Max Load's confirmation, announces it and clears an earlier error", () => {
    const state = run(initialChatState({ userName: "Ada", history: [], limits: limits(4) }), { type: "error", error: "Failed" }, { type: "handed-over", message: "Thanks, Ada." });
    expect(lines(state).at(-1)).toEqual(["assistant", "Thanks, Ada."]);
    expect(state).toMatchObject({ error: null, announcement: "Max Load says: Thanks, Ada.", limits: limits(4) });
  });
});
