import { afterEach, describe, expect, it, vi } from "vitest";
import { currentToasts, subscribeForTests, toast } from "./toast";

// The store behind <Toaster />; the rendering is covered by the browser tests.
describe("toast store", () => {
  afterEach(() => {
    toast.clear();
    vi.useRealTimers();
  });

  it("shows success and error toasts, closes them on demand and after their time", () => {
    vi.useFakeTimers();
    const seen: string[] = [];
    const stop = subscribeForTests(() => seen.push(currentToasts().map((t) => `${t.variant}:${t.message}`).join("|")));
    const ok = toast.success("Transcript sent successfully!");
    toast.error("Failed to send transcript. Please try again.");
    expect(currentToasts().map((t) => t.variant)).toEqual(["success", "error"]);
    toast.dismiss(ok);
    expect(currentToasts().map((t) => t.message)).toEqual(["Failed to send transcript. Please try again."]);
    vi.advanceTimersByTime(10_000);
    expect(currentToasts()).toEqual([]);
    expect(seen.length).toBeGreaterThanOrEqual(4);
    stop();
  });

  it("a success toast closes after 4 s, an error toast after 10 s", () => {
    vi.useFakeTimers();
    toast.success("Transcript sent successfully!");
    toast.error("Failed to send transcript. Please try again.");
    vi.advanceTimersByTime(3_999);
    expect(currentToasts().map((t) => t.variant)).toEqual(["success", "error"]);
    vi.advanceTimersByTime(1);
    expect(currentToasts().map((t) => t.variant)).toEqual(["error"]);
    vi.advanceTimersByTime(6_000);
    expect(currentToasts()).toEqual([]);
  });

  it("keeps at most four toasts, dropping the oldest", () => {
    for (let i = 0; i < 6; i++) toast.success(`m${i}`);
    expect(currentToasts().map((t) => t.message)).toEqual(["m2", "m3", "m4", "m5"]);
  });
});
