import { describe, expect, it } from "vitest";
import { NewsletterKeys } from "./keys";

describe("newsletter keys", () => {
  const keys = new NewsletterKeys("s".repeat(40));

  it("signs and verifies unsubscribe tokens; altered, foreign or malformed ones fail", () => {
    const key = NewsletterKeys.newUnsubscribeKey();
    const token = keys.token(key);
    expect(keys.verify(token)).toBe(key);
    expect(new NewsletterKeys("t".repeat(40)).verify(token)).toBeUndefined();
    const flipped = token.slice(0, -1) + (token.endsWith("A") ? "B" : "A");
    expect(keys.verify(flipped)).toBeUndefined();
    expect(keys.verify(`${NewsletterKeys.newUnsubscribeKey()}.${token.split(".")[1]}`)).toBeUndefined();
    for (const bad of [undefined, "", ".", "abc", `${key}.`, `${key}.${"x".repeat(500)}`, `../${token}`]) expect(keys.verify(bad)).toBeUndefined();
  });

  it("makes keys that sort by creation time and differ within one millisecond", () => {
    const [a, b, c] = [NewsletterKeys.newUnsubscribeKey(1_000), NewsletterKeys.newUnsubscribeKey(1_000), NewsletterKeys.newUnsubscribeKey(2_000)];
    expect(a).toMatch(/^0{9}3e8[A-Za-z0-9_-]{24}$/);
    expect(a).not.toBe(b);
    expect(a < c && b < c).toBe(true);
    expect(keys.verify(keys.token(c))).toBe(c);
  });

  it("hashes client keys with a key of its own: stable, not the address, not the token key", () => {
    const hash = keys.clientHash("203.0.113.7");
    expect(hash).toMatch(/^[0-9a-f]{64}$/);
    expect(keys.clientHash("203.0.113.7")).toBe(hash);
    expect(keys.clientHash("203.0.113.8")).not.toBe(hash);
    expect(new NewsletterKeys("t".repeat(40)).clientHash("203.0.113.7")).not.toBe(hash);
  });
});
