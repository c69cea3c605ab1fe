import type { ReactNode } from "react";
import { type Plan, type PlanGroup, platform } from "~/content/platform";
import { ITEM_PREFIXES, SECTION_IDS, itemAnchor } from "~/content/anchors";
import type { ContentCard } from "~/content/types";
import { DEFERRED_LAYOUT_CLASS } from "~/features/layout/frame-markers";
import { getLocale } from "~/shared/i18n/locale";
import { ProductPreviews } from "~/features/previews/product-preview";
import { requestInfoIsland } from "~/islands/platform-islands";
import * as m from "~/paraglide/messages.js";
import { formatPrice } from "~/content/price";

const container = "mx-auto max-w-7xl px-4 sm:px-6";
const h2Class = "text-3xl font-extrabold tracking-tight text-ink sm:text-4xl";
/* Sections touch each other (padding, no margins) so the 100px point is always inside one. */
const sectionClass = "scroll-mt-16 py-14 sm:py-20";
/*
 * Below the first screen, a section marked `data-deferred-layout` is laid out only when it comes
 * near the viewport (content-visibility), so the first paint does not wait for the whole page. The
 * page's script (app/islands/page.ts `layOutDeferredWhenIdle`) lifts the mark after that paint, so
 * the page has its real length before the visitor moves through it and a tab scrolls over real
 * sizes, not estimates. Home's sections below the hero do the same.
 */

export function PlatformIntro() {
  const { overview, mission } = platform[getLocale()];
  return (
    <div className="bg-night py-14 text-on-dark sm:py-20">
      <div className={container}>
        <h1 id={SECTION_IDS.overview} className="text-4xl font-extrabold tracking-tight text-white sm:text-5xl">{m.platform_overview_heading()}</h1>
        <p className="mt-5 max-w-3xl text-lg text-on-dark-muted">{overview.description}</p>
        <div className="mt-8 max-w-3xl rounded-2xl border border-white/25 p-6 contrast-high:border-white">
          <h2 id={SECTION_IDS.mission} className="text-2xl font-bold text-white">{mission.title}</h2>
          <p className="mt-3 text-lg text-on-dark-muted">{mission.description}</p>
        </div>
      </div>
    </div>
  );
}

/**
 * `idPrefix`: each card gets the id `${idPrefix}-${its English title's anchor}` (`english`: the same
 * cards in English), which the chat's sources link to and the language switch keeps.
 */
function CardGrid({
  cards,
  english,
  idPrefix,
  columns = "sm:grid-cols-2 lg:grid-cols-3",
}: {
  cards: readonly ContentCard[];
  english: readonly ContentCard[];
  idPrefix: string;
  columns?: string;
}) {
  return (
    <ul className={`mt-8 grid gap-5 ${columns}`}>
      {cards.map((card, index) => (
        <li key={card.title} id={itemAnchor(idPrefix, english[index]?.title ?? card.title)} className="scroll-mt-16 rounded-2xl border border-line bg-canvas p-6">
          <h3 className="text-lg font-bold text-ink">{card.title}</h3>
          <p className="mt-2 text-muted">{card.description}</p>
          {card.items ? (
            <ul className="mt-3 list-disc space-y-1 pl-5 text-ink marker:text-brand">
              {card.items.map((item) => (
                <li key={item}>{item}</li>
              ))}
            </ul>
          ) : null}
        </li>
      ))}
    </ul>
  );
}

export function FeaturesSection() {
  const { coreFeatures, advancedMapSoftware, additionalServices } = platform[getLocale()];
  return (
    <section id="features" aria-labelledby="features-title" className={`${sectionClass} bg-canvas`}>
      <div className={container}>
        <h2 id="features-title" className={h2Class}>
          {m.platform_core_features({ count: coreFeatures.length })}
        </h2>
        <p className="mt-3 max-w-3xl text-lg text-muted">{m.platform_core_features_lead()}</p>
        <ol className="mt-8 grid gap-5 sm:grid-cols-2 lg:grid-cols-3">
          {coreFeatures.map((feature, index) => (
            <li key={feature.title} id={itemAnchor(ITEM_PREFIXES.feature, platform.en.coreFeatures[index]?.title ?? feature.title)} className="flex scroll-mt-16 gap-4 rounded-2xl border border-line bg-canvas p-6">
              <span aria-hidden="true" className="flex size-10 shrink-0 items-center justify-center rounded-full border border-transparent bg-brand-soft font-bold text-brand-strong contrast-high:border-brand-strong">
                {index + 1}
              </span>
              <div>
                <h3 className="text-lg font-bold text-ink">{feature.title}</h3>
                <p className="mt-1 text-muted">{feature.description}</p>
              </div>
            </li>
          ))}
        </ol>

        <h2 id={SECTION_IDS.mapSoftware} className={`${h2Class} mt-16 scroll-mt-16`}>{advancedMapSoftware.title}</h2>
        <p className="mt-3 max-w-3xl text-lg text-muted">{advancedMapSoftware.description}</p>
        <CardGrid cards={advancedMapSoftware.features} english={platform.en.advancedMapSoftware.features} idPrefix={ITEM_PREFIXES.map} columns="sm:grid-cols-2 lg:grid-cols-4" />
        <ProductPreviews wide="routePlanner" />

        <h2 id={SECTION_IDS.additionalServices} className={`${h2Class} mt-16 scroll-mt-16`}>{m.platform_additional_services()}</h2>
        <CardGrid cards={additionalServices} english={platform.en.additionalServices} idPrefix={ITEM_PREFIXES.service} columns="sm:grid-cols-2 lg:grid-cols-4" />
      </div>
    </section>
  );
}

function PlanCard({ plan, id }: { plan: Plan; id: string }) {
  return (
    <li id={id} className="flex scroll-mt-16 flex-col rounded-2xl border border-line bg-canvas p-6 shadow-sm">
      <h3 className="text-xl font-bold text-ink">{plan.name}</h3>
      <p className="mt-3 text-3xl font-extrabold text-brand" data-testid="plan-price">
        {formatPrice(plan.price, getLocale())}
      </p>
      <p className="mt-2 text-muted">{plan.description}</p>
      <ul className="mt-4 space-y-2">
        {plan.items.map((item) => (
          <li key={item} className="flex gap-2 text-ink">
            <span aria-hidden="true" className="font-bold text-brand">
              ✓
            </span>
            {item}
          </li>
        ))}
      </ul>
    </li>
  );
}

export function PlanGroupSection({ group, tone = "canvas", children }: { group: PlanGroup; tone?: "canvas" | "surface"; children?: ReactNode }) {
  const english = platform.en.planGroups.find((other) => other.id === group.id);
  return (
    <section
      id={group.id}
      aria-labelledby={`${group.id}-title`}
      data-deferred-layout=""
      className={`${sectionClass} ${DEFERRED_LAYOUT_CLASS} ${tone === "surface" ? "bg-surface" : "bg-canvas"}`}
    >
      <div className={container}>
        <h2 id={`${group.id}-title`} className={h2Class}>
          {group.title}
        </h2>
        <p className="mt-3 max-w-3xl text-lg text-muted">{group.description}</p>
        <ul className="mt-8 grid gap-5 md:grid-cols-3">
          {group.plans.map((plan, index) => (
            <PlanCard key={plan.name} plan={plan} id={itemAnchor(group.id, english?.plans[index]?.name ?? plan.name)} />
          ))}
        </ul>
        {group.notes ? <CardGrid cards={group.notes} english={english?.notes ?? group.notes} idPrefix={group.id} columns="" /> : null}
        {children}
        {/* An island on /platform as served (decision 0044): app/islands/platform-react.tsx. */}
        <div className="mt-8" data-island="request-info" data-plan={group.planType}>
          {requestInfoIsland(group.planType)}
        </div>
      </div>
    </section>
  );
}

export function VisionSection() {
  const { vision2026 } = platform[getLocale()];
  // A dark panel on the page's own background, so the dark footer after it does not run into it.
  return (
    <section id="vision" aria-labelledby="vision-title" data-deferred-layout="" className={`${sectionClass} ${DEFERRED_LAYOUT_CLASS} bg-canvas`}>
      <div className={container}>
        <div className="rounded-3xl bg-night px-6 py-10 text-on-dark sm:px-10 sm:py-14">
          <h2 id="vision-title" className="text-3xl font-extrabold tracking-tight text-white sm:text-4xl">
            {vision2026.title}
          </h2>
          <p className="mt-3 max-w-3xl text-lg text-on-dark-muted">{vision2026.description}</p>
          <ul className="mt-8 grid gap-5 md:grid-cols-2">
            {vision2026.items.map((item, index) => (
              <li key={item.title} id={itemAnchor(ITEM_PREFIXES.vision, platform.en.vision2026.items[index]?.title ?? item.title)} className="scroll-mt-16 rounded-2xl border border-white/25 p-6 contrast-high:border-white">
                <h3 className="text-xl font-bold text-white">{item.title}</h3>
                <p className="mt-2 text-on-dark-muted">{item.description}</p>
              </li>
            ))}
          </ul>
          <ProductPreviews pair={["permitTracker", "costSimulator"]} tone="dark" />
        </div>
      </div>
    </section>
  );
}
