import { describe, expect, it } from "vitest";
import { elementTypes, withoutUnmatchedRules } from "../../scripts/page-css";

const CSS = [
  "@layer base{table{border-collapse:collapse}code,kbd{font-size:1em}a{color:inherit}",
  "::placeholder{opacity:1}::-webkit-datetime-edit{display:inline-flex}::file-selector-button{margin:0}",
  ":where(h1,h2){text-wrap:balance}:where(select:is([multiple],[size])) optgroup{font-weight:bolder}",
  ":focus-visible{outline:3px solid}[data-contrast=high] a{text-decoration-line:underline}",
  "*,:after,:before{box-sizing:border-box}button,input:where([type=submit]){appearance:button}}",
  ".hero-scrim{background:#000}[data-contrast=high] .hero-scrim{background:none}",
  "@layer utilities{.flex{display:flex}.aria-pressed\\:bg-ink[aria-pressed=true]{color:red}.marker\\:text-brand ::-webkit-details-marker{color:red}}",
].join("");

const markup = (html: string, classes: string[]) => ({ types: elementTypes(html), classes: new Set(classes) });

describe("a static page's inline CSS (decision 0138)", () => {
  it("drops the element rules the page's markup cannot meet, and nothing that a class, an attribute or a state decides", () => {
    const html = '<html><body><h1 class="flex">Title</h1><p><a href="/">Home</a><button aria-pressed="false">A+</button></p></body></html>';
    const css = withoutUnmatchedRules(CSS, markup(html, ["flex", "aria-pressed:bg-ink", "marker:text-brand"]));
    for (const gone of ["table{", "code,kbd{", "::placeholder", "::-webkit-datetime-edit", "::file-selector-button", "optgroup", "details-marker", "hero-scrim"]) expect(css, gone).not.toContain(gone);
    for (const kept of [":where(h1,h2){", "a{color:inherit}", ":focus-visible{", "[data-contrast=high] a{", "*,:after,:before{", "button,input", ".flex{", "[aria-pressed=true]"]) expect(css, kept).toContain(kept);
  });

  it("keeps the form rules on a page with a form, the marker rule with a summary, and a page's own class rules", () => {
    const html = "<form><input name=email><textarea></textarea><details><summary>More</summary></details></form>";
    const css = withoutUnmatchedRules(CSS, markup(html, ["marker:text-brand", "hero-scrim"]));
    for (const kept of ["::placeholder", "::-webkit-datetime-edit", "::file-selector-button", "::-webkit-details-marker", ".hero-scrim{", "[data-contrast=high] .hero-scrim{"]) expect(css, kept).toContain(kept);
    expect(css).not.toContain("table{");
  });
});
