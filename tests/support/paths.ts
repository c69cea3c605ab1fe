import { fileURLToPath } from "node:url";

/** Absolute path of the repository root (no trailing slash). */
export const repoRoot = fileURLToPath(new URL("../..", import.meta.url)).replace(/\/$/, "");
