/**
 * The element id a URL hash ("#contact", "#caf%C3%A9") points to. A malformed percent-encoding
 * ("#%E0") falls back to the raw text instead of throwing: a bad link must never replace the page
 * with the error screen.
 */
export function hashTargetId(hash: string): string {
  const raw = hash.startsWith("#") ? hash.slice(1) : hash;
  try {
    return decodeURIComponent(raw);
  } catch {
    return raw;
  }
}
