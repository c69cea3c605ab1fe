import crypto from "node:crypto";

/**
 * A new row id: a UUIDv7 (RFC 9562), the creation time in milliseconds then 74 random bits.
 * Time-ordered ids append to the primary key's B-tree, where random (v4) ids touch a different
 * leaf page per row: a group commit of 50 sign-ups wrote a page per row per random index
 * (SQLite's WAL, PostgreSQL's full-page writes). Not for secrets: it shows when it was made
 * (tokens and the chat's visitor id are random).
 */
export function newRowId(now: number = Date.now()): string {
  const time = now.toString(16).padStart(12, "0");
  // A v4 UUID's random bits and variant, behind the time and the version nibble 7.
  return `${time.slice(0, 8)}-${time.slice(8, 12)}-7${crypto.randomUUID().slice(15)}`;
}
