import { describe, expect, it } from "vitest";
import { pathIn } from "./locale";

describe("pathIn", () => {
  it.each([
    ["/", "/fr", "/"],
    ["/#chat", "/fr#chat", "/#chat"],
    ["/platform#tokens", "/fr/platform#tokens", "/platform#tokens"],
    ["/platform/", "/fr/platform", "/platform"],
    ["/fr", "/fr", "/"],
    ["/fr/#contact", "/fr#contact", "/#contact"],
    ["/fr/privacy/", "/fr/privacy", "/privacy"],
    ["/unsubscribe?token=a", "/fr/unsubscribe?token=a", "/unsubscribe?token=a"],
  ])("%s is %s in French and %s in English", (path, french, english) => {
    expect(pathIn(path, "fr")).toBe(french);
    expect(pathIn(path, "en")).toBe(english);
  });
});
