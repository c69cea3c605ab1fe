import type { SqliteDatabase as KyselySqliteDatabase, SqliteStatement } from "kysely";
import type { SqliteDb } from "./sqlite-driver";

/** How many prepared statements are kept (the most recently used ones). */
export const STATEMENT_CACHE_SIZE = 200;

/**
 * The database as Kysely's SQLite dialect sees it, with its prepared statements reused: Kysely
 * prepares every query it runs, and compiling SQL is a tenth of a sign-up's database time (the
 * multi-row INSERTs of a group commit most of all). A statement is reused only when it is not
 * in use (`busy`: an iteration in progress); SQLite re-prepares a cached statement by itself
 * after a schema change.
 */
export function withStatementCache(sqlite: SqliteDb, size = STATEMENT_CACHE_SIZE): KyselySqliteDatabase {
  const statements = new Map<string, ReturnType<SqliteDb["prepare"]>>();
  return {
    close: () => {
      statements.clear();
      sqlite.close();
    },
    prepare(sql: string): SqliteStatement {
      const cached = statements.get(sql);
      if (cached && !cached.busy) {
        // Most recently used last: the first key is the one to drop.
        statements.delete(sql);
        statements.set(sql, cached);
        return cached;
      }
      const statement = sqlite.prepare(sql);
      if (!cached) {
        statements.set(sql, statement);
        if (statements.size > size) statements.delete(statements.keys().next().value!);
      }
      return statement;
    },
  };
}
