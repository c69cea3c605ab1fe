/**
 * Helpers for the lead-capture tests: the server's own services on a real database (a temp
 * SQLite file, or a PostgreSQL URL), and direct reads of a site's SQLite file.
 */
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { SqliteDatabase, type SqliteDb } from "../../server/db/sqlite-driver";
import { loadConfig } from "../../server/config";
import { createLogger } from "../../server/logger";
import { closeServices, createServices, type Services } from "../../server/services";

export interface TestServices {
  services: Services;
  dataDir: string;
  close(): Promise<void>;
}

export async function startServices(env: Record<string, string> = {}): Promise<TestServices> {
  const dataDir = mkdtempSync(join(tmpdir(), "leads-test-"));
  const config = loadConfig({ DATA_DIR: dataDir, LOG_LEVEL: "silent", TEAM_EMAIL: "team@example.com", ADMIN_EMAIL: "admin@example.com", ...env });
  const services = await createServices(config, createLogger("silent"));
  return {
    services,
    dataDir,
    async close() {
      await closeServices(services);
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/** Reads a site's SQLite file (read-only), e.g. after a crash and restart. */
export function readSiteDb<T>(dataDir: string, read: (db: SqliteDb) => T): T {
  const db = new SqliteDatabase(join(dataDir, "site.db"), { readonly: true, fileMustExist: true });
  try {
    return read(db);
  } finally {
    db.close();
  }
}

export function count(dataDir: string, table: string): number {
  return readSiteDb(dataDir, (db) => (db.prepare(`select count(*) as n from ${table}`).get() as { n: number }).n);
}

export { until } from "../support/until";

export const postJson = (url: string, body: unknown, headers: Record<string, string> = {}) =>
  fetch(url, { method: "POST", headers: { "content-type": "application/json", ...headers }, body: JSON.stringify(body) });
