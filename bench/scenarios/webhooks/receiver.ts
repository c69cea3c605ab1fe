/**
 * The webhook scenario's receiver, in a process of its own so that answering a thousand deliveries
 * a second does not share an event loop with the load generator that times the sign-ups. It
 * answers 204 to every POST, and tells its parent (IPC) its port, then on "report" what it saw.
 */
import http from "node:http";
import type { AddressInfo } from "node:net";

export interface ReceiverReport {
  /** Distinct webhook-ids received. */
  ids: number;
  /** Distinct ids with the prefix the parent asked about. */
  prefixed: number;
  /** Date.now() when the last id with that prefix arrived (0: none). */
  lastPrefixedAt: number;
  /** Date.now() of each first arrival of an id with that prefix, in order. */
  prefixedTimes: number[];
  duplicates: number;
}

export type ReceiverMessage = { port: number } | { report: ReceiverReport };

const prefix = process.argv[2] ?? "";
const seen = new Set<string>();
let prefixed = 0;
let lastPrefixedAt = 0;
const prefixedTimes: number[] = [];
let duplicates = 0;

const server = http.createServer((request, response) => {
  const id = String(request.headers["webhook-id"]);
  request.resume();
  request.on("end", () => {
    if (seen.has(id)) duplicates++;
    else {
      seen.add(id);
      if (id.startsWith(prefix)) {
        prefixed++;
        lastPrefixedAt = Date.now();
        prefixedTimes.push(lastPrefixedAt);
      }
    }
    response.writeHead(204).end();
  });
});

const send = (message: ReceiverMessage) => process.send?.(message);
server.listen(0, "127.0.0.1", () => send({ port: (server.address() as AddressInfo).port }));
process.on("message", (message) => {
  if (message === "report") send({ report: { ids: seen.size, prefixed, lastPrefixedAt, prefixedTimes, duplicates } });
  if (message === "stop") server.close(() => process.exit(0));
});
