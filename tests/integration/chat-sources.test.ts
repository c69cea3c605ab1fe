/**
 * Max Load without an AI key answers from the site's own passages and links to them: the permit
 * question from the permit-management passage, an out-of-scope one declined with the team's
 * address and no link; the links are stored with the answer (the session's history shows them) and
 * each is an anchor of the site that exists on the page the server renders.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
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
