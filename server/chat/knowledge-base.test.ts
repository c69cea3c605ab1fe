import { describe, expect, it } from "vitest";
import {
  DEFAULT_CONFIDENCE,
  type KnowledgeEntry,
  PLAN_CONFIDENCE,
  SCORE_THRESHOLD,
  bestPassages,
  buildKnowledgeBase,
  confidenceOf,
  findRelevant,
  knowledgeBaseOf,
  overlapScore,
  tokenize,
} from "./knowledge-base";
import { home } from "~/content/home";
import { legal } from "~/content/legal";
import { platform } from "~/content/platform";
import { formatPrice } from "~/content/price";
import { CHAT_QUESTIONS } from "../../bench/chat-questions";

const { featuresSection } = home.en;
const { accessibilityStatement, aiMlPolicy } = legal.en;
const { coreFeatures, planGroups, vision2026 } = platform.en;

const entry = (href: string, category: KnowledgeEntry["category"], text: string): KnowledgeEntry => ({ href, label: href, category, title: href, text });
const hrefs = (query: string, kb = buildKnowledgeBase()) => findRelevant(query, kb).map((m) => m.entry.href);

describe("spec §7 numbers", () => {
  it("includes an entry only when the word-overlap score is above 0.3", () => {
    expect(SCORE_THRESHOLD).toBe(0.3);
    // 10 query words; 3 shared = 0.3 exactly → excluded; 4 shared = 0.4 → included.
    const query = "alpha bravo charlie delta echo foxtrot golf hotel india juliet";
    const three = entry("three", "feature", "alpha bravo charlie");
    const four = entry("four", "feature", "alpha bravo charlie delta");
    expect(overlapScore(query, three.text)).toBeCloseTo(0.3);
    expect(overlapScore(query, four.text)).toBeCloseTo(0.4);
    expect(hrefs(query, knowledgeBaseOf([three, four]))).toEqual(["four"]);
  });

  it("gives plan entries confidence 0.9 and every other entry 1", () => {
    expect(PLAN_CONFIDENCE).toBe(0.9);
    expect(DEFAULT_CONFIDENCE).toBe(1);
    expect(confidenceOf("plan")).toBe(0.9);
    for (const category of ["home", "overview", "mission", "feature", "map", "service", "vision", "policy"] as const) expect(confidenceOf(category)).toBe(1);
  });

  it("sorts what the chat draws on by confidence, highest first, even when a plan scores higher", () => {
    const plan = entry("plan", "plan", "route permit escort price");
    const feature = entry("feature", "feature", "route permit");
    const matches = findRelevant("route permit escort price", knowledgeBaseOf([plan, feature]));
    expect(matches.map((m) => [m.entry.href, m.confidence])).toEqual([
      ["feature", 1],
      ["plan", 0.9],
    ]);
    expect(matches[1]!.score).toBeGreaterThan(matches[0]!.score);
  });

  it("scores 0 for a query without words", () => {
    expect(overlapScore("?!", "anything")).toBe(0);
    expect(findRelevant("   ", buildKnowledgeBase())).toEqual([]);
  });
});

describe("tokenize", () => {
  it("lower-cases, drops stop words, plural s and what is left of a contraction", () => {
    expect(tokenize("What are the Subscription PLANS?")).toEqual(["subscription", "plan"]);
    expect(tokenize("access")).toEqual(["access"]);
    expect(tokenize("What's Max Load's limit?")).toEqual(["max", "load", "limit"]);
  });
});

describe("the knowledge base", () => {
  const kb = buildKnowledgeBase();
  const find = (href: string) => kb.entries.find((e) => e.href === href);

  it("has one passage per section and item of the pages, read from the content modules they render", () => {
    for (const card of featuresSection.cards) expect(kb.entries.some((e) => e.title === card.title && e.href.startsWith("/#")), card.title).toBe(true);
    for (const feature of coreFeatures) expect(kb.entries.filter((e) => e.title === feature.title && e.href.startsWith("/platform#feature-")), feature.title).toHaveLength(1);
    for (const group of planGroups) {
      expect(find(`/platform#${group.id}`)?.title).toBe(group.title);
      for (const plan of group.plans) expect(kb.entries.some((e) => e.category === "plan" && e.title.includes(plan.name) && e.title.includes(formatPrice(plan.price, "en")) && e.href.startsWith(`/platform#${group.id}-`)), plan.name).toBe(true);
    }
    for (const page of [accessibilityStatement, aiMlPolicy]) {
      expect(kb.entries.filter((e) => e.href.startsWith(`${page.path}#`))).toHaveLength(page.sections.length);
    }
    expect(find("/platform#subscriptions-pro-solo")?.title).toContain("$20/month");
    expect(find("/platform#vision")?.text).toContain(vision2026.items[0]!.description);
    expect(new Set(kb.entries.map((e) => e.href)).size).toBe(kb.entries.length);
  });

  it("finds the passage for each suggested question", () => {
    const questions = [
      ["What services do you offer?", "/platform#overview"],
      ["Tell me about the route planning tool.", "/platform#feature-route-planning"],
      ["What compliance tools will be available?", "/platform#feature-compliance"],
      ["How will the cost simulation work?", "/platform#feature-cost-simulators"],
      ["Will the platform include training resources?", "/platform#overview"],
      ["How will the permit management system work?", "/platform#feature-permit-management"],
    ] as const;
    for (const [question, href] of questions) expect(hrefs(question, kb), question).toContain(href);
  });

  it("answers plan questions with the plan (confidence 0.9) as the best passage", () => {
    const matches = findRelevant("How much is the Pro Team plan?", kb);
    const [best] = bestPassages(matches);
    expect(best?.entry.href).toBe("/platform#subscriptions-pro-team");
    expect(best?.confidence).toBe(0.9);
    expect(best?.entry.text).toContain("250 Max Load queries per month");
  });

  it("reads the trade's words as the site's: OSOW, wide load, pilot car, logbook, quote", () => {
    const top = (question: string) => bestPassages(findRelevant(question, kb))[0]?.entry.href;
    expect(top("routing for OSOW loads?")).toMatch(/route-planning/);
    expect(top("Can the platform track authorizations for overdimensional loads?")).toBe("/platform#feature-permit-management");
    expect(top("logbook for my drivers")).toMatch(/eld/);
    expect(top("How do I estimate fuel and escort costs before quoting a job?")).toBe("/platform#feature-cost-simulators");
    expect(top("permit managment across jurisdictions")).toBe("/platform#feature-permit-management");
  });

  it("has nothing good enough for an out-of-scope question", () => {
    expect(bestPassages(findRelevant("Recommend a good pizza recipe", kb))).toEqual([]);
    expect(bestPassages(findRelevant("Can you help me with my tax return?", kb))).toEqual([]);
  });

  it("draws on the permit tools for a regulatory question", () => {
    expect(bestPassages(findRelevant("Do I need escorts for a 16 ft wide load in Ontario?", kb)).slice(0, 2).map((m) => m.entry.href)).toContain("/platform#feature-permit-management");
  });

  it("meets its budgets on the labelled question set (bench/chat-questions.ts)", () => {
    let top1 = 0;
    let inScope = 0;
    let declined = 0;
    let outOfScope = 0;
    for (const { question, expected } of CHAT_QUESTIONS) {
      const best = bestPassages(findRelevant(question, kb)).map((m) => m.entry.href);
      if (expected === "none") {
        outOfScope += 1;
        if (best.length === 0) declined += 1;
      } else {
        inScope += 1;
        if (expected.includes(best[0] ?? "")) top1 += 1;
      }
    }
    expect(top1 / inScope).toBeGreaterThanOrEqual(0.85);
    expect(declined / outOfScope).toBeGreaterThanOrEqual(0.9);
  });
});
