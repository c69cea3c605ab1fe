/**
 * The import boundaries of eslint.config.js hold: each rule is shown failing on a deliberate
 * violation (written into the real tree for the moment of the check, so the resolver and the
 * type-aware parser see it as they see any file), and an allowed import passes.
 */
import { mkdirSync, rmSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { ESLint } from "eslint";
import { afterAll, beforeAll, expect, it } from "vitest";
import { repoRoot } from "../support/paths";

const probes = {
  "server/lint-probe/component.ts": `export { ChatWidget } from "~/features/chat/chat-widget";\n`,
  "server/lint-probe/relative.ts": `export { Hero } from "../../app/features/home/hero";\n`,
  "server/lint-probe/allowed.ts": `export { DAILY_MESSAGES } from "~/features/chat/chat-contract";\nexport { TEAM_EMAIL } from "~/content/brand";\n`,
  "app/shared/lint-probe/feature.ts": `export { contactSchema } from "~/features/contact/schema";\n`,
  "app/shared/lint-probe/cycle-a.ts": `import { b } from "./cycle-b";\nexport const a = (): number => b() + 1;\n`,
  "app/shared/lint-probe/cycle-b.ts": `import { a } from "./cycle-a";\nexport const b = (): number => (Math.random() > 2 ? a() : 0);\n`,
  "server/db/lint-probe/upward.ts": `export { erasePerson } from "../../leads/erase";\n`,
  "server/chat/lint-probe/sibling.ts": `export { NewsletterSignUp } from "../../newsletter/sign-up";\n`,
  "server/team/lint-probe/composition.ts": `export { createServices } from "../../services";\n`,
  "server/leads/lint-probe/downward.ts": `export { takeSlot } from "../../db/counters";\nexport { history } from "../../chat/visitors";\nexport { loadConfig } from "../../config";\n`,
} as const;

/** Probe folders, removed after the check. */
const probeDirs = ["server/lint-probe", "app/shared/lint-probe", "server/db/lint-probe", "server/chat/lint-probe", "server/team/lint-probe", "server/leads/lint-probe"];
const removeProbes = () => {
  for (const dir of probeDirs) rmSync(join(repoRoot, dir), { recursive: true, force: true });
};

type Probe = keyof typeof probes;
const results = new Map<Probe, string[]>();

beforeAll(async () => {
  for (const [file, text] of Object.entries(probes)) {
    mkdirSync(join(repoRoot, file, ".."), { recursive: true });
    writeFileSync(join(repoRoot, file), text);
  }
  try {
    const eslint = new ESLint({ cwd: repoRoot });
    for (const result of await eslint.lintFiles(Object.keys(probes))) {
      const file = result.filePath.slice(repoRoot.length + 1) as Probe;
      results.set(file, result.messages.map((message) => `${message.ruleId ?? "fatal"}: ${message.message}`));
    }
  } finally {
    removeProbes();
  }
}, 120_000);

afterAll(removeProbes);

it("server/ may not import a component from app/, by alias or by relative path", () => {
  expect(results.get("server/lint-probe/component.ts")).toEqual([expect.stringMatching(/^import-x\/no-restricted-paths: .*server\/ may import from app\/ only/)]);
  expect(results.get("server/lint-probe/relative.ts")).toEqual([expect.stringMatching(/^import-x\/no-restricted-paths: /)]);
});

it("server/ may import a feature's contract and the content", () => {
  expect(results.get("server/lint-probe/allowed.ts")).toEqual([]);
});

it("app/shared may not import a feature", () => {
  expect(results.get("app/shared/lint-probe/feature.ts")).toEqual([expect.stringMatching(/^import-x\/no-restricted-paths: .*app\/shared must not import a feature/)]);
});

it("an import cycle is an error", () => {
  expect(results.get("app/shared/lint-probe/cycle-a.ts")).toEqual([expect.stringMatching(/^import-x\/no-cycle: /)]);
  expect(results.get("app/shared/lint-probe/cycle-b.ts")).toEqual([expect.stringMatching(/^import-x\/no-cycle: /)]);
});

it("a server folder may not import a folder above it, beside it, or the composition (docs/architecture.md)", () => {
  expect(results.get("server/db/lint-probe/upward.ts")).toEqual([expect.stringMatching(/^import-x\/no-restricted-paths: .*server\/db may import no other server folder/)]);
  expect(results.get("server/chat/lint-probe/sibling.ts")).toEqual([expect.stringMatching(/^import-x\/no-restricted-paths: .*server\/chat may import only server\/db, server\/mail, server\/http, server\/analytics, server\/webhooks among/)]);
  expect(results.get("server/team/lint-probe/composition.ts")).toEqual([expect.stringMatching(/^import-x\/no-restricted-paths: .*server\/team may import only /)]);
});

it("a server folder may import the folders below it and the base modules", () => {
  expect(results.get("server/leads/lint-probe/downward.ts")).toEqual([]);
});
