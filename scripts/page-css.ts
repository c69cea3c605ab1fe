/**
 * The CSS a static page inlines keeps only the rules that can apply to its markup (decision 0138).
 * Tailwind's preflight styles every element a page might hold (tables, code, form fields, date
 * pickers…), and app.css has rules for one page's classes (Home's hero): a rule goes when each of
 * its selectors ends on an element type the page does not have, or needs a class its markup does
 * not carry (the frame script's toggled classes are counted in by the caller). Attributes and
 * states (hover, `data-contrast`, `aria-pressed`…) change after the first paint, so a rule that
 * depends on them alone stays; markup an island renders later is styled by the island's whole
 * stylesheet (decision 0133).
 */
import { transform, type Selector } from "lightningcss";

/** The element types a page's markup holds. */
export function elementTypes(html: string): Set<string> {
  return new Set([...html.matchAll(/<([a-zA-Z][a-zA-Z0-9-]*)/g)].map((match) => (match[1] ?? "").toLowerCase()));
}

/** The elements a pseudo-element can be on, when its selector names none (`::placeholder`). */
function pseudoElementHosts(name: string): string[] | undefined {
  if (name === "placeholder") return ["input", "textarea"];
  if (name === "details-marker" || name === "-webkit-details-marker") return ["summary"];
  if (name === "file-selector-button" || name === "-webkit-search-decoration" || name === "-webkit-calendar-picker-indicator") return ["input"];
  if (name.startsWith("-webkit-datetime-edit") || name === "-webkit-date-and-time-value" || /^-webkit-(inner|outer)-spin-button$/.test(name)) return ["input"];
  return undefined;
}

/** The element types a selector's subject can be, or undefined when it can be any element. */
function subjectTypes(selector: Selector): string[] | undefined {
  const lastCombinator = selector.findLastIndex((component) => component.type === "combinator");
  for (const component of selector.slice(lastCombinator + 1)) {
    if (component.type === "type") return [component.name.toLowerCase()];
    if (component.type === "pseudo-class" && (component.kind === "is" || component.kind === "where")) {
      const each = component.selectors.map(subjectTypes);
      if (each.some((types) => types === undefined)) return undefined;
      return each.flatMap((types) => types ?? []);
    }
    if (component.type === "pseudo-element") return pseudoElementHosts(component.kind === "custom" ? component.name : component.kind);
  }
  return undefined;
}

/** Whether a selector needs a class outside `classes` (only its own compounds: not inside :not(), :is()…). */
const needsAbsentClass = (selector: Selector, classes: Set<string>): boolean =>
  selector.some((component) => component.type === "class" && !classes.has(component.name));

export interface Markup {
  /** The element types it holds (elementTypes). */
  types: Set<string>;
  /** The classes it carries, and those a script may add to it. */
  classes: Set<string>;
}

/** `css` without the rules none of whose selectors can match an element of `markup`. */
export function withoutUnmatchedRules(css: string, markup: Markup): string {
  const { code } = transform({
    filename: "page.css",
    code: Buffer.from(css),
    minify: true,
    visitor: {
      Rule: {
        style(rule) {
          const applies = rule.value.selectors.some((selector) => {
            if (needsAbsentClass(selector, markup.classes)) return false;
            const subjects = subjectTypes(selector);
            return subjects === undefined || subjects.some((type) => markup.types.has(type));
          });
          return applies ? undefined : [];
        },
      },
    },
  });
  return code.toString();
}
