/** LIKE patterns with ESCAPE '\': `%`, `_` and `\` in the text match themselves. */
export const escapeLike = (text: string) => text.replace(/[\\%_]/g, (char) => `\\${char}`);

/** A pattern that finds `text` anywhere. */
export const containsPattern = (text: string) => `%${escapeLike(text)}%`;
