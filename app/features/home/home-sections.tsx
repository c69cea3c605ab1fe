import type { ReactNode } from "react";
import { home } from "~/content/home";
import * as m from "~/paraglide/messages.js";
import { getLocale } from "~/shared/i18n/locale";
import { SECTION_IDS, itemAnchor } from "~/content/anchors";
import type { ContentCard } from "~/content/types";
import { DEFERRED_LAYOUT_CLASS } from "~/features/layout/frame-markers";
import { ProductPreviews } from "~/features/previews/product-preview";

const container = "mx-auto max-w-7xl px-4 sm:px-6";
const h2Class = "text-3xl font-extrabold tracking-tight text-ink sm:text-4xl";

function CheckIcon() {
  return (
    <svg viewBox="0 0 20 20" aria-hidden="true" focusable="false" className="mt-0.5 size-5 shrink-0 fill-brand">
      <path d="M10 1.5a8.5 8.5 0 1 0 0 17 8.5 8.5 0 0 0 0-17zm-1.2 12.3L5 10l1.4-1.4 2.4 2.4 4.8-4.8L15 7.6z" />
    </svg>
  );
}

export function IntroSection() {
  const { intro } = home[getLocale()];
  return (
    <section aria-labelledby="intro-title" data-deferred-layout="" className={`bg-canvas py-16 sm:py-20 ${DEFERRED_LAYOUT_CLASS}`}>
      <div className={`${container} max-w-4xl text-center`}>
        <h2 id="intro-title" className={h2Class}>
          {intro.title}
        </h2>
        <p className="mt-6 text-lg leading-relaxed text-muted">{intro.description}</p>
      </div>
    </section>
  );
}

/** `englishTitle`: the card's id comes from it in both languages (the chat's sources, the language switch). */
function FeatureCard({ card, englishTitle }: { card: ContentCard; englishTitle: string }) {
  return (
    <li id={itemAnchor(SECTION_IDS.homeFeatures, englishTitle)} className="flex scroll-mt-4 flex-col rounded-2xl border border-line bg-canvas p-6 shadow-sm">
      <h3 className="text-xl font-bold text-ink">{card.title}</h3>
      <p className="mt-2 text-muted">{card.description}</p>
      <ul className="mt-5 space-y-3">
        {card.items?.map((item) => (
          <li key={item} className="flex gap-3 text-ink">
            <CheckIcon />
            <span>{item}</span>
          </li>
        ))}
      </ul>
    </li>
  );
}

/** A Home section with a centred heading and description, then a grid of cards and what follows it. */
function CardsSection({
  id,
  titleId,
  background,
  content,
  children,
}: {
  id?: string;
  titleId: string;
  background: "bg-surface" | "bg-canvas";
  content: { title: string; description: string };
  children: ReactNode;
}) {
  return (
    <section id={id} aria-labelledby={titleId} data-deferred-layout="" className={`${background} py-16 sm:py-20 ${DEFERRED_LAYOUT_CLASS}`}>
      <div className={container}>
        <div className="mx-auto max-w-3xl text-center">
          <h2 id={titleId} className={h2Class}>
            {content.title}
          </h2>
          <p className="mt-4 text-lg text-muted">{content.description}</p>
        </div>
        {children}
      </div>
    </section>
  );
}

const cardGrid = "mt-12 grid gap-6 md:grid-cols-3";

export function FeaturesSection() {
  const { featuresSection } = home[getLocale()];
  return (
    <CardsSection id={SECTION_IDS.homeFeatures} titleId="features-title" background="bg-surface" content={featuresSection}>
      <ul className={cardGrid}>
        {featuresSection.cards.map((card, index) => (
          <FeatureCard key={card.title} card={card} englishTitle={home.en.featuresSection.cards[index]?.title ?? card.title} />
        ))}
      </ul>
      <ProductPreviews wide="routePlanner" pair={["permitTracker", "costSimulator"]} />
      <p data-testid="launch-note" className="mx-auto mt-10 max-w-2xl rounded-full border-2 border-brand bg-canvas px-6 py-3 text-center font-semibold text-brand">
        {featuresSection.launchNote}
      </p>
    </CardsSection>
  );
}

export function ValueSection() {
  const { valueSection } = home[getLocale()];
  return (
    <CardsSection id={SECTION_IDS.homeValue} titleId="value-title" background="bg-canvas" content={valueSection}>
      <ul className={cardGrid}>
        {valueSection.cards.map((card) => (
          <li key={card.title} className="rounded-2xl border border-transparent bg-surface p-6 contrast-high:border-line">
            <h3 className="text-xl font-bold text-ink">{card.title}</h3>
            <p className="mt-2 text-muted">{card.description}</p>
          </li>
        ))}
      </ul>
      <ul aria-label={m.home_commitments_label()} className="mt-10 flex flex-wrap justify-center gap-3">
        {valueSection.tags.map((tag) => (
          <li key={tag} className="rounded-full border border-transparent bg-brand-soft px-4 py-2 text-sm font-semibold text-brand-strong contrast-high:border-brand-strong">
            {tag}
          </li>
        ))}
      </ul>
    </CardsSection>
  );
}
