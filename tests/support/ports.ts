/**
 * A loopback port for a server a test starts a moment later.
 *
 *   const port = await freePort();
 *
 * `listen(0)` would hand out a port from the kernel's ephemeral range, the same range outgoing
 * connections (database pools, fetches, SMTP) take their source ports from: between our check and
 * the server's own listen, another connection can take it (EADDRINUSE). So the port is drawn at
 * random below that range, where only listeners live, and checked free before it is returned.
 */
import { readFileSync } from "node:fs";
import net from "node:net";

/** Where the kernel's ephemeral range begins (Linux default 32768). */
function ephemeralStart(): number {
  try {
    const first = Number(readFileSync("/proc/sys/net/ipv4/ip_local_port_range", "utf8").trim().split(/\s+/)[0]);
    return Number.isInteger(first) && first > 12_000 ? first : 32_768;
  } catch {
    return 32_768;
  }
}

const LOWEST = 10_000;
const HIGHEST = ephemeralStart() - 1;

/** Whether 127.0.0.1:port can be bound right now (not taken, and allowed for this user). */
export function canListen(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const server = net.createServer();
    server.unref();
    server.once("error", () => resolve(false));
    server.listen(port, "127.0.0.1", () => server.close(() => resolve(true)));
  });
}

export async function freePort(): Promise<number> {
  for (let attempt = 0; attempt < 200; attempt++) {
    const port = LOWEST + Math.floor(Math.random() * (HIGHEST - LOWEST + 1));
    if (await canListen(port)) return port;
  }
  throw new Error(`no free port between ${LOWEST} and ${HIGHEST} on 127.0.0.1`);
}
