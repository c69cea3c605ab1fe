/**
 * The visitor hash, as Plausible counts unique visitors without storing anything about a person:
 * hash(day's salt, public origin, client key, User-Agent). The salt is random, one per UTC day,
 * in the database so every instance hashes a visitor alike; once a newer day's salt exists the
 * older ones are deleted, and with them any way to link a hash to an address and a browser.
 */
import crypto from "node:crypto";
import { sql } from "kysely";
import type { Db } from "../db/database";

/**
 * The salt of `day`, made by the first instance to ask (insert if absent, then read back: one
 * value on every instance). None once a later day has one: that day's salt is gone for good,
 * and is never made again.
 */
export async function saltOf(db: Db, day: string, now = new Date()): Promise<string | undefined> {
  const salt = crypto.randomBytes(32).toString("base64url");
  await sql`insert into analytics_salts (day, salt, created_at)
    select ${day}, ${salt}, ${now.toISOString()} where not exists (select 1 from analytics_salts where day > ${day})
    on conflict (day) do nothing`.execute(db);
  await deleteSaltsBefore(db, day);
  const row = await db.selectFrom("analytics_salts").select("salt").where("day", "=", day).executeTakeFirst();
  return row?.salt;
}

/** Deletes the salts of the days before `day`: their hashes can no longer be remade. */
export async function deleteSaltsBefore(db: Db, day: string): Promise<void> {
  await db.deleteFrom("analytics_salts").where("day", "<", day).execute();
}

/** 128 bits of SHA-256, base64url: unique enough to count a day's visitors, linked to nobody. */
export const visitorHash = (salt: string, input: readonly string[]): string =>
  crypto.hash("sha256", `${salt}\u0000${input.join("\u0000")}`, "base64url").slice(0, 22);
