import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";

const dir = join(import.meta.dirname, "../../../messages");
const read = (locale: string, file: string): Record<string, string> => {
  const { $schema: _schema, ...messages } = JSON.parse(readFileSync(join(dir, locale, file), "utf8")) as Record<string, string>;
  return messages;
};
const placeholders = (text: string) => [...text.matchAll(/\{(\w+)\}/g)].map((match) => match[1]).sort();

describe("messages", () => {
  it("each language has the same files", () => {
    expect(readdirSync(join(dir, "fr")).sort()).toEqual(readdirSync(join(dir, "en")).sort());
  });

  for (const file of readdirSync(join(dir, "en"))) {
    it(`${file}: the same keys in English and French, each with the same parameters and some text`, () => {
      const en = read("en", file);
      const fr = read("fr", file);
      expect(Object.keys(fr).sort()).toEqual(Object.keys(en).sort());
      for (const [key, text] of Object.entries(en)) {
        expect(placeholders(fr[key] ?? ""), key).toEqual(placeholders(text));
        expect(fr[key]?.trim(), key).toBeTruthy();
      }
    });
  }
});
