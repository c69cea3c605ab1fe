import { Link } from "react-router";
import { AI_DISCLAIMER_IN, brand, PARTNER_CREDITS_IN, type SocialLink, TAGLINE_IN } from "~/content/brand";
import { legalLinks } from "~/content/legal-index";
import { AccessibilityControls } from "~/features/accessibility/accessibility-controls";
import * as m from "~/paraglide/messages.js";
import { getLocale, pathIn } from "~/shared/i18n/locale";
import { LogoMark } from "./logo";

function SocialIcon({ kind }: { kind: SocialLink["kind"] }) {
  const paths: Record<SocialLink["kind"], string> = {
    video: "M21.6 7.2a2.5 2.5 0 0 0-1.8-1.8C18.2 5 12 5 12 5s-6.2 0-7.8.4A2.5 2.5 0 0 0 2.4 7.2 26 26 0 0 0 2 12a26 26 0 0 0 .4 4.8 2.5 2.5 0 0 0 1.8 1.8c1.6.4 7.8.4 7.8.4s6.2 0 7.8-.4a2.5 2.5 0 0 0 1.8-1.8A26 26 0 0 0 22 12a26 26 0 0 0-.4-4.8zM10 15V9l5.2 3z",
    "social network": "M14 8h3V4h-3c-2.8 0-4.5 1.8-4.5 4.6V11H7v4h2.5v9h4v-9h3l.5-4h-3.5V8.8c0-.5.3-.8.5-.8z",
    "professional network": "M4.5 3.5a2 2 0 1 1 0 4 2 2 0 0 1 0-4zM3 9h3v12H3zm6 0h3v1.7c.5-.9 1.7-2 3.6-2 3.6 0 4.4 2.3 4.4 5.4V21h-3v-6.2c0-1.5 0-3.3-2-3.3s-2.3 1.6-2.3 3.2V21H9z",
  };
  return (
    <svg viewBox="0 0 24 24" aria-hidden="true" focusable="false" className="size-5 fill-current">
      <path d={paths[kind]} />
    </svg>
  );
}

/** A social channel's kind, in the page's language (its accessible name). */
function kindName(kind: SocialLink["kind"]): string {
  switch (kind) {
    case "video":
      return m.footer_social_video();
    case "social network":
      return m.footer_social_network();
    case "professional network":
      return m.footer_social_professional_network();
  }
}

const headingClass = "text-base font-bold text-on-dark";
const linkClass = "inline-flex min-h-11 items-center gap-2 rounded-md text-on-dark-muted underline-offset-4 hover:text-on-dark hover:underline";

/** Footer of spec §2: legal links, accessibility controls, social links, copyright, AI disclaimer. */
export function SiteFooter() {
  const locale = getLocale();
  const credits = PARTNER_CREDITS_IN[locale].map((credit) => `${credit.name} (${credit.role})`).join("; ");
  return (
    // Laid out with the page, not when near (decision 0106): the page keeps its length as it is read.
    <footer className="bg-night text-on-dark-muted">
      <div className="mx-auto grid max-w-7xl gap-10 px-4 py-12 sm:px-6 md:grid-cols-2 lg:grid-cols-4">
        <div>
          <p className="flex items-center gap-2 text-xl font-extrabold text-on-dark">
            <LogoMark className="size-8" />
            {brand.productName}
          </p>
          <p className="mt-3 text-sm">{TAGLINE_IN[locale]}.</p>
          <p className="mt-3 text-sm">
            <a className="underline underline-offset-4 hover:text-on-dark" href={`mailto:${brand.teamEmail}`}>
              {brand.teamEmail}
            </a>
          </p>
        </div>
        <nav aria-labelledby="footer-legal-heading">
          <h2 id="footer-legal-heading" className={headingClass}>
            {m.footer_legal()}
          </h2>
          <ul className="mt-2">
            {legalLinks.map((link) => (
              <li key={link.path}>
                <Link to={pathIn(link.path, locale)} className={linkClass}>
                  {link.title[locale]}
                </Link>
              </li>
            ))}
          </ul>
        </nav>
        <AccessibilityControls />
        <div>
          <h2 className={headingClass}>{m.footer_follow_us()}</h2>
          <ul className="mt-2">
            {brand.social.map((link) => (
              <li key={link.url}>
                <a href={link.url} target="_blank" rel="noopener noreferrer" className={linkClass}>
                  <SocialIcon kind={link.kind} />
                  {link.service}
                  <span className="sr-only">
                    {" "}
                    {m.footer_social_new_tab({ kind: kindName(link.kind) })}
                  </span>
                </a>
              </li>
            ))}
          </ul>
        </div>
      </div>
      <div className="border-t border-white/20">
        <div className="mx-auto max-w-7xl space-y-2 px-4 py-6 text-sm sm:px-6">
          <p data-testid="copyright">
            {m.footer_copyright({ year: String(brand.copyrightYear), holder: brand.copyrightHolder, credits })}
          </p>
          <p data-testid="ai-disclaimer">{AI_DISCLAIMER_IN[locale]}</p>
        </div>
      </div>
    </footer>
  );
}
