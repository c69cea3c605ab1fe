import { describe, expect, it } from "vitest";
import {
  DEFAULT_CONFIDENCE,
  type KnowledgeEntry,
  PLAN_CONFIDENCE,
  SCORE_THRESHOLD,
  buildKnowledgeBase,
  confidenceOf,
  findRelevant,
  overlapScore,
  tokenize,
} from "./knowledge-base";
import { subscriptionPlans, vision2026 } from "~/content/platform";

const entry = (id: string, category: KnowledgeEntry["category"], text: string): KnowledgeEntry => ({ id, category, title: id, text });

describe("spec §7 numbers", () => {
  it("includes an entry only when the word-overlap score is above 0.3", () => {
    expect(SCORE_THRESHOLD).toBe(0.3);
    // 10 query words; 3 shared = 0.3 exactly → excluded; 4 shared = 0.4 → included.
    const query = "alpha bravo charlie delta echo foxtrot golf hotel india juliet";
    const three = entry("three", "feature", "alpha bravo charlie");
    const four = entry("four", "feature", "alpha bravo charlie delta");
    expect(overlapScore(query, three.text)).toBeCloseTo(0.3);
    expect(overlapScore(query, four.text)).toBeCloseTo(0.4);
    expect(findRelevant(query, [three, four]).map((m) => m.entry.id)).toEqual(["four"]);
  });

  it("gives plan entries confidence 0.9 and every other entry 1", () => {
    expect(PLAN_CONFIDENCE).toBe(0.9);
    expect(DEFAULT_CONFIDENCE).toBe(1);
    expect(confidenceOf("plan")).toBe(0.9);
    for (const category of ["overview", "mission", "feature", "map", "vision"] as const) expect(confidenceOf(category)).toBe(1);
  });

  it("sorts results by confidence, highest first, even when a plan scores higher", () => {
    const plan = entry("plan", "plan", "route permit escort price");
    const feature = entry("feature", "feature", "route permit");
    const matches = findRelevant("route permit escort price", [plan, feature]);
    expect(matches.map((m) => [m.entry.id, m.confidence])).toEqual([
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
  it("lower-cases, drops stop words and plural s", () => {
    expect(tokenize("What are the Subscription PLANS?")).toEqual(["subscription", "plan"]);
    expect(tokenize("access")).toEqual(["access"]);
  });
});

describe("the knowledge base", () => {
  const kb = buildKnowledgeBase();

  it("is built from the content modules the pages render (spec §3 sections)", () => {
    const categories = new Set(kb.map((e) => e.category));
    expect(categories).toEqual(new Set(["overview", "mission", "feature", "map", "plan", "vision"]));
    const proSolo = kb.find((e) => e.id === "plan:Subscription:Pro Solo");
    expect(proSolo?.title).toContain(subscriptionPlans.plans[0]!.price);
    expect(kb.find((e) => e.id === "vision")?.text).toContain(vision2026.items[0]!.description);
  });

  it("finds a passage for each suggested question", () => {
    const questions = [
      ["What services do you offer?", "overview"],
      ["Tell me about the route planning tool.", "feature:Route Planning"],
      ["What compliance tools will be available?", "feature:Compliance"],
      ["How will the cost simulation work?", "feature:Cost Simulators"],
      ["Will the platform include training resources?", "overview"],
      ["How will the permit management system work?", "feature:Permit Management"],
    ] as const;
    for (const [question, id] of questions) {
      expect(findRelevant(question, kb).map((m) => m.entry.id), question).toContain(id);
    }
  });

  it("answers plan questions with the plans (confidence 0.9)", () => {
    const matches = findRelevant("How much is the Pro Team plan?", kb);
    const team = matches.find((m) => m.entry.id === "plan:Subscription:Pro Team");
    expect(team?.confidence).toBe(0.9);
    expect(team?.entry.text).toContain("250 Max Load queries per month");
  });

  it("finds nothing for an out-of-scope question", () => {
    expect(findRelevant("Recommend a good pizza recipe", kb)).toEqual([]);
  });
});
