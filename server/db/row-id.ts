import crypto from "node:crypto";

const HEX = Buffer.from("0123456789abcdef", "latin1");
/** Random bytes drawn in blocks: one system call for 256 ids. */
const RANDOM_BYTES_PER_ID = 10;
const pool = Buffer.alloc(RANDOM_BYTES_PER_ID * 256);
let poolOffset = pool.length;
/** The id's 36 characters, written in place, then read as one string. */
const text = Buffer.from("00000000-0000-7000-8000-000000000000", "latin1");

function writeHex(value: number, from: number, to: number): number {
  let rest = value;
  for (let i = to - 1; i >= from; i--) {
    text[i] = HEX[rest % 16]!;
    rest = Math.floor(rest / 16);
  }
  return rest;
}

/**
 * A new row id: a UUIDv7 (RFC 9562), the creation time in milliseconds then 74 random bits.
 * Time-ordered ids append to the primary key's B-tree, where random (v4) ids touch a different
 * leaf page per row: a group commit of 50 sign-ups wrote a page per row per random index
 * (SQLite's WAL, PostgreSQL's full-page writes). Not for secrets: it shows when it was made
 * (tokens and the chat's visitor id are random). Written into one buffer and read as one string:
 * a few ids per sign-up, and `randomUUID()` with string slicing made a dozen strings each.
 */
export function newRowId(now: number = Date.now()): string {
  if (poolOffset === pool.length) {
    crypto.randomFillSync(pool);
    poolOffset = 0;
  }
  const random = poolOffset;
  poolOffset += RANDOM_BYTES_PER_ID;
  // 48 bits of time: characters 0–7 and 9–12.
  writeHex(writeHex(now, 9, 13), 0, 8);
  // 74 random bits: 12 after the version nibble 7, 2 in the variant (8, 9, a or b), 60 after it.
  let n = 0;
  for (const i of RANDOM_POSITIONS) {
    const byte = pool[random + (n >> 1)]!;
    text[i] = HEX[n % 2 === 0 ? byte >> 4 : byte & 15]!;
    n += 1;
  }
  text[19] = HEX[8 + (pool[random + 9]! & 3)]!;
  return text.toString("latin1");
}

/** Where the random hex digits go (all but the version at 14 and the variant at 19). */
const RANDOM_POSITIONS = [15, 16, 17, 20, 21, 22, 24, 25, 26, 27, 28, 29, 30, 31, 32, 33, 34, 35];

/**
 * Below every row id made at or after `at` (milliseconds) and above every one made before: ids
 * compare as text in time order, so `id >= rowIdFrom(a) and id < rowIdFrom(b)` selects the rows
 * made in [a, b) on the primary key alone.
 */
export function rowIdFrom(at: number): string {
  const time = at.toString(16).padStart(12, "0");
  return `${time.slice(0, 8)}-${time.slice(8)}-0000-0000-000000000000`;
}
