import * as m from "~/paraglide/messages.js";

/**
 * An error's heading and sentence: a page not found, a form sent to a page that only shows one
 * (405), or anything else. `compact`: the short 404 sentence of root's fallback.
 */
export function errorWords(status: number | undefined, compact = false): { title: string; text: string } {
  if (status === 404) return { title: m.error_not_found_title(), text: compact ? m.error_not_found_short() : m.error_not_found_text() };
  if (status === 405) return { title: m.error_not_accepted_title(), text: m.error_not_accepted_text() };
  return { title: m.error_title(), text: m.error_text() };
}
