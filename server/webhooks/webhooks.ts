/** Webhooks to the team's CRM (docs/webhooks.md): the endpoints admins configure and the worker that delivers. */
import type { Audit } from "../audit/audit";
import type { Config } from "../config";
import type { DatabaseHandle } from "../db/database";
import type { Logger } from "../logger";
import { WebhookAddressPolicy } from "./address-policy";
import { WebhookWorker } from "./deliveries";
import { WebhookEndpoints } from "./endpoints";

export interface Webhooks {
  endpoints: WebhookEndpoints;
  worker: WebhookWorker;
}

export function createWebhooks(options: { database: DatabaseHandle; audit: Audit; config: Config; logger: Logger; busy: () => boolean }): Webhooks {
  const { database, audit, config, logger, busy } = options;
  const policy = new WebhookAddressPolicy(config.webhooks.allowNetworks);
  const worker = new WebhookWorker(database.db, policy, logger, {
    timeoutMs: config.webhooks.timeoutMs,
    retryBaseMs: config.webhooks.retryBaseMs,
    sharedDatabase: database.kind === "postgres",
    busy,
  });
  return { endpoints: new WebhookEndpoints(database.db, audit, policy, () => worker.nudge()), worker };
}
