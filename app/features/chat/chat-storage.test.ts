import { afterEach, describe, expect, it, vi } from "vitest";
import { STORAGE_KEYS, readStoredChat, storeHistory, storeLimits, storeUserName } from "./chat-storage";

/** A Map-backed localStorage. */
function memoryStorage(initial: Record<string, string> = {}) {
  const items = new Map(Object.entries(initial));
  return {
    items,
    getItem: (key: string) => items.get(key) ?? null,
    setItem: (key: string, value: string) => void items.set(key, value),
    removeItem: (key: string) => void items.delete(key),
  };
}

const limits = { remainingMessages: 3, resetTime: "2025-01-02T00:00:00.000Z" };

afterEach(() => {
  vi.unstubAllGlobals();
});

describe("the chat's local storage (spec §3 keys)", () => {
  it("uses the spec's keys", () => {
    expect(Object.values(STORAGE_KEYS).sort()).toEqual(["chatHistory", "chatLimits", "userName"]);
  });

  it("writes the name, the history (role and content only) and the limits, and reads them back", () => {
    const storage = memoryStorage();
    vi.stubGlobal("window", { localStorage: storage });
    storeUserName("Ada");
    storeHistory([
      { role: "assistant", content: "Hi" },
      { role: "user", content: "Ada", id: 7 } as never,
    ]);
    storeLimits(limits);
    expect(storage.items.get("chatHistory")).toBe('[{"role":"assistant","content":"Hi"},{"role":"user","content":"Ada"}]');
    expect(readStoredChat()).toEqual({
      userName: "Ada",
      history: [
        { role: "assistant", content: "Hi" },
        { role: "user", content: "Ada" },
      ],
      limits,
    });
  });

  it("keeps an answer's sources in the stored history", () => {
    const storage = memoryStorage({ userName: "Ada" });
    vi.stubGlobal("window", { localStorage: storage });
    const sources = [{ href: "/platform#tokens", label: "Tokens" }];
    storeHistory([
      { role: "user", content: "Tokens?" },
      { role: "assistant", content: "Packs of 100.", sources },
    ]);
    expect(readStoredChat().history).toEqual([
      { role: "user", content: "Tokens?" },
      { role: "assistant", content: "Packs of 100.", sources },
    ]);
  });

  it("restores a history only with a name, and drops what is not a message or not limits", () => {
    const history = JSON.stringify([{ role: "user", content: "kept" }, null, { role: "user" }, "text"]);
    vi.stubGlobal("window", { localStorage: memoryStorage({ chatHistory: history, chatLimits: '{"remainingMessages":"3"}' }) });
    expect(readStoredChat()).toEqual({ userName: null, history: [], limits: undefined });
    vi.stubGlobal("window", { localStorage: memoryStorage({ userName: "  Bo ", chatHistory: history, chatLimits: "{oops" }) });
    expect(readStoredChat()).toEqual({ userName: "Bo", history: [{ role: "user", content: "kept" }], limits: undefined });
  });

  it("is safe when storage is unavailable, disabled or full", () => {
    vi.stubGlobal("window", undefined);
    expect(readStoredChat()).toEqual({ userName: null, history: [], limits: undefined });
    const throwing = {
      getItem: () => {
        throw new DOMException("denied", "SecurityError");
      },
      setItem: () => {
        throw new DOMException("full", "QuotaExceededError");
      },
    };
    vi.stubGlobal("window", { localStorage: throwing });
    expect(() => {
      storeUserName("Ada");
      storeHistory([]);
      storeLimits(limits);
    }).not.toThrow();
    expect(readStoredChat()).toEqual({ userName: null, history: [], limits: undefined });
  });
});
