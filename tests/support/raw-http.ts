/**
 * One HTTP/1.1 connection driven by hand: write exact bytes (a request line and headers now, the
 * body later, the next request on the same socket), read the answers one by one, and see how the
 * connection ended (a clean FIN or a reset). For what fetch and http.Agent hide: keep-alive reuse
 * after an early answer.
 *
 *   const conn = await RawConnection.open(port);
 *   conn.write("POST /newsletter HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Length: 40000\r\n\r\n");
 *   const first = await conn.readResponse();     // answered before the body was sent
 *   conn.write("x".repeat(40000) + "GET /healthz HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n");
 *   const second = await conn.readResponse();
 *   conn.destroy();
 */
import net from "node:net";

export interface RawResponse {
  status: number;
  /** Lower-case names; the last value of a repeated header. */
  headers: Record<string, string>;
  body: string;
  /** Whether the answer lets the client send another request on this connection (HTTP/1.1). */
  keepAlive: boolean;
}

export type ConnectionEnd = "open" | "closed" | "reset";

export class RawConnection {
  private buffer = Buffer.alloc(0);
  private state: ConnectionEnd = "open";
  private error: Error | undefined;
  private readonly waiters = new Set<() => void>();

  private constructor(private readonly socket: net.Socket) {
    socket.on("data", (chunk: Buffer) => {
      this.buffer = Buffer.concat([this.buffer, chunk]);
      this.wake();
    });
    socket.on("end", () => {
      if (this.state === "open") this.state = "closed";
      this.wake();
    });
    socket.on("error", (error: NodeJS.ErrnoException) => {
      this.error = error;
      this.state = error.code === "ECONNRESET" || error.code === "EPIPE" ? "reset" : this.state;
      this.wake();
    });
    socket.on("close", () => {
      if (this.state === "open") this.state = "closed";
      this.wake();
    });
  }

  static open(port: number, host = "127.0.0.1"): Promise<RawConnection> {
    return new Promise((resolve, reject) => {
      const socket = net.connect(port, host, () => {
        socket.off("error", reject);
        resolve(new RawConnection(socket));
      });
      socket.once("error", reject);
    });
  }

  write(data: string | Buffer): void {
    this.socket.write(data);
  }

  destroy(): void {
    this.socket.destroy();
  }

  private wake(): void {
    for (const waiter of [...this.waiters]) waiter();
  }

  /** Resolves when `ready()` returns a value, or rejects when the connection ends first or time runs out. */
  private waitFor<T>(ready: () => T | undefined, what: string, timeoutMs: number): Promise<T> {
    return new Promise((resolve, reject) => {
      const check = () => {
        const value = ready();
        if (value !== undefined) return done(() => resolve(value));
        if (this.state !== "open") return done(() => reject(new Error(`connection ${this.state} before ${what}${this.error ? ` (${this.error.message})` : ""}`)));
      };
      const timer = setTimeout(() => done(() => reject(new Error(`no ${what} within ${timeoutMs} ms`))), timeoutMs);
      const done = (settle: () => void) => {
        clearTimeout(timer);
        this.waiters.delete(check);
        settle();
      };
      this.waiters.add(check);
      check();
    });
  }

  /** The next complete answer on the connection (Content-Length or chunked body). */
  readResponse(timeoutMs = 10_000): Promise<RawResponse> {
    return this.waitFor(() => this.takeResponse(), "a complete response", timeoutMs);
  }

  /** How the connection ends: waits for the server to close it, up to `timeoutMs` ("open" if it did not). */
  async end(timeoutMs = 2_000): Promise<{ state: ConnectionEnd; unread: string }> {
    await this.waitFor(() => (this.state === "open" ? undefined : true), "the end of the connection", timeoutMs).catch(() => undefined);
    return { state: this.state, unread: this.buffer.toString("latin1") };
  }

  private takeResponse(): RawResponse | undefined {
    const headEnd = this.buffer.indexOf("\r\n\r\n");
    if (headEnd < 0) return undefined;
    const [statusLine = "", ...lines] = this.buffer.subarray(0, headEnd).toString("latin1").split("\r\n");
    const status = Number(/^HTTP\/1\.[01] (\d{3})/.exec(statusLine)?.[1]);
    if (!status) throw new Error(`not an HTTP response: ${statusLine}`);
    const headers: Record<string, string> = {};
    for (const line of lines) {
      const colon = line.indexOf(":");
      if (colon > 0) headers[line.slice(0, colon).trim().toLowerCase()] = line.slice(colon + 1).trim();
    }
    let offset = headEnd + 4;
    let body: Buffer;
    if (/\bchunked\b/i.test(headers["transfer-encoding"] ?? "")) {
      const parts: Buffer[] = [];
      for (;;) {
        const lineEnd = this.buffer.indexOf("\r\n", offset);
        if (lineEnd < 0) return undefined;
        const size = Number.parseInt(this.buffer.subarray(offset, lineEnd).toString("latin1"), 16);
        if (this.buffer.length < lineEnd + 2 + size + 2) return undefined;
        parts.push(this.buffer.subarray(lineEnd + 2, lineEnd + 2 + size));
        offset = lineEnd + 2 + size + 2;
        if (size === 0) break;
      }
      body = Buffer.concat(parts);
    } else {
      const length = Number(headers["content-length"] ?? 0);
      if (this.buffer.length < offset + length) return undefined;
      body = this.buffer.subarray(offset, offset + length);
      offset += length;
    }
    this.buffer = this.buffer.subarray(offset);
    const keepAlive = !/\bclose\b/i.test(headers.connection ?? "");
    return { status, headers, body: body.toString("utf8"), keepAlive };
  }
}
