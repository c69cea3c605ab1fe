import fs from "node:fs";
import path from "node:path";
import { type CompiledQuery, Kysely, Migrator, PostgresDialect, type QueryResult } from "kysely";
import pg from "pg";
import type { Config } from "../config";
import { migrations } from "./migrations/index";
import { PreparingClient } from "./prepared-statements";
import { backgroundCheckpoints } from "./sqlite-checkpoints";
import { SqliteThread, SqliteThreadDialect } from "./sqlite-thread";
import type { Database } from "./schema";

export type Db = Kysely<Database>;

interface OpenDatabase {
  db: Db;
  close(): Promise<void>;
}

export type DatabaseHandle =
  | (OpenDatabase & { kind: "postgres" })
  | (OpenDatabase & {
      kind: "sqlite";
      /** Runs the queries in one transaction, sent to the database thread as one message. */
      transaction(queries: readonly CompiledQuery[]): Promise<QueryResult<unknown>[]>;
    });

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
    return { db, kind: "postgres", close: () => db.destroy() };
  }
  fs.mkdirSync(path.dirname(database.file), { recursive: true });
  // Queries run on a thread of their own (decision 0056); the event loop only awaits them.
  const thread = new SqliteThread(database.file, { pragmas: ["journal_mode = WAL", "synchronous = NORMAL", "busy_timeout = 5000", "foreign_keys = ON"] });
  const setPragma = (pragma: string) => void thread.pragma(pragma).catch((error: Error) => options.onCheckpointError?.(error));
  const checkpoints = database.file === ":memory:" ? undefined : backgroundCheckpoints(setPragma, database.file, { onError: options.onCheckpointError });
  const db = new Kysely<Database>({ dialect: new SqliteThreadDialect(thread) });
  return {
    db,
    kind: "sqlite",
    transaction: (queries) => thread.transaction(queries),
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
