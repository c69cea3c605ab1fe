import { defineConfig } from "vitest/config";

/**
 * Three projects:
 * - unit: beside the code, no build, no browser;
 * - integration: against the production server (`npm run build` output), no browser;
 * - e2e: production server + headless Chromium.
 * integration and e2e share one build per run (tests/support/global-build.ts; SKIP_BUILD=1 reuses
 * an existing build).
 */
const alias = { "~": new URL("./app", import.meta.url).pathname };

export default defineConfig({
  resolve: { alias },
  test: {
    // Browser + server per e2e file is heavy on our 2-core machines.
    maxWorkers: 2,
    teardownTimeout: 30_000,
    // A developer's .env never reaches the servers and command lines the tests start.
    env: { ENV_FILE: "" },
    projects: [
      {
        extends: true,
        test: {
          name: "unit",
          include: ["app/**/*.test.{ts,tsx}", "server/**/*.test.ts", "tests/unit/**/*.test.ts"],
          environment: "node",
          globalSetup: ["tests/support/global-tmp.ts"],
          testTimeout: 15_000,
        },
      },
      {
        extends: true,
        test: {
          name: "integration",
          include: ["tests/integration/**/*.test.ts"],
          environment: "node",
          globalSetup: ["tests/support/global-tmp.ts", "tests/support/global-build.ts"],
          testTimeout: 60_000,
          hookTimeout: 90_000,
        },
      },
      {
        extends: true,
        test: {
          name: "e2e",
          include: ["tests/e2e/**/*.test.ts"],
          environment: "node",
          globalSetup: ["tests/support/global-tmp.ts", "tests/support/global-build.ts"],
          testTimeout: 60_000,
          hookTimeout: 90_000,
          maxWorkers: 2,
        },
      },
    ],
  },
});
