import { performance } from "node:perf_hooks";

/**
 * Whether this process's event loop was busy, at least `threshold` of the time (0–1), since the
 * previous call (the first call: since the gauge was made). Background work asks it between two
 * pieces of work and gives the time back to requests when the answer is yes.
 */
export function eventLoopBusy(threshold: number): () => boolean {
  let last = performance.eventLoopUtilization();
  return () => {
    const now = performance.eventLoopUtilization();
    const { utilization } = performance.eventLoopUtilization(now, last);
    last = now;
    return utilization >= threshold;
  };
}
