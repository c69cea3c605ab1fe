/**
 * The chat's endpoints, mounted at /api/chat. The app's stack has already checked Origin
 * (sameOriginOnly), the body size and the general POST rate limit.
 *
 *   GET  /api/chat/session?timeZone=…   → { user, limits, name?, email?, history }
 *   POST /api/chat/lead {name, email, timeZone?, locale?, attribution?}   → { message, limits }
 *   POST /api/chat/messages {text, timeZone?, locale?}      → NDJSON stream of ReplyEvent (403 before the lead)
 *   POST /api/chat/transcript {locale}                    → { ok: true }
 *   POST /api/chat/handover {locale}                      → { message } (Max Load's confirmation)
 *
 * `locale` is the page's language ("en" | "fr", English when absent): every text of the answer,
 * refusals included, is in it, and the lead is stored with it.
 */
import express, { type Request, type Response, type Router } from "express";
import type { z } from "zod/mini";
import {
  type HandoverResponse,
  type ReplyEvent,
  handoverAlready,
  handoverEmpty,
  handoverFailed,
  handoverLeadRequired,
  handoverTooMany,
  leadRequired,
  limitReached,
  quotaUnavailable,
  sessionMissing,
  transcriptEmpty,
  transcriptFailed,
  transcriptTooMany,
} from "~/features/chat/chat-contract";
import { handoverSchema, inLanguage, leadSchema, messageSchema, transcriptSchema } from "~/features/chat/chat-schemas";
import * as m from "~/paraglide/messages.js";
import { type Locale, isLocale } from "~/shared/i18n/locale";
import { takeAttribution } from "../analytics/lead-attribution";
import { requestClientKey } from "../http/client-address";
import { jsonBody } from "../http/json-body";
import { REFUSALS, requestLocale } from "../http/request-locale";
import { requestOrigin } from "../http/public-origin";
import type { Logger } from "../logger";
import type { ChatService } from "./chat-service";
import { validTimeZone } from "./local-day";
import { type SessionSigner, visitorOf } from "./session";

/** The language a body asks for, read before it is validated (a refusal is said in it too). */
function bodyLocale(body: unknown): Locale {
  const locale = typeof body === "object" && body !== null ? (body as { locale?: unknown }).locale : undefined;
  return isLocale(locale) ? locale : "en";
}

function parse<T>(schema: z.ZodMiniType<T>, req: Request, res: Response, body: unknown = req.body): T | undefined {
  const result = schema.safeParse(body ?? {});
  if (result.success) return result.data;
  const locale = bodyLocale(body);
  const issue = result.error.issues[0];
  const message =
    issue?.code === "unrecognized_keys"
      ? m.chat_request_unknown_field({ fields: issue.keys.join(", ") }, { locale })
      : issue?.code === "invalid_type" && issue.path.length === 0
        ? m.chat_request_not_object({}, { locale })
        : issue
          ? inLanguage(issue.message, locale)
          : m.chat_request_invalid({}, { locale });
  res.status(400).json({ error: message });
  return undefined;
}

/** Before the body is read: the refusal is in the language the page sent (request-locale.ts). */
const requireJson: express.RequestHandler = (req, res, next) => {
  if (!req.is("application/json")) {
    res.status(415).json({ error: REFUSALS.jsonRequired(requestLocale(req)) });
    return;
  }
  next();
};

export function chatRouter(options: { chat: ChatService; signer: SessionSigner; logger: Logger }): Router {
  const { chat, signer, logger } = options;
  const router = express.Router();
  router.use((_req, res, next) => {
    res.setHeader("Cache-Control", "no-store");
    next();
  });
  router.post("*splat", requireJson, jsonBody);

  router.get("/session", async (req, res, next) => {
    try {
      const known = visitorOf(req, res, signer, false);
      const visitorId = known ?? visitorOf(req, res, signer, true);
      const timeZone = validTimeZone(req.query.timeZone);
      const session = await chat.session(visitorId, timeZone, known === undefined);
      res.json({ user: { id: visitorId }, ...session });
    } catch (error) {
      next(error);
    }
  });

  router.post("/lead", async (req, res, next) => {
    // The attribution never refuses a lead: it is cleaned apart from the lead's fields.
    const { fields, attribution } = takeAttribution(req.body, { referer: req.headers.referer, origin: requestOrigin(res) });
    const body = parse(leadSchema, req, res, fields);
    if (!body) return;
    try {
      const visitorId = visitorOf(req, res, signer, true);
      res.json(await chat.saveLead(visitorId, { name: body.name, email: body.email, timeZone: validTimeZone(body.timeZone), locale: body.locale }, attribution));
    } catch (error) {
      next(error);
    }
  });

  router.post("/messages", async (req, res) => {
    const body = parse(messageSchema, req, res);
    if (!body) return;
    const { locale } = body;
    const visitorId = visitorOf(req, res, signer, false);
    if (!visitorId) {
      res.status(401).json({ error: sessionMissing(locale) });
      return;
    }
    const result = await chat.reply(visitorId, body.text, requestClientKey(req), validTimeZone(body.timeZone), locale);
    if (result.kind === "lead-required") {
      res.status(403).json({ error: leadRequired(locale) });
      return;
    }
    if (result.kind === "limit") {
      res.status(429).json({ error: limitReached(locale), limits: result.limits });
      return;
    }
    if (result.kind === "unavailable") {
      res.status(503).json({ error: quotaUnavailable(locale) });
      return;
    }

    // Streamed reply: one JSON object per line, flushed as soon as it is written.
    res.status(200);
    res.setHeader("Content-Type", "application/x-ndjson; charset=utf-8");
    res.setHeader("Cache-Control", "no-store, no-transform");
    res.setHeader("X-Accel-Buffering", "no");
    res.flushHeaders();
    req.socket.setNoDelay(true);
    const send = (event: ReplyEvent) => {
      if (!res.writableEnded) res.write(`${JSON.stringify(event)}\n`);
    };
    const gone = new AbortController();
    res.on("close", () => {
      if (!res.writableFinished) gone.abort(new Error("client went away"));
    });
    try {
      const outcome = await result.run((text) => send({ type: "delta", text }), gone.signal);
      send(
        outcome.ok
          ? { type: "done", reply: outcome.reply, limits: outcome.limits, source: outcome.source, ...(outcome.sources.length > 0 ? { sources: outcome.sources } : {}) }
          : { type: "error", ...(outcome.reply ? { reply: outcome.reply } : {}), error: outcome.error, limits: outcome.limits },
      );
    } catch (error) {
      logger.error({ err: error }, "chat stream failed");
    }
    res.end();
  });

  router.post("/transcript", async (req, res) => {
    const body = parse(transcriptSchema, req, res);
    if (!body) return;
    const { locale } = body;
    const visitorId = visitorOf(req, res, signer, false);
    if (!visitorId) {
      res.status(401).json({ error: sessionMissing(locale) });
      return;
    }
    try {
      const outcome = await chat.sendTranscript(visitorId, requestClientKey(req), locale);
      if (outcome === "empty") res.status(400).json({ error: transcriptEmpty(locale) });
      else if (outcome === "too-many") res.status(429).json({ error: transcriptTooMany(locale) });
      else res.json({ ok: true });
    } catch (error) {
      logger.error({ err: error }, "could not queue a chat transcript");
      res.status(503).json({ error: transcriptFailed(locale) });
    }
  });

  router.post("/handover", async (req, res) => {
    const { fields, attribution } = takeAttribution(req.body, { referer: req.headers.referer, origin: requestOrigin(res) });
    const body = parse(handoverSchema, req, res, fields);
    if (!body) return;
    const { locale } = body;
    const visitorId = visitorOf(req, res, signer, false);
    if (!visitorId) {
      res.status(401).json({ error: sessionMissing(locale) });
      return;
    }
    try {
      const outcome = await chat.handOver(visitorId, requestClientKey(req), locale, attribution);
      if (outcome.kind === "sent") res.json({ message: outcome.message } satisfies HandoverResponse);
      else if (outcome.kind === "lead-required") res.status(403).json({ error: handoverLeadRequired(locale) });
      else if (outcome.kind === "empty") res.status(400).json({ error: handoverEmpty(locale) });
      else if (outcome.kind === "already") res.status(409).json({ error: handoverAlready(locale) });
      else res.status(429).json({ error: handoverTooMany(locale) });
    } catch (error) {
      logger.error({ err: error }, "could not hand a chat over to the team");
      res.status(503).json({ error: handoverFailed(locale) });
    }
  });

  return router;
}
