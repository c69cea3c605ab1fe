/**
 * The refusals the HTTP pipeline makes before any route has read the request's language (a body
 * that is not JSON or too large, a wrong content type, a cross-site post, the rate limit), against
 * the production server: in French for a French page's request (the page's language in
 * Content-Language, as our fetch calls send it, or a path under /fr), in English otherwise,
 * whatever the browser's Accept-Language; the same status codes and `{ error }` shape, never a 500.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startSite, type Site } from "../support/site-server";

const FR = {
  invalidJson: "Le corps de la requête n'est pas du JSON valide.",
  tooLarge: "La requête est trop volumineuse (32 Ko au plus).",
  jsonRequired: "Envoyez la requête en JSON (en-tête «\u00a0Content-Type: application/json\u00a0»).",
  formType: "Type de contenu non pris en charge\u00a0: envoyez application/x-www-form-urlencoded, multipart/form-data ou application/json.",
  crossSite: "Les requêtes provenant d'un autre site ne sont pas permises.",
  tooMany: "Trop de requêtes. Veuillez patienter une minute, puis réessayer.",
};
const EN = {
  invalidJson: "The request body is not valid JSON.",
  tooLarge: "The request is too large (32 KB at most).",
  jsonRequired: "Send the request as JSON (Content-Type: application/json).",
  crossSite: "Cross-site requests are not allowed.",
  tooMany: "Too many requests. Please wait a minute and try again.",
};

/** What a French page's fetch sends; an English page's sends "en". */
const FRENCH_PAGE = { "content-language": "fr-CA" };
const ENGLISH_PAGE = { "content-language": "en" };
/** A browser set to French, on an English page that names no language (a plain client). */
const FRENCH_BROWSER = { "accept-language": "fr-CA,fr;q=0.9,en;q=0.5" };

const BROKEN = '{"email": "a@example.com",';
const HUGE = JSON.stringify({ email: "a".repeat(40_000) });

let site: Site;
let limited: Site;
beforeAll(async () => {
  [site, limited] = await Promise.all([startSite({ env: { RATE_LIMIT_POST_PER_MINUTE: "100000" } }), startSite({ env: { RATE_LIMIT_POST_PER_MINUTE: "1" } })]);
}, 60_000);
afterAll(async () => {
  await Promise.all([site?.stop(), limited?.stop()]);
});

async function post(on: Site, path: string, body: string, headers: Record<string, string>, type = "application/json") {
  const response = await fetch(`${on.url}${path}`, { method: "POST", headers: { "content-type": type, origin: on.url, ...headers }, body });
  expect(response.headers.get("content-type")).toMatch(/^application\/json/);
  return { status: response.status, body: (await response.json()) as unknown };
}

describe("a body that is not JSON (400)", () => {
  it.each([
    ["the chat, from a French page", "/api/chat/messages", FRENCH_PAGE, FR.invalidJson],
    ["the chat's lead, from a French page", "/api/chat/lead", FRENCH_PAGE, FR.invalidJson],
    ["a French form's JSON post (its URL)", "/fr/newsletter", {}, FR.invalidJson],
    ["the chat, from an English page", "/api/chat/messages", ENGLISH_PAGE, EN.invalidJson],
    ["an English form, from a French browser", "/newsletter", FRENCH_BROWSER, EN.invalidJson],
    ["the chat, from a client that names no language", "/api/chat/messages", {}, EN.invalidJson],
  ])("%s", async (_name, path, headers, error) => {
    expect(await post(site, path, BROKEN, headers)).toEqual({ status: 400, body: { error } });
  });
});

describe("a body over 32 KB (413)", () => {
  it.each([
    ["the chat, from a French page", "/api/chat/lead", FRENCH_PAGE, FR.tooLarge],
    ["a French form (its URL)", "/fr/contact", {}, FR.tooLarge],
    ["a French form sent without JavaScript", "/fr/request-information", {}, FR.tooLarge, "application/x-www-form-urlencoded"],
    ["the chat, from an English page", "/api/chat/lead", ENGLISH_PAGE, EN.tooLarge],
    ["an English form, from a French browser", "/newsletter", FRENCH_BROWSER, EN.tooLarge],
  ])("%s", async (_name, path, headers, error, type?: string) => {
    expect(await post(site, path, HUGE, headers, type)).toEqual({ status: 413, body: { error } });
  });
});

describe("a content type the endpoint does not take (415)", () => {
  it("the chat: French from a French page, English from an English one or without a language", async () => {
    expect(await post(site, "/api/chat/messages", "text=bonjour", FRENCH_PAGE, "application/x-www-form-urlencoded")).toEqual({ status: 415, body: { error: FR.jsonRequired } });
    expect(await post(site, "/api/chat/messages", "text=hi", ENGLISH_PAGE, "application/x-www-form-urlencoded")).toEqual({ status: 415, body: { error: EN.jsonRequired } });
    expect(await post(site, "/api/chat/messages", "hi", FRENCH_BROWSER, "text/plain")).toEqual({ status: 415, body: { error: EN.jsonRequired } });
  });

  it("a French form (its own answer, the same language)", async () => {
    const response = await fetch(`${site.url}/fr/newsletter`, { method: "POST", headers: { "content-type": "text/plain", origin: site.url }, body: "hello" });
    expect(response.status).toBe(415);
    expect(await response.text()).toContain(FR.formType.replace(/'/g, "&#x27;").slice(0, 30));
  });
});

describe("refused before the body: cross-site (403) and the POST rate (429)", () => {
  it("a cross-site post is refused in the language its page names", async () => {
    const foreign = (headers: Record<string, string>) =>
      fetch(`${site.url}/api/chat/lead`, { method: "POST", headers: { "content-type": "application/json", origin: "https://evil.example", ...headers }, body: "{}" }).then(async (r) => ({
        status: r.status,
        body: (await r.json()) as unknown,
      }));
    expect(await foreign(FRENCH_PAGE)).toEqual({ status: 403, body: { error: FR.crossSite } });
    expect(await foreign({})).toEqual({ status: 403, body: { error: EN.crossSite } });
  });

  it("the spent POST budget: French from a French page (header or path), English otherwise", async () => {
    expect((await post(limited, "/newsletter", "{}", {})).status).toBe(400);
    expect(await post(limited, "/api/chat/lead", "{}", FRENCH_PAGE)).toEqual({ status: 429, body: { error: FR.tooMany } });
    expect(await post(limited, "/fr/newsletter", "{}", {})).toEqual({ status: 429, body: { error: FR.tooMany } });
    expect(await post(limited, "/api/chat/lead", "{}", ENGLISH_PAGE)).toEqual({ status: 429, body: { error: EN.tooMany } });
    expect(await post(limited, "/newsletter", "{}", FRENCH_BROWSER)).toEqual({ status: 429, body: { error: EN.tooMany } });
  });
});
