/**
 * A fake OpenAI-compatible server on loopback, scripted per test, recording every request.
 *
 *   const ai = await startFakeOpenAI();
 *   const site = await startSite({ env: { AI_API_KEY: "test-key", AI_BASE_URL: ai.url } });
 *   ai.script({ kind: "rate-limit" }, { kind: "stream", chunks: ["Hello", " there"] });
 *   … the site's next two provider calls get a 429, then a streamed answer …
 *   expect(ai.requests[1]?.body).toMatchObject({ temperature: 0.5, max_tokens: 200 });
 *   await ai.close();
 *
 * Steps are consumed one per request (POST /v1/chat/completions); when the script is empty the
 * default step answers (a short streamed answer unless setDefault() says otherwise).
 */
import http from "node:http";
import type { AddressInfo, Socket } from "node:net";

export type FakeStep =
  /**
   * 200 with the whole text: streamed in one chunk when the request asks for a stream, else JSON.
   * `usage`: the tokens reported, in a last chunk when the stream's request asks for them
   * (`stream_options.include_usage`), as OpenAI does.
   */
  | { kind: "answer"; text: string; usage?: { prompt_tokens: number; completion_tokens: number } }
  /** 200 streamed (SSE), one chunk per string, `delayMs` apart. */
  | { kind: "stream"; chunks: readonly string[]; delayMs?: number }
  /** 429 rate limit (code rate_limit_exceeded). */
  | { kind: "rate-limit" }
  /** 429 insufficient_quota. */
  | { kind: "quota" }
  /** Any status with an OpenAI-style error body (default 500). */
  | { kind: "error"; status?: number }
  /** Accepts the request and never answers (until close()). */
  | { kind: "hang" }
  /** 200 whose body is not valid JSON (in an SSE data line when streaming). */
  | { kind: "malformed" }
  /** Streams `chunks`, then destroys the connection without [DONE]. */
  | { kind: "cut"; chunks: readonly string[] }
  /** Streams `chunks`, then stays silent with the connection open (a stalled stream). */
  | { kind: "stall"; chunks: readonly string[] };

export interface RecordedRequest {
  method: string;
  path: string;
  headers: http.IncomingHttpHeaders;
  /** Parsed JSON body (undefined when it was not JSON). */
  body: ChatCompletionBody | undefined;
  raw: string;
  step: FakeStep;
  receivedAt: number;
  /** performance.timeOrigin + performance.now() when each chunk was written (ms, epoch-based). */
  chunkSentAt: number[];
}

export interface ChatCompletionBody {
  model: string;
  messages: { role: string; content: string }[];
  temperature?: number;
  max_tokens?: number;
  stream?: boolean;
  [key: string]: unknown;
}

export interface FakeOpenAI {
  /** Base URL to use as AI_BASE_URL, e.g. http://127.0.0.1:PORT/v1 */
  url: string;
  requests: RecordedRequest[];
  /** Appends steps to the script. */
  script(...steps: FakeStep[]): void;
  /** The step used when the script is empty. */
  setDefault(step: FakeStep): void;
  /** Forget recorded requests and pending steps. */
  reset(): void;
  /** Resolves when `count` requests have been received in total. */
  waitForRequests(count: number, timeoutMs?: number): Promise<void>;
  close(): Promise<void>;
}

const now = () => performance.timeOrigin + performance.now();

function chunkPayload(model: string, content: string | undefined, finish: string | null, index: number) {
  return {
    id: "chatcmpl-fake",
    object: "chat.completion.chunk",
    created: Math.floor(Date.now() / 1000),
    model,
    choices: [{ index: 0, delta: index === 0 ? { role: "assistant", content: content ?? "" } : content === undefined ? {} : { content }, finish_reason: finish }],
  };
}

export async function startFakeOpenAI(): Promise<FakeOpenAI> {
  const requests: RecordedRequest[] = [];
  let steps: FakeStep[] = [];
  let fallback: FakeStep = { kind: "stream", chunks: ["This is ", "a fake ", "answer."] };
  const open = new Set<http.ServerResponse>();
  const sockets = new Set<Socket>();
  const waiters = new Set<() => void>();

  const server = http.createServer((req, res) => {
    let raw = "";
    req.setEncoding("utf8");
    req.on("data", (chunk: string) => (raw += chunk));
    req.on("end", () => {
      let body: ChatCompletionBody | undefined;
      try {
        body = JSON.parse(raw) as ChatCompletionBody;
      } catch {
        body = undefined;
      }
      const path = (req.url ?? "").split("?")[0] ?? "";
      const isChat = req.method === "POST" && path.endsWith("/chat/completions");
      const step: FakeStep = isChat ? (steps.shift() ?? fallback) : { kind: "error", status: 404 };
      const record: RecordedRequest = { method: req.method ?? "", path, headers: req.headers, body, raw, step, receivedAt: now(), chunkSentAt: [] };
      requests.push(record);
      for (const waiter of waiters) waiter();
      open.add(res);
      res.on("close", () => open.delete(res));
      respond(step, body, res, record);
    });
  });

  const json = (res: http.ServerResponse, status: number, payload: unknown) => {
    res.writeHead(status, { "content-type": "application/json" });
    res.end(JSON.stringify(payload));
  };

  function startStream(res: http.ServerResponse) {
    res.writeHead(200, { "content-type": "text/event-stream", "cache-control": "no-cache", connection: "keep-alive" });
    res.socket?.setNoDelay(true);
  }

  function writeChunk(res: http.ServerResponse, record: RecordedRequest, model: string, content: string, index: number) {
    res.write(`data: ${JSON.stringify(chunkPayload(model, content, null, index))}\n\n`);
    record.chunkSentAt.push(now());
  }

  async function streamChunks(res: http.ServerResponse, record: RecordedRequest, model: string, chunks: readonly string[], delayMs: number) {
    for (let i = 0; i < chunks.length; i++) {
      if (i > 0 && delayMs > 0) await new Promise((resolve) => setTimeout(resolve, delayMs));
      if (res.destroyed) return;
      writeChunk(res, record, model, chunks[i] ?? "", i);
    }
  }

  function respond(step: FakeStep, body: ChatCompletionBody | undefined, res: http.ServerResponse, record: RecordedRequest) {
    const model = body?.model ?? "fake-model";
    const streaming = body?.stream === true;
    switch (step.kind) {
      case "answer":
        if (streaming) {
          startStream(res);
          writeChunk(res, record, model, step.text, 0);
          res.write(`data: ${JSON.stringify(chunkPayload(model, undefined, "stop", 1))}\n\n`);
          const asked = (body?.stream_options as { include_usage?: unknown } | undefined)?.include_usage === true;
          if (step.usage && asked) {
            const usage = { ...step.usage, total_tokens: step.usage.prompt_tokens + step.usage.completion_tokens };
            res.write(`data: ${JSON.stringify({ ...chunkPayload(model, undefined, null, 2), choices: [], usage })}\n\n`);
          }
          res.end("data: [DONE]\n\n");
        } else {
          json(res, 200, {
            id: "chatcmpl-fake",
            object: "chat.completion",
            created: Math.floor(Date.now() / 1000),
            model,
            choices: [{ index: 0, message: { role: "assistant", content: step.text }, finish_reason: "stop" }],
            usage: { prompt_tokens: 1, completion_tokens: 1, total_tokens: 2 },
          });
        }
        return;
      case "stream":
        startStream(res);
        void streamChunks(res, record, model, step.chunks, step.delayMs ?? 0).then(() => {
          if (res.destroyed) return;
          res.write(`data: ${JSON.stringify(chunkPayload(model, undefined, "stop", step.chunks.length))}\n\n`);
          res.end("data: [DONE]\n\n");
        });
        return;
      case "rate-limit":
        res.setHeader("retry-after", "1");
        json(res, 429, { error: { message: "Rate limit reached for requests", type: "requests", param: null, code: "rate_limit_exceeded" } });
        return;
      case "quota":
        json(res, 429, {
          error: { message: "You exceeded your current quota, please check your plan and billing details.", type: "insufficient_quota", param: null, code: "insufficient_quota" },
        });
        return;
      case "error":
        json(res, step.status ?? 500, { error: { message: "The server had an error while processing your request.", type: "server_error", param: null, code: null } });
        return;
      case "hang":
        return;
      case "malformed":
        if (streaming) {
          startStream(res);
          res.end('data: {"id": "chatcmpl-fake", "choices": [{"delta": {"content": "Hel\n\ndata: [DONE]\n\n');
        } else {
          res.writeHead(200, { "content-type": "application/json" });
          res.end('{"id": "chatcmpl-fake", "choices": [');
        }
        return;
      case "cut":
        startStream(res);
        void streamChunks(res, record, model, step.chunks, 5).then(() => setTimeout(() => res.socket?.destroy(), 10));
        return;
      case "stall":
        startStream(res);
        void streamChunks(res, record, model, step.chunks, 5);
        return;
    }
  }

  server.on("connection", (socket) => {
    sockets.add(socket);
    socket.on("close", () => sockets.delete(socket));
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;

  return {
    url: `http://127.0.0.1:${port}/v1`,
    requests,
    script: (...more) => {
      steps.push(...more);
    },
    setDefault: (step) => {
      fallback = step;
    },
    reset: () => {
      requests.length = 0;
      steps = [];
    },
    waitForRequests: (count, timeoutMs = 10_000) =>
      new Promise((resolve, reject) => {
        if (requests.length >= count) return resolve();
        const timer = setTimeout(() => {
          waiters.delete(check);
          reject(new Error(`fake OpenAI: expected ${count} requests, got ${requests.length}`));
        }, timeoutMs);
        const check = () => {
          if (requests.length < count) return;
          clearTimeout(timer);
          waiters.delete(check);
          resolve();
        };
        waiters.add(check);
      }),
    close: () =>
      new Promise<void>((resolve) => {
        for (const socket of sockets) socket.destroy();
        server.close(() => resolve());
      }),
  };
}
