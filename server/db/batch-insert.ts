import { type Compilable, CompiledQuery, type Kysely, type QueryResult } from "kysely";

/** Where one parameter of a compiled batch comes from: a column of one of the rows, or a constant. */
type Source = { row: number; column: string } | { value: unknown };

interface Shape {
  sql: string;
  sources: Source[];
}

const mismatch = (row: number, columns: string[]) =>
  new TypeError(`batchInsert: row ${row} does not have a value for each of the first row's columns (${columns.join(", ")}) and no other`);

/** Most shapes (row count × column list) kept per statement: a group commit has 1–200 rows. */
const MAX_SHAPES = 256;

/**
 * A multi-row INSERT whose SQL is compiled once per shape (how many rows, which columns) and then
 * reused with each batch's values. Kysely builds and compiles a statement from scratch every time
 * it runs, which for the group commit of sign-ups (a subscriber row, two mails each) cost 5–8 µs a
 * sign-up, a twentieth of answering one (docs/decisions/0048).
 *
 * `build` gets rows whose every value is a distinct marker string; where each marker lands in the
 * compiled parameters says where each row's values go, whatever order the dialect writes them in
 * (any other parameter is a constant of the statement). Every row must have the same columns as
 * the first one, each with a value (null, not undefined: Kysely would write DEFAULT instead).
 */
export function batchInsert<Row extends object, Result>(build: (rows: Row[]) => Compilable<Result>) {
  const shapes = new Map<string, Shape>();

  const shapeOf = (count: number, columns: string[]): Shape => {
    const key = `${count}:${columns.join(",")}`;
    const known = shapes.get(key);
    if (known) return known;
    const markers = new Map<string, Source>();
    const rows = Array.from({ length: count }, (_, row) => {
      const values: Record<string, string> = {};
      for (const column of columns) {
        const marker = `\u0000batch-insert:${row}:${column}`;
        markers.set(marker, { row, column });
        values[column] = marker;
      }
      return values as unknown as Row;
    });
    const compiled = build(rows).compile();
    const sources = compiled.parameters.map((parameter): Source => (typeof parameter === "string" && markers.get(parameter)) || { value: parameter });
    const shape = { sql: compiled.sql, sources };
    if (shapes.size >= MAX_SHAPES) shapes.delete(shapes.keys().next().value!);
    shapes.set(key, shape);
    return shape;
  };

  /** Inserts `rows` (at least one) through `executor` (the database or a transaction). */
  return async (executor: Pick<Kysely<never>, "executeQuery">, rows: readonly Row[]): Promise<Result[]> => {
    const columns = Object.keys(rows[0]!);
    const { sql, sources } = shapeOf(rows.length, columns);
    for (const [index, row] of rows.entries()) {
      if (Object.keys(row).length !== columns.length) throw mismatch(index, columns);
    }
    const parameters = new Array<unknown>(sources.length);
    for (let i = 0; i < sources.length; i++) {
      const source = sources[i]!;
      const value = "value" in source ? source.value : (rows[source.row] as Record<string, unknown>)[source.column];
      if (value === undefined) throw mismatch((source as { row: number }).row, columns);
      parameters[i] = value;
    }
    const result: QueryResult<Result> = await executor.executeQuery(CompiledQuery.raw(sql, parameters));
    return result.rows;
  };
}
