import fs from "node:fs";
/**
 * `npm run dev`: the same Express app and services through Vite (no build). Pages are rendered per
 * request with a nonce CSP that lets Vite's HMR client connect; the forms and the chat answer.
 * (Hot reload itself was checked by hand: an edited component re-renders in the open page.)
 */
import { afterAll, beforeAll, expect, it } from "vitest";
import { startSite, type Site } from "../support/site-server";
import { chatVisitor } from "../support/chat-client";
import { FONT_SIZE_KEY, FONT_SIZES } from "~/features/accessibility/preferences";

let site: Site;
beforeAll(async () => {
  site = await startSite({ dev: true, timeoutMs: 45_000 });
}, 60_000);
afterAll(async () => {
  const status = await site?.stop();
  expect(site.jsonLogs().some((line) => line.msg === "stopped"), "graceful shutdown").toBe(true);
  expect(status?.signal).not.toBe("SIGKILL");
});

const csp = (response: Response) => response.headers.get("content-security-policy") ?? "";

it("renders pages per request, with a nonce CSP that allows only Vite's websocket beyond production's", async () => {
  for (const path of ["/", "/platform", "/privacy"]) {
    const response = await fetch(site.url + path);
    expect(response.status, path).toBe(200);
    const html = await response.text();
    expect(html, path).toContain("virtual:react-router/inject-hmr-runtime");
    const policy = csp(response);
    const nonce = /'nonce-([A-Za-z0-9+/]+={0,2})'/.exec(policy)?.[1];
    expect(nonce, path).toBeTruthy();
    expect(policy).toMatch(/script-src 'self' 'nonce-[^']+';/);
    expect(policy).toContain("connect-src 'self' ws: wss:;");
    // Every inline script carries the nonce.
    for (const [tag] of html.matchAll(/<script(?![^>]*\bsrc=)[^>]*>/g)) expect(tag).toContain(`nonce="${nonce}"`);
  }
  const missing = await fetch(`${site.url}/no-such-page`);
  expect(missing.status).toBe(404);
});

it("applies the saved preferences before first paint: the preferences module, bundled, inline in <head>", async () => {
  const html = await (await fetch(`${site.url}/privacy`)).text();
  const head = html.slice(0, html.indexOf("</head>"));
  const inline = [...head.matchAll(/<script(?![^>]*\bsrc=)[^>]*>([^<]+)<\/script>/g)].map((match) => match[1] ?? "");
  expect(inline.some((code) => code.includes(`"${FONT_SIZE_KEY}"`) && code.includes(`"${FONT_SIZES.large}"`) && !code.includes("import "))).toBe(true);
});

it("serves the app's modules and public files through Vite", async () => {
  const client = await fetch(`${site.url}/@vite/client`);
  expect(client.status).toBe(200);
  expect(client.headers.get("content-type")).toMatch(/javascript/);
  expect((await fetch(`${site.url}/app/root.tsx`)).status).toBe(200);
  expect((await fetch(`${site.url}/favicon.svg`)).status).toBe(200);
});

it("takes a newsletter sign-up and answers a chat question", async () => {
  const signUp = await fetch(`${site.url}/newsletter`, {
    method: "POST",
    headers: { "content-type": "application/json", origin: site.url },
    body: JSON.stringify({ email: "dev-server@example.com" }),
  });
  expect(signUp.status).toBe(200);
  expect(await signUp.json()).toMatchObject({ ok: true });
  // Log lines name a mail by its file, never its recipient: the file says who it is for.
  await site.waitForLog((line) => typeof line.file === "string" && fs.readFileSync(line.file, "utf8").includes("dev-server@example.com"), 10_000);

  const visitor = chatVisitor(site.url);
  expect((await visitor.session()).status).toBe(200);
  expect((await visitor.lead("Ada", "ada@example.com")).status).toBe(200);
  const reply = await visitor.send("What services do you offer?");
  expect(reply.status).toBe(200);
  expect(reply.final).toMatchObject({ type: "done", source: "knowledge-base" });
  expect(reply.text.length).toBeGreaterThan(20);
});
