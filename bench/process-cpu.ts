import { readdirSync, readFileSync } from "node:fs";

/** `pid (command) state ppid … utime stime …` of /proc/…/stat: the command may hold spaces and parentheses. */
function parseStat(stat: string): { command: string; ticks: number } {
  const fields = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
  return { command: stat.slice(stat.indexOf("(") + 1, stat.lastIndexOf(")")), ticks: Number(fields[11]) + Number(fields[12]) };
}

/** CPU time (user + system, clock ticks) of every process, by pid, with its command name (Linux /proc). */
export type ProcessCpu = Map<number, { command: string; ticks: number }>;

/** Empty where /proc is not there (not Linux). */
export function processCpu(): ProcessCpu {
  const result: ProcessCpu = new Map();
  let pids: string[];
  try {
    pids = readdirSync("/proc").filter((name) => /^\d+$/.test(name));
  } catch {
    return result;
  }
  for (const pid of pids) {
    let stat: string;
    try {
      stat = readFileSync(`/proc/${pid}/stat`, "utf8");
    } catch {
      continue; // ended meanwhile
    }
    result.set(Number(pid), parseStat(stat));
  }
  return result;
}

/** CPU time (user + system, clock ticks) of one thread of a process, the main one by default; undefined where it cannot be read. */
export function threadCpu(pid: number, tid = pid): number | undefined {
  try {
    return parseStat(readFileSync(`/proc/${pid}/task/${tid}/stat`, "utf8")).ticks;
  } catch {
    return undefined;
  }
}

/** Linux's USER_HZ: /proc reports CPU time in hundredths of a second on every architecture Node runs on. */
export const TICK_US = 10_000;

/**
 * Microseconds of CPU per request between two readings, by role: the pids named in `roles`, then
 * PostgreSQL's processes and nginx's by command name, the kernel's workers, and everything else.
 */
export function cpuPerRequest(before: ProcessCpu, after: ProcessCpu, requests: number, roles: Record<string, readonly number[]>): Record<string, number> {
  const totals: Record<string, number> = {};
  for (const name of [...Object.keys(roles), "PostgreSQL", "nginx", "kernel", "other"]) totals[name] = 0;
  for (const [pid, { command, ticks }] of after) {
    const used = ticks - (before.get(pid)?.ticks ?? 0);
    if (used <= 0) continue;
    const role =
      Object.entries(roles).find(([, pids]) => pids.includes(pid))?.[0] ??
      (command.startsWith("postgres") ? "PostgreSQL" : command.startsWith("nginx") ? "nginx" : /^(kworker|ksoftirqd|rcu_|kswapd|jbd2)/.test(command) ? "kernel" : "other");
    totals[role] = (totals[role] ?? 0) + used;
  }
  return Object.fromEntries(Object.entries(totals).map(([role, ticks]) => [role, requests > 0 ? Math.round((ticks * TICK_US) / requests) : 0]));
}
