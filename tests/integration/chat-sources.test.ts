/**
 * Max Load without an AI key answers from the site's own passages and links to them: the permit
 * question from the permit-management passage, an out-of-scope one declined with the team's
 * address and no link; the links are stored with the answer (the session's history shows them) and
 * each is an anchor of the site that exists on the page the server renders.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { platform } from "~/content/platform";
import { demoLimitMessage } from "~/features/chat/chat-lines";
import { buildKnowledgeBase } from "../../server/chat/knowledge-base";
import { chatVisitor } from "../support/chat-client";
import { type Site, startSite } from "../support/site-server";

const TEAM = "team@example.com";
let site: Site;

beforeAll(async () => {
  site = await startSite({ env: { TEAM_EMAIL: TEAM, RATE_LIMIT_POST_PER_MINUTE: "10000", CHAT_DAILY_LIMIT_PER_IP: "10000" } });
});
afterAll(async () => {
  await site?.stop();
});

describe("answers and their sources, without AI_API_KEY", () => {
  it("answers the permit question from the permit-management passage, links to it, and keeps the link in the history", async () => {
    const v = chatVisitor(site.url);
    await v.session();
    await v.lead("Ada", "ada@example.com");
    const answer = await v.send("What permits do I need for a 5 metre wide load?");
    expect(answer.final).toMatchObject({ type: "done", source: "knowledge-base" });
    expect(answer.text).toContain("**Permit Management**: Prepare, track and store oversize and overweight permits");
    expect(answer.text).toContain("the authority that issues the permit");
    expect(answer.text).not.toContain("platform overview");
    const sources = answer.final?.type === "done" ? answer.final.sources : undefined;
    expect(sources?.[0]).toEqual({ href: "/platform#feature-permit-management", label: "Permit Management" });

    const { body } = await v.session();
    const last = body.history?.at(-1);
    expect(last).toMatchObject({ role: "assistant", content: answer.text, sources });
    expect(body.history?.filter((m) => m.sources)).toHaveLength(1);
  });

  it("declines an out-of-scope question with the team's email and no source", async () => {
    const v = chatVisitor(site.url);
    await v.session();
    await v.lead("Bo", "bo@example.com");
    const answer = await v.send("best pizza in Toronto?");
    expect(answer.final).toMatchObject({ type: "done", source: "knowledge-base" });
    expect(answer.text).toContain(TEAM);
    expect(answer.text).toContain("I don't have an answer to that");
    expect(answer.final?.type === "done" && answer.final.sources).toBeFalsy();
    expect((await v.session()).body.history?.at(-1)).toEqual({ role: "assistant", content: answer.text });
  });
});

describe("on a French page, without AI_API_KEY", () => {
  // Asked with the words of the French page (whatever the French content holds).
  const permits = platform.fr.coreFeatures.find((feature) => /permi/i.test(feature.title))!;

  it("answers in French from the French knowledge base, and links to the French pages", async () => {
    const v = chatVisitor(site.url, {}, "fr");
    await v.session();
    expect((await v.lead("Élise", "elise@example.ca")).body.message).toBe(demoLimitMessage(5, "fr"));
    const answer = await v.send(`Parlez-moi de ${permits.title}`);
    expect(answer.final).toMatchObject({ type: "done", source: "knowledge-base", limits: { remainingMessages: 4 } });
    expect(answer.text).toContain("Voici ce que je peux vous dire d'après le site de HeavyRoute\u00a0:");
    expect(answer.text).toContain(`- **${permits.title}**\u00a0: ${permits.description}`);
    expect(answer.text).toContain("Les réponses de Max Load sont des estimations à vérifier.");
    const sources = answer.final?.type === "done" ? answer.final.sources : undefined;
    expect(sources?.[0]?.href).toMatch(/^\/fr\/platform#feature-/);
    expect(sources?.[0]?.label).toBe(permits.title);

    const offTopic = await v.send("Une bonne recette de pizza?");
    expect(offTopic.text).toMatch(/^Je n'ai pas de réponse à cette question sur le site de HeavyRoute\./);
    expect(offTopic.text).toContain(TEAM);
  });

  it("a question typed in French on the English page: the knowledge base answers in the page's language, English", async () => {
    const v = chatVisitor(site.url);
    await v.session();
    await v.lead("Zoé", "zoe@example.ca");
    const answer = await v.send("Comment fonctionnera le système de gestion des permis?");
    expect(answer.final).toMatchObject({ type: "done", source: "knowledge-base" });
    expect(answer.text).toMatch(/^(You asked about|Here is what I can tell you|I don't have an answer)/);
    const sources = answer.final?.type === "done" ? (answer.final.sources ?? []) : [];
    for (const source of sources) expect(source.href).not.toMatch(/^\/fr/);
  });

  it("every French passage's link is an anchor of the French page as served", async () => {
    const { entries } = buildKnowledgeBase("fr");
    const pages = new Map<string, string>();
    for (const { href } of entries) {
      const [path, id] = href.split("#");
      expect(path, href).toMatch(/^\/fr(\/[a-z-]+)?$/);
      if (!pages.has(path!)) {
        const response = await fetch(`${site.url}${path}`);
        expect(response.status, path).toBe(200);
        pages.set(path!, await response.text());
      }
      expect(pages.get(path!), href).toContain(` id="${id}"`);
    }
    expect([...pages.keys()].sort()).toEqual(["/fr", "/fr/accessibility", "/fr/ai-ml-policy", "/fr/platform"]);
  });
});

describe("every passage's link", () => {
  it("is an anchor of the site's own pages that exists in the page as served", async () => {
    const { entries } = buildKnowledgeBase();
    const pages = new Map<string, string>();
    for (const { href } of entries) {
      const [path, id] = href.split("#");
      expect(path, href).toMatch(/^\/[a-z-]*$/);
      expect(id, href).toMatch(/^[a-z0-9-]+$/);
      if (!pages.has(path!)) {
        const response = await fetch(`${site.url}${path}`);
        expect(response.status, path).toBe(200);
        pages.set(path!, await response.text());
      }
      expect(pages.get(path!), href).toContain(` id="${id}"`);
    }
    expect([...pages.keys()].sort()).toEqual(["/", "/accessibility", "/ai-ml-policy", "/platform"]);
  });
});
