/** Reads a site's database, SQLite (its DATA_DIR) or PostgreSQL (a URL), for the newsletter tests. */
import pg from "pg";
import { readSiteDb } from "./leads-helpers";

export type Query = <T>(sql: string, params?: unknown[]) => Promise<T[]>;

/** `sql` uses `$1`-style parameters; for SQLite they become `?`. */
export function siteQuery(target: { dataDir: string } | { url: string }): Query {
  if ("url" in target) {
    return async <T>(sql: string, params: unknown[] = []) => {
      const client = new pg.Client(target.url);
      await client.connect();
      try {
        return (await client.query(sql, params)).rows as T[];
      } finally {
        await client.end();
      }
    };
  }
  return <T>(sql: string, params: unknown[] = []) =>
    Promise.resolve(readSiteDb(target.dataDir, (db) => db.prepare(sql.replace(/\$\d+/g, "?")).all(...params) as T[]));
}
