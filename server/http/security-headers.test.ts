import { describe, expect, it } from "vitest";
import { contentSecurityPolicy, newNonce, scriptHash } from "./security-headers";

const directive = (csp: string, name: string): string[] | undefined => {
  for (const part of csp.split(";")) {
    const [key, ...values] = part.trim().split(/\s+/);
    if (key === name) return values;
  }
  return undefined;
};

/** Only 'self', hashes and nonces: no host, no scheme, no wildcard, no 'unsafe-*'. */
const HOSTLESS_SCRIPT_SOURCE = /^'(?:self|sha(?:256|384|512)-[A-Za-z0-9+/]+={0,2}|nonce-[A-Za-z0-9+/]+={0,2})'$/;

describe("contentSecurityPolicy", () => {
  const policies = {
    "pre-rendered page (hashes)": contentSecurityPolicy({ hashes: [scriptHash("window.a=1"), scriptHash("window.b=2")] }),
    "request-time render (nonce)": contentSecurityPolicy({ nonce: newNonce() }),
    "npm run dev (nonce)": contentSecurityPolicy({ nonce: newNonce() }, { development: true }),
  };

  for (const [name, csp] of Object.entries(policies)) {
    it(`${name}: script-src is 'self' plus inline hashes/nonce, and no host at all`, () => {
      const scriptSrc = directive(csp, "script-src");
      expect(scriptSrc?.[0]).toBe("'self'");
      expect(scriptSrc?.length).toBeGreaterThan(1);
      for (const source of scriptSrc ?? []) expect(source).toMatch(HOSTLESS_SCRIPT_SOURCE);
      expect(csp).not.toMatch(/www\.youtube\.com|ytimg\.com/);
    });

    it(`${name}: the video player may only be framed from youtube-nocookie.com`, () => {
      expect(directive(csp, "frame-src")).toEqual(["https://www.youtube-nocookie.com"]);
      expect(directive(csp, "img-src")).toEqual(["'self'", "data:"]);
      expect(directive(csp, "object-src")).toEqual(["'none'"]);
      expect(directive(csp, "frame-ancestors")).toEqual(["'none'"]);
    });
  }

  /** A fetch directive as the browser applies it: its own sources, or default-src's. */
  const effective = (csp: string, name: string) => directive(csp, name) ?? directive(csp, "default-src");

  it("only npm run dev lets the page open a websocket (Vite's HMR client)", () => {
    expect(effective(policies["pre-rendered page (hashes)"], "connect-src")).toEqual(["'self'"]);
    expect(effective(policies["request-time render (nonce)"], "connect-src")).toEqual(["'self'"]);
    expect(effective(policies["npm run dev (nonce)"], "connect-src")).toEqual(["'self'", "ws:", "wss:"]);
  });

  it("fonts and media come from the site only", () => {
    for (const csp of Object.values(policies)) for (const name of ["font-src", "media-src"]) expect(effective(csp, name), name).toEqual(["'self'"]);
  });
});
