import { type SelectQueryBuilder, type SqlBool, sql } from "kysely";

/**
 * Whether a page link's time is a time as rows store it (`Date.prototype.toISOString()`). Not
 * `Date.parse`, which takes "9999" or "May 5" as well.
 */
export function isStoredTime(value: string): boolean {
  const ms = Date.parse(value);
  return !Number.isNaN(ms) && new Date(ms).toISOString() === value;
}

/** Rows read per query. */
export const PAGE_SIZE = 500;

/** What a row must select: its id and its time (under the name `created_at`, aliased if need be). */
export interface KeysetRow {
  id: string;
  created_at: string;
}

/**
 * The rows of `query` at or after `since` (ISO), oldest first, read in keyset pages over
 * (`timeColumn`, id): constant memory whatever the table size, and no row skipped or repeated
 * when rows share a time. `timeColumn` is the column `created_at` is read from.
 */
export async function* oldestFirst<DB, TB extends keyof DB, Row extends KeysetRow>(
  query: SelectQueryBuilder<DB, TB, Row>,
  timeColumn: string,
  since: string | undefined,
): AsyncIterable<Row> {
  const time = sql.ref(timeColumn);
  const id = sql.ref("id");
  const from = since ? query.where(sql<SqlBool>`${time} >= ${since}`) : query;
  let after: KeysetRow | undefined;
  for (;;) {
    const page = after ? from.where(sql<SqlBool>`(${time} > ${after.created_at} or (${time} = ${after.created_at} and ${id} > ${after.id}))`) : from;
    const rows = await page.orderBy(time).orderBy(id).limit(PAGE_SIZE).execute();
    yield* rows;
    if (rows.length < PAGE_SIZE) return;
    const last = rows[rows.length - 1]!;
    after = { created_at: last.created_at, id: last.id };
  }
}
