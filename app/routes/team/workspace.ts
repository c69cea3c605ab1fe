import type { Route } from "./+types/workspace";

/**
 * The parent of every /team route, pages, their .data requests and the export alike: whatever path
 * spelling reached it (React Router matches case-insensitively and decodes the path), its answer is
 * never stored by a cache and never indexed.
 */
export const middleware: Route.MiddlewareFunction[] = [
  async (_args, next) => {
    const response = await next();
    response.headers.set("Cache-Control", "no-store");
    response.headers.set("X-Robots-Tag", "noindex, nofollow");
    return response;
  },
];
