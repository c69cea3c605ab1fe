import { PRODUCT_NAME } from "~/content/brand";
import { home } from "~/content/home";
import { CONTACT_HEADING_ID } from "~/features/contact/ids";
import { Hero } from "~/features/home/hero";
import { FeaturesSection, IntroSection, ValueSection } from "~/features/home/home-sections";
import { DEFERRED_LAYOUT_CLASS } from "~/features/layout/frame-markers";
import { islandPage } from "~/features/layout/static-page";
import { homeIslands } from "~/islands/home-islands";
import * as m from "~/paraglide/messages.js";
import { getLocale } from "~/shared/i18n/locale";
import { pageMeta } from "~/shared/seo/meta";
import { lazyWhenNeeded } from "~/shared/load-when-needed";
import type { Route } from "./+types/home";

// Below the fold, and their plain forms work before hydration: their code loads when needed. After
// an in-app navigation to Home they show "Loading..." (spec §2) until it has.
const islands = homeIslands({
  ContactSection: lazyWhenNeeded("contact", () => import("~/features/contact/contact-section").then((m) => m.ContactSection)),
  NewsletterBlock: lazyWhenNeeded("newsletter", () => import("~/features/newsletter/newsletter-block").then((m) => m.NewsletterBlock)),
});

/**
 * Served as islands (decision 0044): the pre-rendered page has no React Router scripts; the build's
 * app/islands/home.ts hydrates the `data-island` parts below (and the hero video) when needed,
 * each with its tree from app/islands/home-islands.tsx.
 */
export const handle = islandPage("home");

export const meta: Route.MetaFunction = () => {
  const { hero, intro } = home[getLocale()];
  // Home's title is the product's name and the hero's headline (pageMeta's default is the English one).
  const title = `${PRODUCT_NAME} | ${hero.headline}`;
  return pageMeta({ description: `${hero.lead} ${intro.title}.` }).map((tag) =>
    "title" in tag ? { title } : "property" in tag && tag.property === "og:title" ? { ...tag, content: title } : tag,
  );
};

export default function Home() {
  const { chatSection } = home[getLocale()];
  return (
    <>
      <Hero />
      <IntroSection />
      <FeaturesSection />
      <section id="chat" aria-labelledby="chat-title" data-deferred-layout="" className={`bg-canvas py-16 sm:py-20 ${DEFERRED_LAYOUT_CLASS}`}>
        <div className="mx-auto max-w-4xl px-4 sm:px-6">
          <div className="mb-8 text-center">
            <h2 id="chat-title" className="text-3xl font-extrabold tracking-tight text-ink sm:text-4xl">
              {chatSection.title}
            </h2>
            <p className="mt-4 text-lg text-muted">{chatSection.description}</p>
          </div>
          <div data-island="chat">{islands.chat}</div>
        </div>
      </section>
      <ValueSection />
      <section id="contact" data-island="contact" aria-labelledby={CONTACT_HEADING_ID} data-deferred-layout="" className={`bg-surface px-4 py-16 sm:px-6 sm:py-20 ${DEFERRED_LAYOUT_CLASS}`}>
        {islands.contact}
      </section>
      <section id="newsletter" data-island="newsletter" aria-label={m.home_newsletter_label()} data-deferred-layout="" className={`bg-canvas px-4 py-16 sm:px-6 sm:py-20 ${DEFERRED_LAYOUT_CLASS}`}>
        {islands.newsletter}
      </section>
    </>
  );
}
