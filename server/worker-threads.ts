import { Worker } from "node:worker_threads";

/**
 * A thread running `source`, plain CommonJS, so that the bundled server needs no file beside it.
 * It gets none of the process's Node flags: a worker inherits them by default, so an APM agent or a
 * loader preloaded with `--require`/`--import` would start again in every thread, and a flag that
 * reads eval'd code as a module (`--input-type=module`) would make `require` undefined there.
 */
export function evalThread(source: string, workerData: unknown): Worker {
  return new Worker(source, { eval: true, execArgv: [], workerData });
}
