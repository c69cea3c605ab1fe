import { describe, expect, it } from "vitest";
import { SqliteDatabase } from "./sqlite-driver";
import { withStatementCache } from "./sqlite-statement-cache";

describe("withStatementCache", () => {
  const open = (size?: number) => {
    const sqlite = new SqliteDatabase(":memory:");
    sqlite.exec("create table t (n integer); insert into t values (1), (2), (3)");
    return withStatementCache(sqlite, size);
  };

  it("hands out the statement prepared before for the same SQL, and it runs again", () => {
    const db = open();
    const first = db.prepare("select n from t order by n");
    expect(db.prepare("select n from t order by n")).toBe(first);
    expect(db.prepare("select n from t order by n").all([])).toEqual([{ n: 1 }, { n: 2 }, { n: 3 }]);
    db.close();
  });

  it("never hands out a statement an iteration is still using", () => {
    const db = open();
    const iterating = db.prepare("select n from t order by n");
    const rows = iterating.iterate([]);
    rows.next();
    const other = db.prepare("select n from t order by n");
    expect(other).not.toBe(iterating);
    expect(other.all([])).toHaveLength(3);
    rows.return?.();
    expect(db.prepare("select n from t order by n")).toBe(iterating);
    db.close();
  });

  it("keeps the most recently used statements, up to its size", () => {
    const db = open(2);
    const a = db.prepare("select 1");
    const b = db.prepare("select 2");
    expect(db.prepare("select 1")).toBe(a); // a is now the most recent
    db.prepare("select 3"); // drops b, the least recently used
    expect(db.prepare("select 1")).toBe(a);
    expect(db.prepare("select 2")).not.toBe(b);
    db.close();
  });
});
