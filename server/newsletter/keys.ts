/**
 * The newsletter's keyed hashes, all derived from the session secret (SESSION_SECRET, else the
 * generated DATA_DIR/session-secret) with a label each, so no key serves two purposes:
 *
 * - unsubscribe tokens: `<unsubscribe_key>.<HMAC(key, unsubscribe_key)>`. The first part is a
 *   random value stored with the subscriber (never its id), the second proves that we issued it:
 *   a made-up or altered token fails the signature before the database is asked. The key starts
 *   with its creation time (milliseconds, 12 hex digits) so that new keys go to the end of their
 *   unique index, as UUIDv7 row ids do (docs/decisions/0047);
 * - the consent record's client address: HMAC of the client key (IPv4, or the IPv6 /64), so the
 *   record shows that two sign-ups came from the same network without storing the address.
 */
import crypto from "node:crypto";

const KEY_SHAPE = /^[A-Za-z0-9_-]{16,64}$/;
const SIGNATURE_SHAPE = /^[A-Za-z0-9_-]{43}$/;

/**
 * 18 random bytes, cut from a pool filled 4 KB at a time: `crypto.randomBytes` asks the kernel on
 * every call, a system call per sign-up (Node's randomUUID pools the same way).
 */
const POOL_BYTES = 18 * 227;
let pool = Buffer.alloc(0);
let used = 0;
function randomBits144(): Buffer {
  if (used === pool.length) {
    pool = crypto.randomBytes(POOL_BYTES);
    used = 0;
  }
  used += 18;
  return pool.subarray(used - 18, used);
}

export class NewsletterKeys {
  private readonly tokenKey: Buffer;
  private readonly clientKey: Buffer;

  constructor(sessionSecret: string) {
    const derive = (label: string) => crypto.createHmac("sha256", sessionSecret).update(`heavyroute:newsletter:${label}`).digest();
    this.tokenKey = derive("unsubscribe-token");
    this.clientKey = derive("consent-client");
  }

  /** A new unsubscribe key for a subscriber row: its creation time, then 144 random bits. */
  static newUnsubscribeKey(now = Date.now()): string {
    return now.toString(16).padStart(12, "0") + randomBits144().toString("base64url");
  }

  private signature(unsubscribeKey: string): string {
    return crypto.createHmac("sha256", this.tokenKey).update(unsubscribeKey).digest("base64url");
  }

  /** The token in a subscriber's unsubscribe link. */
  token(unsubscribeKey: string): string {
    return `${unsubscribeKey}.${this.signature(unsubscribeKey)}`;
  }

  /** The unsubscribe key a token carries, or undefined when it is malformed or not signed by us. */
  verify(token: string | undefined): string | undefined {
    if (typeof token !== "string" || token.length > 200) return undefined;
    const dot = token.indexOf(".");
    if (dot < 0) return undefined;
    const key = token.slice(0, dot);
    const given = token.slice(dot + 1);
    if (!KEY_SHAPE.test(key) || !SIGNATURE_SHAPE.test(given)) return undefined;
    const expected = Buffer.from(this.signature(key));
    return crypto.timingSafeEqual(Buffer.from(given), expected) ? key : undefined;
  }

  /** The consent record's keyed hash of a client key (hex). */
  clientHash(clientKey: string): string {
    return crypto.createHmac("sha256", this.clientKey).update(clientKey).digest("hex");
  }
}
