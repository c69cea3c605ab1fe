import { describe, expect, it } from "vitest";
import { newRowId, rowIdFrom } from "./row-id";

describe("newRowId", () => {
  it("is a UUIDv7: version 7, RFC variant, the time in its first 48 bits", () => {
    const at = Date.UTC(2026, 10, 23, 6, 30);
    const id = newRowId(at);
    expect(id).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-7[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
    expect(Number.parseInt(id.replace(/-/g, "").slice(0, 12), 16)).toBe(at);
  });

  it("sorts by creation time, and ids of one millisecond differ", () => {
    const ids = [newRowId(1_000), newRowId(2_000), newRowId(1_000_000_000_000)];
    expect([...ids].sort()).toEqual(ids);
    const same = new Set(Array.from({ length: 1_000 }, () => newRowId(5)));
    expect(same.size).toBe(1_000);
  });
});

describe("rowIdFrom", () => {
  it("bounds the ids of a time range, compared as text", () => {
    const day = Date.parse("2026-11-20T00:00:00.000Z");
    const next = Date.parse("2026-11-21T00:00:00.000Z");
    const inside = [newRowId(day), newRowId(day + 1), newRowId(next - 1)];
    const outside = [newRowId(day - 1), newRowId(next), newRowId(next + 1)];
    for (const id of inside) expect(id >= rowIdFrom(day) && id < rowIdFrom(next), id).toBe(true);
    for (const id of outside) expect(id >= rowIdFrom(day) && id < rowIdFrom(next), id).toBe(false);
  });
});
