/**
 * Builds the chat from the server's configuration: the provider (only with AI_API_KEY), the
 * session signer, the service and its router.
 */
import type { Router } from "express";
import type { Config } from "../config";
import type { Db } from "../db/database";
import type { Logger } from "../logger";
import { type ChatService, createChatService } from "./chat-service";
import type { RecordContactMessage } from "./handover";
import type { ChatOutbox } from "./transcript";
import type { LeadAlerts } from "../mail/lead-alerts";
import { createProvider } from "./provider";
import { chatRouter } from "./routes";
import { loadSessionSecret } from "../http/session-secret";
import { SessionSigner } from "./session";

export interface Chat {
  service: ChatService;
  router: Router;
}

export function createChat(options: {
  config: Config;
  logger: Logger;
  db: Db;
  outbox: ChatOutbox | undefined;
  recordContactMessage?: RecordContactMessage;
  alerts?: Pick<LeadAlerts, "queue">;
}): Chat {
  const { config, logger, db, outbox, recordContactMessage, alerts } = options;
  const { apiKey } = config.ai;
  const provider = apiKey ? createProvider({ ...config.ai, apiKey }, config.mail.teamEmail, logger) : undefined;
  if (!provider) logger.info("AI_API_KEY is not set: Max Load answers from the knowledge base");
  const signer = new SessionSigner(loadSessionSecret(config.sessionSecret, config.dataDir));
  const service = createChatService({ db, config, logger, provider, outbox, recordContactMessage, alerts });
  return { service, router: chatRouter({ chat: service, signer, logger }) };
}
