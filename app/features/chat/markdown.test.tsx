import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { Markdown, safeHref } from "./markdown";

const html = (text: string) => renderToStaticMarkup(<Markdown text={text} />);

describe("assistant markdown", () => {
  it("renders paragraphs, lists, bold, italic and code", () => {
    expect(html("**Bold** and *it* and `code`\n\n- one\n- two\n\n1. first")).toBe(
      '<p class="my-1 first:mt-0 last:mb-0"><strong>Bold</strong> and <em>it</em> and <code class="rounded bg-surface px-1 font-mono text-[0.9em]">code</code></p>' +
        '<ul class="my-2 list-disc space-y-1 pl-5"><li>one</li><li>two</li></ul><ol class="my-2 list-decimal space-y-1 pl-5"><li>first</li></ol>',
    );
  });

  it("never renders raw HTML", () => {
    const out = html('<img src=x onerror="alert(1)"><script>alert(1)</script>');
    expect(out).not.toContain("<img");
    expect(out).not.toContain("<script");
    expect(out).toContain("&lt;script&gt;");
  });

  it("renders no images: only their alt text", () => {
    const out = html("![secret](https://evil.example/leak?q=conversation)");
    expect(out).not.toContain("<img");
    expect(out).not.toContain("evil.example");
    expect(out).toContain("secret");
  });

  it("links only to http(s), in a new tab, without opener or referrer", () => {
    expect(html("[site](https://example.com/a)")).toContain('<a href="https://example.com/a" target="_blank" rel="noopener noreferrer"');
    expect(html("[x](javascript:alert(1))")).not.toContain("<a");
    expect(html("[x](data:text/html,hi)")).not.toContain("<a");
    expect(html("see https://example.com.")).toContain('href="https://example.com/"');
    expect(safeHref("mailto:a@b.c")).toBeUndefined();
  });

  describe("never a link inside a link", () => {
    const anchors = (out: string) => [...out.matchAll(/<a\s[^>]*href="([^"]*)"/g)].map((m) => m[1]);
    const cases: [string, string][] = [
      ["a bare URL in the link text", "[text https://x.example](https://y.example)"],
      ["a bold bare URL as the link text", "[**https://x.example**](https://y.example)"],
      ["a bold bare URL among other words", "[see __https://x.example/a__ now](https://y.example)"],
      ["a bare URL as the whole link text", "[https://x.example/path](https://y.example)"],
    ];
    for (const [name, text] of cases) {
      it(name, () => {
        const out = html(text);
        expect(anchors(out)).toEqual(["https://y.example/"]);
        expect(out.match(/<a[\s>]/g)).toHaveLength(1);
        expect(out).toContain("https://x.example");
        expect(out).not.toContain('href="https://x.example');
      });
    }

    it("keeps the outer link's bold text, and bare URLs outside links still link", () => {
      expect(html("[**https://x.example**](https://y.example)")).toBe(
        '<p class="my-1 first:mt-0 last:mb-0"><a href="https://y.example/" target="_blank" rel="noopener noreferrer" class="underline"><strong>https://x.example</strong></a></p>',
      );
      const out = html("**https://x.example** and [y](https://y.example)");
      expect(anchors(out)).toEqual(["https://x.example/", "https://y.example/"]);
    });
  });
});
