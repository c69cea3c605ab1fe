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
} as const;

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
    rmSync(join(repoRoot, "server/lint-probe"), { recursive: true, force: true });
    rmSync(join(repoRoot, "app/shared/lint-probe"), { recursive: true, force: true });
  }
}, 120_000);

afterAll(() => {
  rmSync(join(repoRoot, "server/lint-probe"), { recursive: true, force: true });
  rmSync(join(repoRoot, "app/shared/lint-probe"), { recursive: true, force: true });
});

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
