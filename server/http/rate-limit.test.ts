import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startPostgres } from "../../tests/support/postgres";
import { type DatabaseHandle, migrateToLatest, openDatabase } from "../db/database";
import { type RateLimitStore, postgresRateLimitStore, memoryRateLimitStore } from "./rate-limit";

let postgres: DatabaseHandle;
let stopPostgres: () => Promise<void>;

beforeAll(async () => {
  const pg = await startPostgres();
  stopPostgres = () => pg.stop();
  postgres = openDatabase({ kind: "postgres", url: pg.url });
  await migrateToLatest(postgres.db);
}, 60_000);

afterAll(async () => {
  await postgres?.close();
  await stopPostgres?.();
});

const stores: [string, () => RateLimitStore][] = [
  ["memory", () => memoryRateLimitStore()],
  ["PostgreSQL", () => postgresRateLimitStore(postgres.db)],
];

describe.each(stores)("rate limit store: %s", (_name, makeStore) => {
  it("counts exactly max requests per window, whatever the concurrency, and refuses the rest uncounted", async () => {
    const store = makeStore();
    const hits = await Promise.all(Array.from({ length: 50 }, () => Promise.resolve(store.hit(`${_name}:burst`, 60_000, 20))));
    expect(hits.filter((hit) => hit.allowed)).toHaveLength(20);
    expect(hits.filter((hit) => hit.allowed).map((hit) => hit.count).sort((a, b) => a - b)).toEqual(Array.from({ length: 20 }, (_, i) => i + 1));
    const refused = hits.filter((hit) => !hit.allowed);
    expect(refused).toHaveLength(30);
    for (const hit of refused) {
      expect(hit.count).toBe(20);
      expect(hit.resetAt).toBeGreaterThan(Date.now());
    }
  });

  it("counts many clients at once, each exactly (two stores on one database: two instances sharing the counts)", async () => {
    const first = makeStore();
    const second = _name === "memory" ? first : makeStore(); // memory is one process's own
    const clients = Array.from({ length: 30 }, (_, i) => `${_name}:many:${i}`);
    const hits = await Promise.all(clients.flatMap((client, i) => Array.from({ length: 8 }, (_, j) => Promise.resolve((j % 2 ? first : second).hit(client, 60_000, 5 + (i % 2))))));
    clients.forEach((client, i) => {
      const own = hits.slice(i * 8, i * 8 + 8);
      expect(own.filter((hit) => hit.allowed), client).toHaveLength(5 + (i % 2));
    });
    expect((await first.hit(clients[0]!, 60_000, 5)).allowed).toBe(false);
  });

  it("keeps clients apart", async () => {
    const store = makeStore();
    expect((await store.hit(`${_name}:a`, 60_000, 1)).allowed).toBe(true);
    expect((await store.hit(`${_name}:a`, 60_000, 1)).allowed).toBe(false);
    expect((await store.hit(`${_name}:b`, 60_000, 1)).allowed).toBe(true);
  });

  it("opens a new window once the last one has ended", async () => {
    const store = makeStore();
    // A window long enough that the second hit lands in it even on a loaded machine (a 5 ms one
    // had ended before a busy PostgreSQL answered the second hit).
    expect((await store.hit(`${_name}:short`, 1_000, 1)).allowed).toBe(true);
    expect((await store.hit(`${_name}:short`, 60_000, 1)).allowed).toBe(false);
    await new Promise((resolve) => setTimeout(resolve, 1_100));
    const again = await store.hit(`${_name}:short`, 60_000, 1);
    expect(again).toMatchObject({ allowed: true, count: 1 });
  });
});
