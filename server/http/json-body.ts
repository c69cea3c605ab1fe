import type { IncomingMessage, ServerResponse } from "node:http";
import type { RequestHandler } from "express";
import type { Locale } from "~/shared/i18n/locale";
import { MAX_BODY_BYTES } from "./body-limit";
import { REFUSALS } from "./request-locale";

type BodyErrorType = "request.aborted" | "entity.too.large" | "entity.parse.failed";

/** The answer to a body that could not be read (the `type`s below, as body-parser names them), in `locale`. */
export function bodyErrorAnswer(type: string | undefined, locale: Locale): { status: number; error: string } | undefined {
  if (type === "entity.too.large") return { status: 413, error: REFUSALS.bodyTooLarge(locale) };
  if (type === "entity.parse.failed") return { status: 400, error: REFUSALS.invalidJson(locale) };
  return undefined;
}

/**
 * Sends a small JSON answer with Node's own API: what Express's `res.status().json()` writes
 * (`application/json; charset=utf-8`, Content-Length), without its per-call work.
 */
export function sendJson(res: ServerResponse, status: number, body: unknown): void {
  const text = JSON.stringify(body);
  res.statusCode = status;
  res.setHeader("Content-Type", "application/json; charset=utf-8");
  res.setHeader("Content-Length", Buffer.byteLength(text));
  res.end(text);
}

/** An error the app's error handler (server/app.ts) turns into a clear 4xx answer; body-parser's types. */
const bodyError = (status: number, type: BodyErrorType) => Object.assign(new Error(type), { status, type, expose: false });

/** The first character that is not JSON whitespace opens an object or an array. */
const OBJECT_OR_ARRAY = /^[ \t\n\r]*[{[]/;

/**
 * The JSON body of a request: the one reader of every JSON endpoint (the lead forms' JSON
 * answers, the chat). A small reader rather than body-parser: the newsletter's POST is the
 * site's busiest write. It reads as `express.json({ strict: true })` did:
 * - an empty body is `{}`; a UTF-8 byte order mark is ignored;
 * - the body must be an object or an array, else 400 `entity.parse.failed`, as is malformed JSON;
 * - over MAX_BODY_BYTES, 413 `entity.too.large` (limitBodySize has usually refused it already);
 * - a client that goes away mid-body is its own doing: 400 `request.aborted`, logged at info by
 *   the app's error handler, never a 500.
 * Bodies are UTF-8 and not compressed (no Content-Encoding): no client of ours sends other ones.
 */
export function readJson(req: IncomingMessage): Promise<unknown> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    req.on("data", (chunk: Buffer) => {
      size += chunk.length;
      if (size <= MAX_BODY_BYTES) chunks.push(chunk);
    });
    req.on("error", () => reject(bodyError(400, "request.aborted")));
    req.on("end", () => {
      if (size > MAX_BODY_BYTES) return reject(bodyError(413, "entity.too.large"));
      const text = Buffer.concat(chunks).toString("utf8").replace(/^\uFEFF/, "");
      if (text === "") return resolve({});
      if (!OBJECT_OR_ARRAY.test(text)) return reject(bodyError(400, "entity.parse.failed"));
      try {
        resolve(JSON.parse(text));
      } catch {
        reject(bodyError(400, "entity.parse.failed"));
      }
    });
  });
}

/** readJson as a middleware: the body in `req.body`, or the error passed on. */
export const jsonBody: RequestHandler = (req, _res, next) => {
  readJson(req).then((body) => {
    req.body = body;
    next();
  }, next);
};
