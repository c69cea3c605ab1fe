/**
 * Vitest globalSetup for the unit and integration projects: one PostgreSQL 17 for the run, named
 * in TEST_POSTGRES_URL for the workers (which Vitest starts after this, with this environment).
 * Each test file's startPostgres() makes its own databases there (tests/support/postgres.ts).
 */
import { SHARED_POSTGRES_VARIABLE, startPostgresServer, type Postgres } from "./postgres";

declare global {
  // Shared by every project's globalSetup, which all run in Vitest's main process.
  var __testPostgres: { server: Promise<Postgres>; users: number } | undefined;
}

export default async function setup(): Promise<() => Promise<void>> {
  globalThis.__testPostgres ??= { server: startPostgresServer(17), users: 0 };
  const shared = globalThis.__testPostgres;
  shared.users += 1;
  const server = await shared.server;
  const base = new URL(server.url);
  base.pathname = "";
  process.env[SHARED_POSTGRES_VARIABLE] = base.href.replace(/\/$/, "");
  return async () => {
    shared.users -= 1;
    if (shared.users > 0) return;
    globalThis.__testPostgres = undefined;
    await server.stop();
  };
}
