import type { Config } from "./config";
import { type DatabaseHandle, migrateToLatest, openDatabase } from "./db/database";
import type { Logger } from "./logger";

/**
 * Everything the server owns: one database, one mail outbox, one AI client. Created once at
 * start and handed to route actions through React Router's context (app/server-context.ts).
 */
export interface Services {
  config: Config;
  logger: Logger;
  database: DatabaseHandle;
}

export async function createServices(config: Config, logger: Logger): Promise<Services> {
  const database = openDatabase(config.database);
  await migrateToLatest(database.db);
  return { config, logger, database };
}

export async function closeServices(services: Services): Promise<void> {
  await services.database.close();
}
