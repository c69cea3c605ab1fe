/**
 * The one text rule of the site: every name, company, message, chat lead and question, team note
 * and campaign subject and body is stored as `visibleText(value)` (decision 0087). No zod here, so
 * the browser's schemas carry one small regex and nothing else.
 *
 * Removed: control characters other than tab, line feed and carriage return (what one-line fields
 * refuse is left to them); bidirectional controls and marks (U+061C, U+200E–200F, U+202A–202E,
 * U+2066–2069), which can reorder what a reader sees; zero-width and other invisible format
 * characters (U+00AD, U+200B, U+2060–2064, U+206A–206F, U+FEFF). Zero-width joiners (U+200C,
 * U+200D) stay only right after a letter of a caseless script, a combining mark or an emoji, where
 * Persian, Indic scripts and emoji sequences need them; anywhere else they join nothing.
 */
const INVISIBLE =
  /([\p{Lo}\p{M}\p{Emoji_Modifier}\p{Extended_Pictographic}][\u200C\u200D])|(?![\t\n\r])[\p{Cc}\xAD\u061C\u200B-\u200F\u202A-\u202E\u2060-\u2064\u2066-\u206F\uFEFF]/gu;

/** The value in NFC, without invisible or direction-changing characters. */
export const visibleText = (value: string): string => value.normalize("NFC").replace(INVISIBLE, "$1");
