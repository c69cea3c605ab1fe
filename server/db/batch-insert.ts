import { type Compilable, CompiledQuery, type Kysely, type QueryResult } from "kysely";

/** Most compiled statements kept per INSERT (the most recently used): a group commit has 1–200 rows. */
const MAX_SHAPES = 64;

/**
 * A multi-row INSERT whose SQL is compiled once per shape (how many rows, which columns) and then
 * reused with each batch's values. Kysely builds and compiles a statement from scratch every time
 * it runs, work the group commit of sign-ups (a subscriber row, two mails each) would repeat for
 * every batch (docs/decisions/0048).
 *
 * `build` gets rows whose every value is a distinct marker string. The compiled parameters must be
 * exactly those markers, row after row, each row's columns in one order: that order is kept, and
 * a batch's parameters are its rows' values in it. Every row must have the same columns as the
 * first one, each with a value (null, not undefined: Kysely would write DEFAULT instead).
 */
export function batchInsert<Row extends object, Result>(build: (rows: Row[]) => Compilable<Result>) {
  const shapes = new Map<string, { sql: string; order: string[] }>();

  const shapeOf = (count: number, columns: string[]) => {
    const key = `${count}:${columns.join(",")}`;
    const known = shapes.get(key);
    if (known) {
      // Most recently used last: the first key is the one to drop.
      shapes.delete(key);
      shapes.set(key, known);
      return known;
    }
    const marker = (row: number, column: string) => `\u0000batch-insert:${row}:${column}`;
    const rows = Array.from({ length: count }, (_, row) => Object.fromEntries(columns.map((column) => [column, marker(row, column)])) as Row);
    const { sql, parameters } = build(rows).compile();
    const order = parameters.slice(0, columns.length).map((parameter) => columns.find((column) => parameter === marker(0, column)) ?? "");
    const rowMajor = parameters.length === count * order.length && parameters.every((parameter, i) => parameter === marker(Math.floor(i / order.length), order[i % order.length]!));
    if (!rowMajor) throw new TypeError(`batchInsert: the statement's parameters are not its rows' values, row after row: ${sql}`);
    const shape = { sql, order };
    if (shapes.size >= MAX_SHAPES) shapes.delete(shapes.keys().next().value!);
    shapes.set(key, shape);
    return shape;
  };

  /** Inserts `rows` (at least one) through `executor` (the database or a transaction). */
  return async (executor: Pick<Kysely<never>, "executeQuery">, rows: readonly Row[]): Promise<Result[]> => {
    const columns = Object.keys(rows[0]!);
    const { sql, order } = shapeOf(rows.length, columns);
    const parameters: unknown[] = [];
    for (const [index, row] of rows.entries()) {
      if (Object.keys(row).length !== columns.length) throw mismatch(index, columns);
      for (const column of order) {
        const value = (row as Record<string, unknown>)[column];
        if (value === undefined) throw mismatch(index, columns);
        parameters.push(value);
      }
    }
    const result: QueryResult<Result> = await executor.executeQuery(CompiledQuery.raw(sql, parameters));
    return result.rows;
  };
}

const mismatch = (row: number, columns: string[]) =>
  new TypeError(`batchInsert: row ${row} does not have a value for each of the first row's columns (${columns.join(", ")}) and no other`);
