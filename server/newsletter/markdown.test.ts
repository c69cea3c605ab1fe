import { describe, expect, it } from "vitest";
import { markdownToHtml } from "./markdown";

describe("campaign markdown", () => {
  it("renders the subset", () => {
    expect(markdownToHtml("# Launch\n\nWe are **live**, *today*.\nSee [the site](https://www.example.com).\n\n- one\n- two")).toBe(
      '<h2>Launch</h2>\n<p>We are <strong>live</strong>, <em>today</em>.<br>See <a href="https://www.example.com">the site</a>.</p>\n<ul><li>one</li><li>two</li></ul>',
    );
  });

  it("escapes everything else: no markup, no script links", () => {
    const html = markdownToHtml('<script>alert(1)</script>\n\n[x](javascript:alert(1)) <img src=x onerror=alert(1)> [y](https://a.example/"onmouseover=x)');
    expect(html).not.toMatch(/<script|<img|href="javascript|"onmouseover/);
    expect(html).toContain("&lt;script&gt;");
  });
});
