import { Link } from "react-router";
import { EFFECTIVE_DATE, type LegalBlock, type LegalPage, type LegalPageName, legal, legalSectionIds } from "~/content/legal";
import * as m from "~/paraglide/messages.js";
import { getLocale, LANGUAGE_TAG, type Locale, pathIn } from "~/shared/i18n/locale";
import { pageMeta } from "~/shared/seo/meta";

/** The effective date as the language writes it: "December 28, 2024", "28 décembre 2024". */
export const effectiveDate = (locale: Locale): string =>
  new Intl.DateTimeFormat(LANGUAGE_TAG[locale], { dateStyle: "long", timeZone: "UTC" }).format(EFFECTIVE_DATE);

/** French keeps a date's day, month and year on one line (non-breaking spaces); English is left as Intl writes it. */
const unbroken = (date: string, locale: Locale): string => (locale === "en" ? date : date.replace(/ /g, "\u00a0"));

function Block({ block }: { block: LegalBlock }) {
  if (typeof block === "string") return <p className="mt-4 leading-relaxed">{block}</p>;
  return (
    <ul className="mt-4 list-disc space-y-2 pl-6 leading-relaxed marker:text-brand">
      {block.list.map((item) => (
        <li key={item}>{item}</li>
      ))}
    </ul>
  );
}

/** Renders one legal page of app/content/legal.ts in the page's language: title, effective date, contents, sections. */
export function LegalDocument({ name }: { name: LegalPageName }) {
  const locale = getLocale();
  const page = legal[locale][name];
  const ids = legalSectionIds(name);
  return (
    <article className="mx-auto max-w-3xl px-4 py-12 sm:px-6 sm:py-16" aria-labelledby="legal-title">
      <header>
        <p className="text-sm font-semibold text-brand">
          <Link to={pathIn("/", locale)} className="underline underline-offset-4">
            {m.legal_home()}
          </Link>{" "}
          / {m.legal_breadcrumb()}
        </p>
        <h1 id="legal-title" className="mt-2 text-3xl font-extrabold tracking-tight text-ink sm:text-4xl">
          {page.title}
        </h1>
        <p className="mt-3 text-lg text-muted">{page.description}</p>
        <p className="mt-3 text-sm font-semibold text-ink" data-testid="effective-date">
          {m.legal_effective_date({ date: unbroken(effectiveDate(locale), locale) })}
        </p>
      </header>
      <nav aria-label={m.legal_on_this_page()} className="mt-8 rounded-lg border border-line bg-surface p-4">
        <h2 className="text-base font-bold text-ink">{m.legal_on_this_page()}</h2>
        <ol className="mt-2 list-decimal space-y-1 pl-6 text-muted">
          {page.sections.map((section, index) => (
            <li key={section.heading}>
              <a href={`#${ids[index]}`} className="text-ink underline underline-offset-4">
                {section.heading}
              </a>
            </li>
          ))}
        </ol>
      </nav>
      {page.sections.map((section, index) => (
        <section key={section.heading} aria-labelledby={ids[index]} className="mt-10">
          <h2 id={ids[index]} className="scroll-mt-4 text-2xl font-bold text-ink">
            {section.heading}
          </h2>
          <div className="text-ink">
            {section.body.map((block, index) => (
              <Block key={index} block={block} />
            ))}
          </div>
        </section>
      ))}
    </article>
  );
}

/** The `meta` of a legal route, in the page's language. */
export function legalMeta(name: LegalPageName) {
  const page: LegalPage = legal[getLocale()][name];
  return pageMeta({ title: page.title, description: page.description });
}
