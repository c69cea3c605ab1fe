import { describe, expect, it } from "vitest";
import { visibleText } from "./text-rule";

const codes = (from: number, to: number) => Array.from({ length: to - from + 1 }, (_, i) => String.fromCodePoint(from + i));

describe("the one text rule", () => {
  it("removes bidirectional controls and marks", () => {
    for (const char of [...codes(0x202a, 0x202e), ...codes(0x2066, 0x2069), "\u200E", "\u200F", "\u061C"]) {
      expect(visibleText(`Bob ${char}gnp.exe`), char.codePointAt(0)!.toString(16)).toBe("Bob gnp.exe");
    }
  });

  it("removes zero-width and other invisible format characters", () => {
    for (const char of ["\u00AD", "\u200B", ...codes(0x2060, 0x2064), ...codes(0x206a, 0x206f), "\uFEFF"]) {
      expect(visibleText(`in${char}voice`), char.codePointAt(0)!.toString(16)).toBe("invoice");
    }
  });

  it("removes C0 and C1 control characters but keeps tab, line feed and carriage return", () => {
    for (const char of [...codes(0x00, 0x08), "\v", "\f", ...codes(0x0e, 0x1f), ...codes(0x7f, 0x9f)]) {
      expect(visibleText(`a${char}b`), char.codePointAt(0)!.toString(16)).toBe("ab");
    }
    expect(visibleText("line 1\r\nline 2\tend\n")).toBe("line 1\r\nline 2\tend\n");
  });

  it("keeps zero-width joiners where a script or an emoji needs them, and removes them elsewhere", () => {
    const needed = [
      "\u0645\u06CC\u200C\u062E\u0648\u0627\u0647\u0645", // Persian: ZWNJ after a letter
      "\u0915\u094D\u200D\u0937", // Devanagari: ZWJ after a virama (a combining mark)
      "\u{1F469}\u{1F3FD}\u200D\u{1F4BB}", // woman, skin tone, ZWJ, laptop
      "\u{1F3F3}\uFE0F\u200D\u{1F308}", // rainbow flag
      "\u{1F468}\u200D\u{1F469}\u200D\u{1F467}", // family
    ];
    for (const text of needed) expect(visibleText(text), text).toBe(text);
    expect(visibleText("B\u200Dob \u200Cgnp\u200D")).toBe("Bob gnp");
    expect(visibleText("\u200D\u200C")).toBe("");
  });

  it("normalises to NFC and leaves ordinary text as it is", () => {
    expect(visibleText("Zoe\u0308 Mu\u0308ller")).toBe("Zoë Müller");
    for (const text of ["Ann O'Neil", "東京運輸株式会社", "Śląsk Transport", "שלום עולם", "€ 5,000 — ok?"]) expect(visibleText(text)).toBe(text);
  });
});
