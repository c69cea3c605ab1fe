import { describe, expect, it } from "vitest";
import { REFUSALS, requestLocale } from "./request-locale";

const request = (url: string, headers: Record<string, string> = {}) => ({ url, headers });

describe("requestLocale: the language of a refusal made before any route read the request", () => {
  it("is the page's language our fetch calls send in Content-Language, whatever the path", () => {
    expect(requestLocale(request("/api/chat/messages", { "content-language": "fr-CA" }))).toBe("fr");
    expect(requestLocale(request("/api/chat/lead", { "content-language": "FR" }))).toBe("fr");
    expect(requestLocale(request("/fr/newsletter", { "content-language": "en" }))).toBe("en");
    expect(requestLocale(request("/api/chat/lead", { "content-language": "fr-CA, en" }))).toBe("fr");
  });

  it("else the path: the French site is under /fr", () => {
    expect(requestLocale(request("/fr"))).toBe("fr");
    expect(requestLocale(request("/fr/newsletter"))).toBe("fr");
    expect(requestLocale(request("/fr?x=1"))).toBe("fr");
    expect(requestLocale(request("/newsletter"))).toBe("en");
    expect(requestLocale(request("/french-fries"))).toBe("en");
    expect(requestLocale(request("/api/chat/messages"))).toBe("en");
    // Express's routers rewrite req.url below a mount point; the whole path is originalUrl.
    expect(requestLocale({ url: "/newsletter", originalUrl: "/fr/newsletter", headers: {} })).toBe("fr");
  });

  it("never the browser's Accept-Language, nor a language we do not have: English", () => {
    expect(requestLocale(request("/newsletter", { "accept-language": "fr-CA,fr;q=0.9" }))).toBe("en");
    expect(requestLocale(request("/api/chat/messages", { "content-language": "de-DE" }))).toBe("en");
    expect(requestLocale(request("/api/chat/messages", { "content-language": "fr-CA" + "x".repeat(5_000) }))).toBe("fr");
    expect(requestLocale(request("/api/chat/messages", { "content-language": "" }))).toBe("en");
  });
});

describe("the refusals", () => {
  it("keep the site's English texts and have French ones", () => {
    expect(REFUSALS.bodyTooLarge("en")).toBe("The request is too large (32 KB at most).");
    expect(REFUSALS.invalidJson("en")).toBe("The request body is not valid JSON.");
    expect(REFUSALS.jsonRequired("en")).toBe("Send the request as JSON (Content-Type: application/json).");
    expect(REFUSALS.tooManyRequests("en")).toBe("Too many requests. Please wait a minute and try again.");
    expect(REFUSALS.bodyTooLarge("fr")).toBe("La requête est trop volumineuse (32 Ko au plus).");
    for (const say of Object.values(REFUSALS)) expect(say("fr")).not.toBe(say("en"));
  });
});
