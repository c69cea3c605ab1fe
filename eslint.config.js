// ESLint flat config. The one JavaScript file in the repo: ESLint 9 loads eslint.config.ts only
// through the optional `jiti` package, which we do not depend on directly.
import { readdirSync } from "node:fs";
import js from "@eslint/js";
import { createTypeScriptImportResolver } from "eslint-import-resolver-typescript";
import importX from "eslint-plugin-import-x";
import reactHooks from "eslint-plugin-react-hooks";
import globals from "globals";
import { defineConfig } from "eslint/config";
import tseslint from "typescript-eslint";

/** Features that compose other features (layout wraps every page; home and platform are pages). */
const COMPOSING_FEATURES = new Set(["layout", "home", "platform", "team"]);
const MAX_DEPTH = 6;

/** app/ may use server/ types, never its runtime code. */
const serverImports = {
  regex: String.raw`^(?:(?:\.\./)+|~/\.\./)server(?:/|$)`,
  allowTypeImports: true,
  message: "app/ must not import runtime code from server/ (type-only imports are allowed).",
};

function listFeatures() {
  try {
    return readdirSync(new URL("./app/features", import.meta.url), { withFileTypes: true })
      .filter((entry) => entry.isDirectory())
      .map((entry) => entry.name);
  } catch {
    return [];
  }
}

/**
 * What server code may take from app/: content, the routes list, the shared form rules, the
 * languages and the compiled messages (mail and answers in the visitor's language), and each
 * feature's contract, schemas, fixed lines and messages — plain modules, never a component.
 */
const SERVER_MAY_IMPORT_FROM_APP = [
  "**/app/content/*.ts",
  "**/app/routes-list.ts",
  "**/app/shared/forms/*.ts",
  "**/app/shared/i18n/*.ts",
  "**/app/paraglide/**",
  "**/app/shared/seo/*.server.ts",
  "**/app/features/*/*-contract.ts",
  "**/app/features/*/*-schemas.ts",
  "**/app/features/*/*-lines.ts",
  "**/app/features/*/schema.ts",
  "**/app/features/*/messages.ts",
];

/**
 * The server's folders and the folders each may import (docs/architecture.md): imports run one
 * way, from the composition (server/*.ts: app, services, main, dev, serve, retention) and the CLI
 * down to db. Folders of one layer do not import each other. The base modules beside them
 * (config, logger, instance, event-loop-load, worker-threads, metrics) may be imported by any folder.
 */
const SERVER_FOLDERS = {
  db: [],
  mail: ["db"],
  http: ["db"],
  audit: ["db"],
  webhooks: ["db", "mail", "http", "audit", "analytics"],
  chat: ["db", "mail", "http", "analytics", "webhooks"],
  analytics: ["db", "http"],
  newsletter: ["db", "mail", "http", "audit", "analytics", "webhooks"],
  leads: ["db", "mail", "http", "audit", "chat", "newsletter", "analytics", "webhooks"],
  team: ["db", "mail", "http", "audit", "chat", "newsletter", "leads", "analytics", "webhooks"],
  cli: ["db", "mail", "http", "audit", "chat", "newsletter", "leads", "team", "analytics", "webhooks"],
};
const SERVER_COMPOSITION = ["app", "services", "main", "dev", "serve", "retention"].map((name) => `./server/${name}.ts`);

const SERVER_BASE = ["config", "logger", "instance", "event-loop-load", "worker-threads", "metrics"].map((name) => `./server/${name}.ts`);

const serverFolderZones = [
  {
    target: SERVER_BASE,
    from: Object.keys(SERVER_FOLDERS).map((folder) => `./server/${folder}`),
    message: "The server's base modules (config, logger, instance, event-loop-load, worker-threads, metrics) import no server folder (docs/architecture.md).",
  },
  ...Object.entries(SERVER_FOLDERS).map(([folder, allowed]) => ({
    target: `./server/${folder}`,
    from: [
      ...Object.keys(SERVER_FOLDERS)
        .filter((other) => other !== folder && !allowed.includes(other))
        .map((other) => `./server/${other}`),
      ...SERVER_COMPOSITION,
    ],
    message: `server/${folder} may import ${allowed.length ? `only ${allowed.map((other) => `server/${other}`).join(", ")} among the server's folders` : "no other server folder"}, and the base modules: imports run one way (docs/architecture.md).`,
  })),
];

/** Import boundaries checked on resolved files (so they hold for ~/ and relative paths alike). */
const boundaries = {
  files: ["**/*.{ts,tsx}"],
  plugins: { "import-x": importX },
  settings: {
    ...importX.flatConfigs.typescript.settings,
    "import-x/resolver": undefined,
    "import-x/resolver-next": [createTypeScriptImportResolver({ alwaysTryTypes: true, project: "./tsconfig.json" })],
  },
  rules: {
    "import-x/no-cycle": ["error", { ignoreExternal: true }],
    "import-x/no-restricted-paths": [
      "error",
      {
        zones: [
          {
            target: "./server",
            from: "./app/**",
            except: SERVER_MAY_IMPORT_FROM_APP,
            message: "server/ may import from app/ only content, routes-list, shared form rules and features' *-contract, *-schemas, *-lines, schema and messages modules (never a component).",
          },
          { target: "./app/shared", from: "./app/features", message: "app/shared must not import a feature: move the shared part to app/shared." },
          ...serverFolderZones,
        ],
      },
    ],
  },
};

const escape = (s) => s.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");

/**
 * A feature may not import another feature. Relative specifiers are matched by depth: a file d
 * folders below app/features/<a>/ leaves its feature with d+1 "../" and reaches app/ with d+2.
 */
function featureBoundaries() {
  const blocks = [];
  for (const feature of listFeatures()) {
    if (COMPOSING_FEATURES.has(feature)) continue;
    const own = `(?!${escape(feature)}(?:/|$))`;
    const message = `app/features/${feature} must not import another feature; compose features in a route (or in layout/home/platform), or move shared code to app/shared or app/content.`;
    for (let depth = 0; depth <= MAX_DEPTH; depth++) {
      blocks.push({
        files: [`app/features/${feature}/${"*/".repeat(depth)}*.{ts,tsx}`],
        rules: {
          "no-restricted-imports": [
            "error",
            {
              patterns: [
                serverImports,
                {
                  regex: [
                    String.raw`^~/features/${own}[^/]+`,
                    String.raw`^(?:\.\./){${depth + 1}}${own}[^./][^/]*`,
                    String.raw`^(?:\.\./){${depth + 2}}features/${own}[^/]+`,
                  ].join("|"),
                  message,
                },
              ],
            },
          ],
        },
      });
    }
  }
  return blocks;
}

export default defineConfig(
  { ignores: ["build/", ".react-router/", "node_modules/", "public/", "coverage/", "test-results/", "data/", "bench/results/", "app/paraglide/", "project.inlang/"] },
  js.configs.recommended,
  tseslint.configs.recommendedTypeChecked,
  {
    languageOptions: {
      ecmaVersion: 2023,
      sourceType: "module",
      globals: { ...globals.browser, ...globals.node },
      parserOptions: { projectService: true, tsconfigRootDir: import.meta.dirname },
    },
    linterOptions: { reportUnusedDisableDirectives: "error" },
    rules: {
      "@typescript-eslint/consistent-type-imports": ["error", { fixStyle: "inline-type-imports" }],
      "@typescript-eslint/no-unused-vars": ["error", { argsIgnorePattern: "^_", varsIgnorePattern: "^_" }],
      // React Router's idiom: loaders and actions throw data(...) and Response objects.
      "@typescript-eslint/only-throw-error": [
        "error",
        {
          allowThrowingUnknown: true,
          allow: [
            { from: "package", package: "react-router", name: "DataWithResponseInit" },
            { from: "lib", name: "Response" },
          ],
        },
      ],
      "@typescript-eslint/prefer-promise-reject-errors": ["error", { allowThrowingUnknown: true }],
    },
  },
  {
    files: ["**/*.tsx", "app/**/*.ts"],
    ...reactHooks.configs.flat.recommended,
  },
  {
    // One place picks the SQLite driver that is safe on the running Node (0008-node-versions.md).
    files: ["server/**/*.ts", "tests/**/*.ts", "scripts/**/*.ts", "bench/**/*.ts"],
    ignores: ["server/db/sqlite-driver.ts"],
    rules: {
      "no-restricted-imports": [
        "error",
        {
          paths: ["better-sqlite3", "better-sqlite3-12"].map((name) => ({
            name,
            allowTypeImports: true,
            message: "Import SqliteDatabase from server/db/sqlite-driver.ts: it loads the better-sqlite3 build that is safe on this Node.",
          })),
        },
      ],
    },
  },
  {
    files: ["app/**/*.{ts,tsx}"],
    rules: { "no-restricted-imports": ["error", { patterns: [serverImports] }] },
  },
  ...featureBoundaries(),
  boundaries,
  {
    // Plain JavaScript (this file): no type information.
    files: ["**/*.js", "**/*.mjs", "**/*.cjs"],
    ...tseslint.configs.disableTypeChecked,
  },
);
