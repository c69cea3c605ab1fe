/**
 * Bad input never becomes a 500 nor a row: a few hundred malformed bodies to each lead endpoint
 * (JSON and form posts) get only 4xx answers with a readable message, and nothing is stored.
 * Also: the honeypot, the cross-site check and the POST rate limit on these endpoints.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startSite, type Site } from "../support/site-server";
import { count, postJson } from "./leads-helpers";

const ENDPOINTS = ["newsletter", "contact", "request-information"] as const;
const VALID: Record<(typeof ENDPOINTS)[number], Record<string, string>> = {
  newsletter: { email: "valid@example.com" },
  contact: { name: "Val", email: "valid@example.com", category: "question", message: "Hello" },
  "request-information": { name: "Val", email: "valid@example.com", phone: "+1 555 010 0200", company: "ACME", message: "Hello", planType: "Token" },
};
const TABLES = ["subscribers", "contact_messages", "more_information", "mail"];

/** Deterministic PRNG (mulberry32), so a failure can be replayed. */
function random(seed: number) {
  return () => {
    seed = (seed + 0x6d2b79f5) | 0;
    let t = Math.imul(seed ^ (seed >>> 15), 1 | seed);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

interface Case {
  label: string;
  contentType: string;
  body: string | Blob;
}

/** Malformed variants of a valid body: each is invalid by construction. */
function malformed(valid: Record<string, string>, seed: number, n: number): Case[] {
  const rand = random(seed);
  const pick = <T,>(items: readonly T[]): T => items[Math.floor(rand() * items.length)]!;
  const fields = Object.keys(valid);
  // Invalid for every field (wrong types, blank, control characters, over every limit)…
  const junkValues: unknown[] = [null, 42, -1.5, true, false, [], ["a@b.co"], {}, { $gt: "" }, "", " ", "\u0000", "a".repeat(6000)];
  // …and for the email field only.
  const junkEmails: unknown[] = ["no-at-sign", "x@", "@y.z", "a b@c.de"];
  const json = (value: unknown) => JSON.stringify(value);
  const makers: Array<() => Case> = [
    () => ({ label: "invalid JSON", contentType: "application/json", body: pick(["{", "{\"email\":", "[1,2", "nul", "{'a':1}", "\u0000\u0001", "{\"a\":1}}"]) }),
    () => ({ label: "JSON not an object", contentType: "application/json", body: json(pick([[], [valid], "text", 7, null, true])) }),
    () => ({ label: "unknown field", contentType: "application/json", body: json({ ...valid, [pick(["admin", "id", "status", "__proto__x", "to", "html"])]: "x" }) }),
    () => {
      const field = pick(fields);
      let value = pick(field === "email" ? [...junkValues, ...junkEmails] : junkValues);
      if (field === "category" && typeof value === "string" && value === "") value = "nope";
      return { label: `wrong ${field}`, contentType: "application/json", body: json({ ...valid, [field]: value }) };
    },
    () => {
      const field = pick(fields.filter((f) => f !== "category"));
      const copy: Record<string, string> = { ...valid };
      delete copy[field];
      return { label: `missing ${field}`, contentType: "application/json", body: json(copy) };
    },
    () => ({ label: "email without @", contentType: "application/json", body: json({ ...valid, email: `user${Math.floor(rand() * 1e6)}.example.com` }) }),
    () => {
      const field = pick(fields.filter((f) => f !== "category" && f !== "planType"));
      const limit = { name: 100, email: 254, phone: 40, company: 200, message: 5000 }[field] ?? 100;
      return { label: `overlong ${field}`, contentType: "application/json", body: json({ ...valid, [field]: `${"9".repeat(limit + 1)}` }) };
    },
    () => {
      const params = new URLSearchParams(valid);
      params.append(pick(fields), "again");
      return { label: "repeated form field", contentType: "application/x-www-form-urlencoded", body: params.toString() };
    },
    () => {
      const params = new URLSearchParams({ ...valid, email: pick(["", "nope", "a b@c.de", "x@y"]) });
      return { label: "form with bad email", contentType: "application/x-www-form-urlencoded", body: params.toString() };
    },
    () => ({ label: "form with unknown field", contentType: "application/x-www-form-urlencoded", body: new URLSearchParams({ ...valid, extra: "1" }).toString() }),
    () => ({ label: "unsupported type", contentType: pick(["text/plain", "application/xml", "application/octet-stream", "image/png"]), body: json(valid) }),
    () => ({ label: "broken multipart", contentType: "multipart/form-data; boundary=XYZ", body: "--XYZ\r\nContent-Disposition: form-data; name=\"email\"\r\n\r\nvalid@example.com" }),
    () => {
      const boundary = "B0UND";
      const parts = Object.entries(valid).map(([k, v]) => `--${boundary}\r\nContent-Disposition: form-data; name="${k}"\r\n\r\n${v}\r\n`);
      parts.push(`--${boundary}\r\nContent-Disposition: form-data; name="email"; filename="x.txt"\r\nContent-Type: text/plain\r\n\r\nfile\r\n`);
      return { label: "multipart with a file", contentType: `multipart/form-data; boundary=${boundary}`, body: `${parts.join("")}--${boundary}--\r\n` };
    },
    () => ({ label: "random bytes", contentType: pick(["application/json", "application/x-www-form-urlencoded"]), body: new Blob([Uint8Array.from({ length: 64 }, () => Math.floor(rand() * 256))]) }),
  ];
  return Array.from({ length: n }, () => pick(makers)());
}

let site: Site;
beforeAll(async () => {
  site = await startSite({ env: { RATE_LIMIT_POST_PER_MINUTE: "100000" } });
});
afterAll(async () => {
  await site?.stop();
});

describe.each(ENDPOINTS)("POST /%s", (endpoint) => {
  it("answers 300 malformed bodies with 4xx and a message, storing nothing", async () => {
    const cases = malformed(VALID[endpoint], endpoint.length * 7919, 300);
    const failures: string[] = [];
    for (let i = 0; i < cases.length; i += 25) {
      await Promise.all(
        cases.slice(i, i + 25).map(async (c) => {
          const response = await fetch(`${site.url}/${endpoint}`, { method: "POST", headers: { "content-type": c.contentType }, body: c.body });
          const text = await response.text();
          if (response.status < 400 || response.status >= 500) failures.push(`${c.label}: ${response.status} ${text.slice(0, 200)}`);
          else if (!/"(error|message)"|Please|must|Unknown|could not|Unsupported|field/i.test(text)) failures.push(`${c.label}: no message in ${text.slice(0, 200)}`);
        }),
      );
    }
    expect(failures).toEqual([]);
    for (const table of TABLES) expect(count(site.dataDir, table), table).toBe(0);
  });

  it("answers a filled honeypot like a success and stores nothing", async () => {
    const response = await postJson(`${site.url}/${endpoint}`, { ...VALID[endpoint], leave_this_empty: "https://spam.example" });
    expect(response.status).toBe(200);
    expect(((await response.json()) as { ok: boolean }).ok).toBe(true);
    const form = await fetch(`${site.url}/${endpoint}`, { method: "POST", body: new URLSearchParams({ ...VALID[endpoint], leave_this_empty: "x" }) });
    expect(form.status).toBe(200);
    for (const table of TABLES) expect(count(site.dataDir, table), table).toBe(0);
  });

  it("refuses a cross-site post with 403 and a body over 32 KB with 413", async () => {
    const cross = await postJson(`${site.url}/${endpoint}`, VALID[endpoint], { origin: "https://evil.example" });
    expect(cross.status).toBe(403);
    expect(await cross.json()).toEqual({ error: "Cross-site requests are not allowed." });
    const big = await postJson(`${site.url}/${endpoint}`, { ...VALID[endpoint], message: "x".repeat(40_000) });
    expect(big.status).toBe(413);
    expect(await big.json()).toEqual({ error: "The request is too large (32 KB at most)." });
    for (const table of TABLES) expect(count(site.dataDir, table), table).toBe(0);
  });
});

it("limits POSTs per IP with 429 and a clear message (default 20 a minute)", async () => {
  const limited = await startSite();
  try {
    const statuses: number[] = [];
    for (let i = 0; i < 21; i++) statuses.push((await postJson(`${limited.url}/newsletter`, { email: "nope" })).status);
    expect(statuses.slice(0, 20).every((s) => s === 400)).toBe(true);
    const last = await postJson(`${limited.url}/newsletter`, { email: "nope" });
    expect(last.status).toBe(429);
    expect(await last.json()).toEqual({ error: "Too many requests. Please wait a minute and try again." });
  } finally {
    await limited.stop();
  }
});
