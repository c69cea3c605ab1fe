import { readFileSync } from "node:fs";

/** The machine's CPU time so far (Linux /proc/stat, in clock ticks): all of it, and what the hypervisor stole. */
export interface CpuTimes {
  total: number;
  steal: number;
}

/** Undefined where /proc/stat is not there (not Linux). */
export function cpuTimes(): CpuTimes | undefined {
  let line: string | undefined;
  try {
    line = readFileSync("/proc/stat", "utf8").split("\n", 1)[0];
  } catch {
    return undefined;
  }
  // cpu  user nice system idle iowait irq softirq steal guest guest_nice
  const fields = line?.trim().split(/\s+/).slice(1, 9).map(Number);
  if (!fields || fields.length < 8 || fields.some((n) => !Number.isFinite(n))) return undefined;
  return { total: fields.reduce((sum, n) => sum + n, 0), steal: fields[7] ?? 0 };
}

/**
 * The share of the machine's CPU time the hypervisor gave to other virtual machines between two
 * readings (0–1): on a shared VM, a run with a few percent stolen measured less machine than the
 * runs beside it, and its numbers are not comparable with theirs.
 */
export function stolenShare(before: CpuTimes | undefined, after: CpuTimes | undefined): number | undefined {
  if (!before || !after || after.total <= before.total) return undefined;
  return (after.steal - before.steal) / (after.total - before.total);
}

/** The largest of several rounds' stolen shares; undefined when any round could not be read. */
export function worstStolen(shares: readonly (number | undefined)[]): number | undefined {
  return shares.some((share) => share === undefined) ? undefined : Math.max(...(shares as number[]));
}

export const percent = (share: number | undefined): string => (share === undefined ? "n/a" : `${(share * 100).toFixed(1)} %`);
