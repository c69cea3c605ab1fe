import pg from "pg";

/**
 * PostgreSQL: the statements every sign-up runs, parsed and planned once per pooled connection
 * instead of on every call (docs/decisions/0052): unnamed, PostgreSQL parses, analyses and plans
 * the group commit each time.
 *
 * A statement is registered by its exact text; pooled connections (`PreparingClient`) run a
 * registered text as a named prepared statement, any other text as before. Only constant texts
 * may be registered (each stays prepared on every connection for the connection's life), so the
 * registry is bounded by the code, not by the data.
 */
const preparedNames = new Map<string, string>();

/** Registers `text` to run prepared on PostgreSQL; returns it unchanged. */
export function preparedOnPostgres(text: string): string {
  if (!preparedNames.has(text)) preparedNames.set(text, `site_${preparedNames.size + 1}`);
  return text;
}

type QueryMethod = (config: unknown, values?: unknown, callback?: unknown) => unknown;

/** A pg client that runs the registered texts as named prepared statements. */
export class PreparingClient extends pg.Client {
  constructor(config?: string | pg.ClientConfig) {
    super(config);
    const query = (this.query as QueryMethod).bind(this);
    const preparing: QueryMethod = (config, values, callback) => {
      const name = typeof config === "string" && Array.isArray(values) ? preparedNames.get(config) : undefined;
      if (name === undefined) return query(config, values, callback);
      return callback === undefined ? query({ name, text: config, values }) : query({ name, text: config, values }, callback);
    };
    (this as unknown as { query: QueryMethod }).query = preparing;
  }
}
