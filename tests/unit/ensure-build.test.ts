/**
 * `npm start` builds first when the build is missing or older than a source file it is made from
 * (scripts/ensure-build.ts): what the operator is told, on a copy of the project's layout.
 */
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { BUILD_OUTPUT, buildNeeded } from "../../scripts/ensure-build";

let root: string;

function write(file: string, secondsAgo = 3600): void {
  fs.mkdirSync(path.dirname(path.join(root, file)), { recursive: true });
  fs.writeFileSync(path.join(root, file), "x");
  const time = Date.now() / 1000 - secondsAgo;
  fs.utimesSync(path.join(root, file), time, time);
}

beforeEach(() => {
  root = fs.mkdtempSync(path.join(os.tmpdir(), "ensure-build-"));
  write("app/routes/home.tsx", 7200);
  write("server/main.ts", 7200);
  write("package-lock.json", 7200);
});
afterEach(() => fs.rmSync(root, { recursive: true, force: true }));

describe("the build `npm start` serves", () => {
  it("is made once on a fresh clone", () => {
    expect(buildNeeded(root)).toBe("No build yet: building the site once (npm run build)…");
  });

  it("is served as it is when no source changed after it", () => {
    write(BUILD_OUTPUT);
    expect(buildNeeded(root)).toBeUndefined();
  });

  it("is rebuilt after a source file is edited, naming the file", () => {
    write(BUILD_OUTPUT);
    write("app/routes/home.tsx", 10);
    expect(buildNeeded(root)).toBe(`${path.join("app", "routes", "home.tsx")} changed after the last build: rebuilding (npm run build)…`);
  });

  it("is rebuilt after the dependencies or the build's configuration change", () => {
    write(BUILD_OUTPUT);
    write("package-lock.json", 10);
    expect(buildNeeded(root)).toMatch(/^package-lock\.json changed after the last build/);
    write(BUILD_OUTPUT, 5);
    write("vite.config.ts", 1);
    expect(buildNeeded(root)).toMatch(/^vite\.config\.ts changed after the last build/);
  });

  it("is not rebuilt for an edited test, which the build leaves out", () => {
    write(BUILD_OUTPUT);
    write("server/logger.test.ts", 10);
    expect(buildNeeded(root)).toBeUndefined();
  });
});
