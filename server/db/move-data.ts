/**
 * Copies every table of a SQLite database into a PostgreSQL one migrated to the same schema, in
 * one transaction on the target, and verifies the copy (`npm run move-data`, server/cli/move-data.ts).
 *
 * Every column is text or integer on both sides and ids are text (server/db/schema.ts), so rows
 * move as they are read: no type conversion, no sequence to advance.
 */
import crypto from "node:crypto";
import { sql } from "kysely";
import type { Db } from "./database";

export type Row = Record<string, unknown>;

/** A table to move: its columns, and its primary key (the order rows are read in). */
export interface TablePlan {
  name: string;
  columns: string[];
  key: string[];
}

/** One table's rows on each side: how many, and a digest of their values. */
export interface TableCheck {
  table: string;
  sourceRows: number;
  targetRows: number;
  sourceDigest: string;
  targetDigest: string;
}

export const tableCheckOk = (check: TableCheck): boolean => check.sourceRows === check.targetRows && check.sourceDigest === check.targetDigest;

export interface MoveOptions {
  /** Empty the target's tables first instead of refusing a target that holds rows. */
  replace: boolean;
  /** How a source row is written (e.g. a lease that must not follow the row). Default: as read. */
  prepare?: (table: string, row: Row) => Row;
  /** Rows to add to a table after its own (e.g. a value the source kept outside the database). */
  extraRows?: Record<string, Row[]>;
  /** Told after each table is copied. */
  onTable?: (table: string, rows: number) => void;
}

/** The target already holds rows, and `replace` was not asked for. */
export class TargetNotEmptyError extends Error {
  constructor(readonly counts: Map<string, number>) {
    super(`The target database already holds data (${[...counts].map(([table, n]) => `${table}: ${n}`).join(", ")}).`);
    this.name = "TargetNotEmptyError";
  }
}

/** The target's tables do not match the source's (a schema this code does not know). */
export class SchemaMismatchError extends Error {}

/** The copy read back differs from what was read: the transaction was rolled back. */
export class VerificationError extends Error {
  constructor(readonly checks: TableCheck[]) {
    super("The copy differs from the source: nothing was written to the target.");
    this.name = "VerificationError";
  }
}

const BATCH = 500;

/** Tables of the SQLite source (Kysely's migration tables excluded), referenced tables first. */
export async function sqliteTables(source: Db): Promise<TablePlan[]> {
  const { rows: names } = await sql<{ name: string }>`select name from sqlite_master where type = 'table' and name not like 'sqlite\\_%' escape '\\' and name not like 'kysely\\_%' escape '\\' order by name`.execute(source);
  const plans = new Map<string, TablePlan & { references: string[] }>();
  for (const { name } of names) {
    const { rows: columns } = await sql<{ name: string; pk: number }>`select name, pk from pragma_table_info(${name}) order by cid`.execute(source);
    const { rows: references } = await sql<{ table: string }>`select "table" from pragma_foreign_key_list(${name})`.execute(source);
    const key = columns.filter((column) => column.pk > 0).sort((a, b) => a.pk - b.pk).map((column) => column.name);
    if (key.length === 0) throw new SchemaMismatchError(`Table ${name} has no primary key: its rows cannot be read in order.`);
    plans.set(name, { name, columns: columns.map((column) => column.name), key, references: references.map((r) => r.table).filter((table) => table !== name) });
  }
  const ordered: TablePlan[] = [];
  const placed = new Set<string>();
  const place = (name: string, path: string[]) => {
    if (placed.has(name)) return;
    if (path.includes(name)) throw new SchemaMismatchError(`Foreign keys form a cycle: ${[...path, name].join(" → ")}.`);
    const plan = plans.get(name);
    if (!plan) return;
    for (const reference of plan.references) place(reference, [...path, name]);
    placed.add(name);
    ordered.push({ name: plan.name, columns: plan.columns, key: plan.key });
  };
  for (const name of plans.keys()) place(name, []);
  return ordered;
}

/** Refuses a target whose tables differ from the source's (missing table, other columns). */
async function checkTargetSchema(target: Db, tables: TablePlan[]): Promise<void> {
  const metadata = new Map((await target.introspection.getTables()).map((table) => [table.name, new Set(table.columns.map((column) => column.name))]));
  for (const table of tables) {
    const columns = metadata.get(table.name);
    if (!columns) throw new SchemaMismatchError(`The target has no table ${table.name}.`);
    const source = new Set(table.columns);
    const differ = [...table.columns.filter((c) => !columns.has(c)), ...[...columns].filter((c) => !source.has(c))];
    if (differ.length > 0) throw new SchemaMismatchError(`Table ${table.name} has other columns in the target (${differ.join(", ")}).`);
  }
}

const ref = (name: string) => sql.ref(name);

/** Every row of a table, in pages of BATCH, in primary-key order (each database's own). */
async function* readRows(db: Db, table: TablePlan): AsyncGenerator<Row[]> {
  const key = sql.join(table.key.map(ref));
  const order = sql.join(table.key.map((column) => sql`${ref(column)} asc`));
  let after: unknown[] | undefined;
  for (;;) {
    const where = after ? sql`where (${key}) > (${sql.join(after.map((value) => sql`${value}`))})` : sql``;
    const { rows } = await sql<Row>`select * from ${sql.table(table.name)} ${where} order by ${order} limit ${BATCH}`.execute(db);
    if (rows.length > 0) yield rows;
    if (rows.length < BATCH) return;
    const last = rows[rows.length - 1]!;
    after = table.key.map((column) => last[column]);
  }
}

/**
 * A digest of a set of rows that does not depend on their order: the sum of each row's SHA-256
 * (its values in column-name order, as JSON) modulo 2^128. SQLite and PostgreSQL order text
 * differently, and a row's digest changes with any value or type (3 is not "3").
 */
class RowsDigest {
  private sum = 0n;
  count = 0;
  constructor(private readonly columns: string[]) {
    this.columns = [...columns].sort();
  }
  add(row: Row): void {
    const hash = crypto.createHash("sha256").update(JSON.stringify(this.columns.map((column) => row[column] ?? null))).digest();
    this.sum = (this.sum + hash.readBigUInt64BE(0) * 2n ** 64n + hash.readBigUInt64BE(8)) % 2n ** 128n;
    this.count += 1;
  }
  hex(): string {
    return this.sum.toString(16).padStart(32, "0");
  }
}

/** Rows per table in the target; only tables holding rows. */
async function nonEmptyTables(target: Db, tables: TablePlan[]): Promise<Map<string, number>> {
  const counts = new Map<string, number>();
  for (const table of tables) {
    const { rows } = await sql<{ n: string | number }>`select count(*) as n from ${sql.table(table.name)}`.execute(target);
    const n = Number(rows[0]?.n ?? 0);
    if (n > 0) counts.set(table.name, n);
  }
  return counts;
}

/**
 * Copies every table of `source` (SQLite, read in one transaction: a consistent snapshot) into
 * `target` (PostgreSQL, migrated to the same schema) in one transaction, then reads the target
 * back inside it: the transaction commits only when every table's count and digest match.
 */
export async function moveData(source: Db, target: Db, options: MoveOptions): Promise<TableCheck[]> {
  const prepare = options.prepare ?? ((_table: string, row: Row) => row);
  return source.transaction().execute(async (from) => {
    const tables = await sqliteTables(from);
    await checkTargetSchema(target, tables);
    return target.transaction().execute(async (to) => {
      const existing = await nonEmptyTables(to, tables);
      if (existing.size > 0) {
        if (!options.replace) throw new TargetNotEmptyError(existing);
        await sql`truncate ${sql.join(tables.map((table) => sql.table(table.name)))}`.execute(to);
      }
      const expected = new Map<string, RowsDigest>();
      const insert = async (table: TablePlan, rows: Row[]) => {
        const digest = expected.get(table.name)!;
        const written = rows.map((row) => prepare(table.name, row));
        for (const row of written) digest.add(row);
        const columns = sql.join(table.columns.map(ref));
        const values = sql.join(written.map((row) => sql`(${sql.join(table.columns.map((column) => sql`${row[column] ?? null}`))})`));
        await sql`insert into ${sql.table(table.name)} (${columns}) values ${values}`.execute(to);
      };
      for (const table of tables) {
        expected.set(table.name, new RowsDigest(table.columns));
        for await (const rows of readRows(from, table)) await insert(table, rows);
        const extra = options.extraRows?.[table.name] ?? [];
        for (let i = 0; i < extra.length; i += BATCH) await insert(table, extra.slice(i, i + BATCH));
        options.onTable?.(table.name, expected.get(table.name)!.count);
      }
      const checks: TableCheck[] = [];
      for (const table of tables) {
        const actual = new RowsDigest(table.columns);
        for await (const rows of readRows(to, table)) for (const row of rows) actual.add(row);
        const wanted = expected.get(table.name)!;
        checks.push({ table: table.name, sourceRows: wanted.count, targetRows: actual.count, sourceDigest: wanted.hex(), targetDigest: actual.hex() });
      }
      if (!checks.every(tableCheckOk)) throw new VerificationError(checks);
      return checks;
    });
  });
}
