/** Reads a site's database, SQLite (its DATA_DIR) or PostgreSQL (a URL), for the newsletter tests. */
import pg from "pg";
import { readSiteDb } from "./leads-helpers";

export type Query = <T>(sql: string, params?: unknown[]) => Promise<T[]>;

/** `sql` uses `$1`-style parameters; for SQLite they become `?`. */
export function siteQuery(target: { dataDir: string } | { url: string }): Query {
  if ("url" in target) {
    return async <T>(sql: string, params: unknown[] = []) => {
      // Counts (int8) as numbers, as SQLite returns them.
      const getTypeParser = pg.types.getTypeParser as (oid: number, format?: "text" | "binary") => (value: string) => unknown;
      const types = { getTypeParser: ((oid: number, format?: "text" | "binary") => (oid === 20 ? Number : getTypeParser(oid, format))) as typeof pg.types.getTypeParser };
      const client = new pg.Client({ connectionString: target.url, types });
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
