import { Worker } from "node:worker_threads";
import {
  type CompiledQuery,
  type DatabaseConnection,
  type DatabaseIntrospector,
  type Dialect,
  type Driver,
  type Kysely,
  type QueryResult,
  SelectQueryNode,
  SqliteAdapter,
  SqliteIntrospector,
  SqliteQueryCompiler,
} from "kysely";
import { driverPath } from "./sqlite-package";

/** How many prepared statements the thread keeps (the most recently used ones). */
export const STATEMENT_CACHE_SIZE = 200;

/**
 * The database thread: the one connection to the file, its prepared statements (Kysely prepares
 * every query it runs, and compiling SQL was a tenth of a sign-up's database time), one query per
 * message, answered in order. Plain CommonJS, run with `eval`, so that the bundled server needs no
 * file beside it. If the file cannot be opened, every query is answered with that error.
 */
const WORKER_SOURCE = `
const { parentPort, workerData } = require("node:worker_threads");
let db, openError;
try {
  const Database = require(workerData.driver);
  db = new Database(workerData.file);
  for (const pragma of workerData.pragmas) db.pragma(pragma);
} catch (error) {
  openError = new Error("Cannot open the SQLite database " + workerData.file + ": " + (error && error.message || error));
  openError.code = error && error.code;
}
const statements = new Map();
function prepare(sql) {
  const cached = statements.get(sql);
  if (cached) {
    statements.delete(sql);
    statements.set(sql, cached);
    return cached;
  }
  const statement = db.prepare(sql);
  statements.set(sql, statement);
  if (statements.size > workerData.cacheSize) statements.delete(statements.keys().next().value);
  return statement;
}
function execute(sql, parameters) {
  const statement = prepare(sql);
  if (statement.reader) return { rows: statement.all(parameters) };
  const { changes, lastInsertRowid } = statement.run(parameters);
  return { changes, lastInsertRowid };
}
parentPort.on("message", (message) => {
  const [id, kind, text, parameters] = message;
  try {
    if (openError) throw openError;
    if (kind === "close") {
      statements.clear();
      db.close();
      parentPort.postMessage([id, true]);
      parentPort.close();
    } else if (kind === "transaction") {
      const results = db.transaction(() => parameters.map(([sql, values]) => execute(sql, values)))();
      parentPort.postMessage([id, true, results]);
    } else if (kind === "pragma") {
      db.pragma(text);
      parentPort.postMessage([id, true]);
    } else {
      const { rows, changes, lastInsertRowid } = execute(text, parameters);
      parentPort.postMessage([id, true, rows, changes, lastInsertRowid]);
    }
  } catch (error) {
    const failure = error instanceof Error ? { message: error.message, name: error.name, code: error.code } : { message: String(error) };
    parentPort.postMessage([id, false, failure]);
  }
});
`;

/** The thread's answer to a message: what the statement did, or why it failed. */
type Answer = [id: number, ok: true, rows?: unknown[], changes?: number, lastInsertRowid?: number | bigint];
type Reply = Answer | [id: number, ok: false, failure: { message: string; name?: string; code?: string }];

/** One statement's outcome in the thread: the rows it read or returned, or what it changed. */
interface Outcome {
  rows?: unknown[];
  changes?: number;
  lastInsertRowid?: number | bigint;
}

function resultOf<Row>({ rows, changes, lastInsertRowid }: Outcome): QueryResult<Row> {
  if (rows) return { rows: rows as Row[] };
  return {
    numAffectedRows: changes === undefined ? undefined : BigInt(changes),
    insertId: lastInsertRowid === undefined ? undefined : BigInt(lastInsertRowid),
    rows: [],
  };
}

/** A query's failure as the caller's code expects it: SQLite's message, name and `code` (SQLITE_CONSTRAINT_UNIQUE…). */
function failureOf(failure: { message: string; name?: string; code?: string }): Error {
  const error = new Error(failure.message) as Error & { code?: string };
  if (failure.name) error.name = failure.name;
  if (failure.code) error.code = failure.code;
  return error;
}

export interface SqliteThreadOptions {
  /** Run in order when the connection opens (`journal_mode = WAL`, …). */
  pragmas: readonly string[];
  statementCacheSize?: number;
}

/**
 * SQLite on a thread of its own (decision 0056): the queries run there, so the event loop that
 * answers requests never waits for SQLite to execute a statement or write its WAL. The connection
 * and its statements live on that thread; the event loop sends each query and awaits its answer.
 * While no query is in flight, the thread does not keep the process alive.
 */
export class SqliteThread {
  private worker: Worker | undefined;
  private readonly pending = new Map<number, { resolve: (reply: Reply) => void; reject: (error: Error) => void }>();
  private nextId = 0;
  private closed = false;

  constructor(
    private readonly file: string,
    private readonly options: SqliteThreadOptions,
  ) {}

  private start(): Worker {
    const worker = new Worker(WORKER_SOURCE, {
      eval: true,
      // The source is CommonJS whatever flags the process runs with (--input-type=module, --import…).
      execArgv: [],
      workerData: {
        file: this.file,
        driver: driverPath(),
        pragmas: this.options.pragmas,
        cacheSize: this.options.statementCacheSize ?? STATEMENT_CACHE_SIZE,
      },
    });
    worker.unref();
    worker.on("message", (reply: Reply) => {
      const waiting = this.pending.get(reply[0]);
      if (!waiting) return;
      this.pending.delete(reply[0]);
      if (this.pending.size === 0) worker.unref();
      waiting.resolve(reply);
    });
    const stopped = (error: Error) => {
      if (this.worker !== worker) return;
      this.worker = undefined;
      for (const waiting of this.pending.values()) waiting.reject(error);
      this.pending.clear();
    };
    worker.on("error", (error) => stopped(new Error(`The SQLite thread failed: ${error.message}`, { cause: error })));
    worker.on("exit", (code) => stopped(new Error(`The SQLite thread stopped (exit code ${code}).`)));
    return worker;
  }

  private send(kind: "query" | "transaction" | "pragma" | "close", text?: string, parameters?: readonly unknown[]): Promise<Reply> {
    if (this.closed) return Promise.reject(new Error("The database is closed."));
    // A thread that stopped (it cannot in normal operation) is started again for the next query.
    const worker = (this.worker ??= this.start());
    const id = this.nextId++;
    return new Promise<Reply>((resolve, reject) => {
      if (this.pending.size === 0) worker.ref();
      this.pending.set(id, { resolve, reject });
      worker.postMessage([id, kind, text, parameters]);
    });
  }

  private static settled(reply: Reply): Answer {
    if (!reply[1]) throw failureOf(reply[2]);
    return reply;
  }

  /** One query on the connection (the caller holds the connection: `lock`). */
  async query<Row>(sql: string, parameters: readonly unknown[]): Promise<QueryResult<Row>> {
    const [, , rows, changes, lastInsertRowid] = SqliteThread.settled(await this.send("query", sql, parameters));
    return resultOf<Row>({ rows, changes, lastInsertRowid });
  }

  /**
   * Runs the queries in one transaction on the thread, sent as one message: the group commit of
   * sign-ups waits for one answer from the thread, not for one per statement. All or nothing: the
   * first failure rolls back and is thrown. It waits for a Kysely transaction in progress, but
   * does not hold the connection while it runs: the thread takes messages in order, so the next
   * one can be on its way meanwhile.
   */
  async transaction(queries: readonly CompiledQuery[]): Promise<QueryResult<unknown>[]> {
    while (this.held) await this.held;
    const [, , outcomes] = SqliteThread.settled(await this.send("transaction", undefined, queries.map((query) => [query.sql, query.parameters])));
    return (outcomes as Outcome[]).map((outcome) => resultOf(outcome));
  }

  private held: Promise<void> | undefined;
  private release: (() => void) | undefined;

  /** Takes the one connection (as in Kysely's own SQLite driver): a query or transaction waits for the one before. */
  async lock(): Promise<void> {
    while (this.held) await this.held;
    this.held = new Promise((resolve) => (this.release = resolve));
  }

  unlock(): void {
    const release = this.release;
    this.held = undefined;
    this.release = undefined;
    release?.();
  }

  /** Runs a PRAGMA on the connection, after the queries sent before it. */
  async pragma(text: string): Promise<void> {
    SqliteThread.settled(await this.send("pragma", text));
  }

  /** Closes the connection once the queries sent before have run, and stops the thread. */
  async close(): Promise<void> {
    const worker = this.worker;
    if (this.closed) return;
    if (!worker) {
      this.closed = true;
      return;
    }
    const exited = new Promise<void>((resolve) => worker.once("exit", () => resolve()));
    try {
      SqliteThread.settled(await this.send("close"));
    } finally {
      this.closed = true;
      const late = setTimeout(() => void worker.terminate(), 5_000);
      await exited;
      clearTimeout(late);
    }
  }
}

class SqliteThreadConnection implements DatabaseConnection {
  constructor(private readonly thread: SqliteThread) {}

  executeQuery<Row>(compiledQuery: CompiledQuery): Promise<QueryResult<Row>> {
    return this.thread.query<Row>(compiledQuery.sql, compiledQuery.parameters);
  }

  async *streamQuery<Row>(compiledQuery: CompiledQuery): AsyncIterableIterator<QueryResult<Row>> {
    if (!SelectQueryNode.is(compiledQuery.query)) throw new Error("The SQLite thread streams SELECT queries only.");
    const { rows } = await this.executeQuery<Row>(compiledQuery);
    for (const row of rows) yield { rows: [row] };
  }
}

class SqliteThreadDriver implements Driver {
  private readonly connection: SqliteThreadConnection;

  constructor(private readonly thread: SqliteThread) {
    this.connection = new SqliteThreadConnection(thread);
  }

  async init(): Promise<void> {}

  async acquireConnection(): Promise<DatabaseConnection> {
    await this.thread.lock();
    return this.connection;
  }

  async beginTransaction(): Promise<void> {
    await this.thread.query("begin", []);
  }

  async commitTransaction(): Promise<void> {
    await this.thread.query("commit", []);
  }

  async rollbackTransaction(): Promise<void> {
    await this.thread.query("rollback", []);
  }

  releaseConnection(): Promise<void> {
    this.thread.unlock();
    return Promise.resolve();
  }

  destroy(): Promise<void> {
    return this.thread.close();
  }
}

/** Kysely's SQLite dialect (compiler, adapter, introspector) with its queries run on a SqliteThread. */
export class SqliteThreadDialect implements Dialect {
  constructor(private readonly thread: SqliteThread) {}

  createDriver(): Driver {
    return new SqliteThreadDriver(this.thread);
  }

  createQueryCompiler() {
    return new SqliteQueryCompiler();
  }

  createAdapter() {
    return new SqliteAdapter();
  }

  createIntrospector(db: Kysely<unknown>): DatabaseIntrospector {
    return new SqliteIntrospector(db);
  }
}
