import { useEffect, useRef, useSyncExternalStore } from "react";

/**
 * Toasts (spec §2): success and error variants, each with a close button.
 *
 *   toast.success("Transcript sent successfully!");
 *   toast.error("Failed to send transcript. Please try again.");
 *
 * A module-level store, read by the one <Toaster /> rendered in app/root.tsx. Success toasts are
 * announced politely (role="status"), errors assertively (role="alert"). A toast closes itself
 * after a while (success 4 s, error 10 s), except while the pointer is over it or focus is in it.
 * On a phone they show at the top of the screen, away from the controls at the bottom of the
 * thumb's reach that they confirm; on a wider screen at the bottom right, beside the content.
 */

export type ToastVariant = "success" | "error";

export interface ToastItem {
  id: number;
  variant: ToastVariant;
  message: string;
}

export interface ToastOptions {
  /** Milliseconds before it closes by itself; 0 keeps it until closed. */
  durationMs?: number;
}

const DEFAULT_DURATION: Record<ToastVariant, number> = { success: 4_000, error: 10_000 };
/** At most this many at once: the oldest goes first. */
const MAX_TOASTS = 4;
const EMPTY: readonly ToastItem[] = [];

let toasts: readonly ToastItem[] = EMPTY;
let nextId = 1;
const listeners = new Set<() => void>();
const timers = new Map<number, { handle: ReturnType<typeof setTimeout> | undefined; remaining: number; startedAt: number }>();

function emit(): void {
  for (const listener of listeners) listener();
}

function startTimer(id: number, ms: number): void {
  if (ms <= 0) return;
  const handle = setTimeout(() => dismiss(id), ms);
  timers.set(id, { handle, remaining: ms, startedAt: Date.now() });
}

function show(variant: ToastVariant, message: string, options: ToastOptions = {}): number {
  const id = nextId++;
  const kept = toasts.length >= MAX_TOASTS ? toasts.slice(toasts.length - MAX_TOASTS + 1) : toasts;
  for (const dropped of toasts.slice(0, toasts.length - kept.length)) clearTimer(dropped.id);
  toasts = [...kept, { id, variant, message }];
  startTimer(id, options.durationMs ?? DEFAULT_DURATION[variant]);
  emit();
  return id;
}

function clearTimer(id: number): void {
  const timer = timers.get(id);
  if (timer?.handle) clearTimeout(timer.handle);
  timers.delete(id);
}

function dismiss(id: number): void {
  clearTimer(id);
  const remaining = toasts.filter((item) => item.id !== id);
  if (remaining.length === toasts.length) return;
  toasts = remaining.length === 0 ? EMPTY : remaining;
  emit();
}

/** Holds a toast open (pointer over it, or focus inside it). */
function pause(id: number): void {
  const timer = timers.get(id);
  if (!timer?.handle) return;
  clearTimeout(timer.handle);
  timers.set(id, { handle: undefined, remaining: Math.max(1_000, timer.remaining - (Date.now() - timer.startedAt)), startedAt: 0 });
}

function resume(id: number): void {
  const timer = timers.get(id);
  if (!timer || timer.handle) return;
  startTimer(id, timer.remaining);
}

export const toast = {
  success: (message: string, options?: ToastOptions): number => show("success", message, options),
  error: (message: string, options?: ToastOptions): number => show("error", message, options),
  dismiss,
  /** Removes every toast (tests, route changes). */
  clear(): void {
    for (const id of timers.keys()) clearTimer(id);
    toasts = EMPTY;
    emit();
  },
};

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

const getSnapshot = (): readonly ToastItem[] => toasts;

/** For tests: the toasts now, and a change listener. */
export const currentToasts = getSnapshot;
export const subscribeForTests = subscribe;
const getServerSnapshot = (): readonly ToastItem[] => EMPTY;

export function useToasts(): readonly ToastItem[] {
  return useSyncExternalStore(subscribe, getSnapshot, getServerSnapshot);
}

/**
 * Renders the toasts. The two live regions are always in the page (empty until needed), so screen
 * readers announce what is added to them.
 */
export function Toaster() {
  const items = useToasts();
  const successes = items.filter((item) => item.variant === "success");
  const errors = items.filter((item) => item.variant === "error");
  return (
    <div className="pointer-events-none fixed inset-x-0 top-0 z-[60] flex flex-col items-center gap-2 p-4 sm:top-auto sm:bottom-0 sm:items-end">
      <div role="alert" className="flex w-full max-w-sm flex-col gap-2 empty:hidden">
        {errors.map((item) => (
          <ToastCard key={item.id} item={item} />
        ))}
      </div>
      <div role="status" className="flex w-full max-w-sm flex-col gap-2 empty:hidden">
        {successes.map((item) => (
          <ToastCard key={item.id} item={item} />
        ))}
      </div>
    </div>
  );
}

function ToastCard({ item }: { item: ToastItem }) {
  const ref = useRef<HTMLDivElement>(null);
  useEffect(() => {
    const node = ref.current;
    if (!node) return;
    const hold = () => pause(item.id);
    const release = () => {
      if (!node.matches(":hover") && !node.contains(document.activeElement)) resume(item.id);
    };
    node.addEventListener("pointerenter", hold);
    node.addEventListener("pointerleave", release);
    node.addEventListener("focusin", hold);
    const releaseAfterFocusMoves = () => setTimeout(release, 0);
    node.addEventListener("focusout", releaseAfterFocusMoves);
    return () => {
      node.removeEventListener("pointerenter", hold);
      node.removeEventListener("pointerleave", release);
      node.removeEventListener("focusin", hold);
      node.removeEventListener("focusout", releaseAfterFocusMoves);
    };
  }, [item.id]);

  const isError = item.variant === "error";
  return (
    <div
      ref={ref}
      data-toast={item.variant}
      className={`pointer-events-auto flex items-start gap-3 rounded-lg border-l-4 bg-canvas p-4 text-ink shadow-lg ring-1 ring-line ${
        isError ? "border-brand" : "border-emerald-700"
      }`}
    >
      <span aria-hidden="true" className={`mt-0.5 font-bold ${isError ? "text-brand" : "text-emerald-700"}`}>
        {isError ? "!" : "✓"}
      </span>
      <p className="flex-1 text-sm font-medium">
        <span className="sr-only">{isError ? "Error: " : "Success: "}</span>
        {item.message}
      </p>
      <button
        type="button"
        onClick={() => dismiss(item.id)}
        className="-m-1 rounded p-1 text-muted hover:text-ink"
        aria-label="Close notification"
      >
        <span aria-hidden="true">×</span>
      </button>
    </div>
  );
}
