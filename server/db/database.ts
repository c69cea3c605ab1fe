import fs from "node:fs";
import path from "node:path";
import { Kysely, Migrator, PostgresDialect, SqliteDialect } from "kysely";
import pg from "pg";
import type { Config } from "../config";
import { migrations } from "./migrations/index";
import { PreparingClient } from "./prepared-statements";
import { backgroundCheckpoints } from "./sqlite-checkpoints";
import { SqliteDatabase } from "./sqlite-driver";
import { withStatementCache } from "./sqlite-statement-cache";
import type { Database } from "./schema";

export type Db = Kysely<Database>;

export interface DatabaseHandle {
  db: Db;
  kind: Config["database"]["kind"];
  /** PostgreSQL: the pool's connections now (for the metrics); SQLite has no pool. */
  poolUse?: () => { total: number; idle: number; waiting: number };
  close(): Promise<void>;
}

export interface OpenDatabaseOptions {
  /**
   * PostgreSQL: a pooled connection failed while idle (the server restarted or stopped, an
   * administrator or a proxy ended the session, the network dropped it). The pool has already
   * discarded it; the next query opens a new one.
   */
  onIdleConnectionError?: (error: Error) => void;
  /** SQLite: the background WAL checkpoint failed (the next one retries). */
  onCheckpointError?: (error: Error) => void;
}

/** Opens SQLite (default, a file under DATA_DIR, WAL mode) or PostgreSQL (DATABASE_URL). */
export function openDatabase(database: Config["database"], options: OpenDatabaseOptions = {}): DatabaseHandle {
  if (database.kind === "postgres") {
    const pool = new pg.Pool({ connectionString: database.url, max: 10, Client: PreparingClient });
    // Without a listener, the pool's "error" event for an idle connection would be an uncaught
    // exception and stop the process (also when PostgreSQL stops right after pool.end(), which
    // resolves before its connections have closed).
    pool.on("error", (error) => options.onIdleConnectionError?.(error));
    const db = new Kysely<Database>({ dialect: new PostgresDialect({ pool }) });
    return {
      db,
      kind: "postgres",
      poolUse: () => ({ total: pool.totalCount, idle: pool.idleCount, waiting: pool.waitingCount }),
      close: () => db.destroy(),
    };
  }
  fs.mkdirSync(path.dirname(database.file), { recursive: true });
  const sqlite = new SqliteDatabase(database.file);
  sqlite.pragma("journal_mode = WAL");
  sqlite.pragma("synchronous = NORMAL");
  sqlite.pragma("busy_timeout = 5000");
  sqlite.pragma("foreign_keys = ON");
  const checkpoints = database.file === ":memory:" ? undefined : backgroundCheckpoints(sqlite, database.file, { onError: options.onCheckpointError });
  const db = new Kysely<Database>({ dialect: new SqliteDialect({ database: withStatementCache(sqlite) }) });
  return {
    db,
    kind: "sqlite",
    close: async () => {
      await checkpoints?.close();
      await db.destroy();
    },
  };
}

export async function migrateToLatest(db: Db): Promise<void> {
  const migrator = new Migrator({
    db,
    provider: { getMigrations: () => Promise.resolve(migrations) },
  });
  const { error, results } = await migrator.migrateToLatest();
  const failed = results?.find((result) => result.status === "Error");
  if (error || failed) {
    throw new Error(`Database migration ${failed?.migrationName ?? ""} failed: ${String(error)}`);
  }
}

/** True when an insert failed on a unique constraint, in either database. */
export function isUniqueViolation(error: unknown): boolean {
  if (typeof error !== "object" || error === null) return false;
  const { code } = error as { code?: unknown };
  return code === "23505" || code === "SQLITE_CONSTRAINT_UNIQUE" || code === "SQLITE_CONSTRAINT_PRIMARYKEY";
}

export const nowIso = (): string => new Date().toISOString();
