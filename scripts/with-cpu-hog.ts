/**
 * `npx tsx scripts/with-cpu-hog.ts COMMAND…`: runs COMMAND while busy loops (CPU_HOGS, default 2:
 * one per core of our machines) compete for the CPU, and exits with COMMAND's status. The tests
 * must give the same result on such a busy machine as on a quiet one.
 */
import { spawn, type ChildProcess } from "node:child_process";
import { fileURLToPath } from "node:url";

const BUSY = "--busy-loop";

if (process.argv[2] === BUSY) {
  for (;;) {
    // Spin: this process exists to take a core.
  }
}

const command = process.argv.slice(2);
if (command.length === 0) {
  console.error("usage: npx tsx scripts/with-cpu-hog.ts COMMAND [ARGS…]");
  process.exit(2);
}
const count = Number(process.env.CPU_HOGS ?? 2);
const self = fileURLToPath(import.meta.url);
const hogs: ChildProcess[] = Array.from({ length: count }, () => spawn(process.execPath, [...process.execArgv, self, BUSY], { stdio: "ignore" }));
const stopHogs = () => hogs.forEach((hog) => hog.kill("SIGKILL"));
process.once("exit", stopHogs);
console.error(`[cpu-hog] ${count} busy loops beside: ${command.join(" ")}`);
const child = spawn(command[0]!, command.slice(1), { stdio: "inherit" });
for (const signal of ["SIGINT", "SIGTERM"] as const) process.once(signal, () => child.kill(signal));
child.on("exit", (code, signal) => {
  stopHogs();
  process.exit(code ?? (signal ? 1 : 0));
});
