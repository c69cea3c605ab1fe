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
});
