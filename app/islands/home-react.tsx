/**
 * React for Home's islands (decision 0044), imported by ./home.ts when the first island is needed.
 * Each tree here is the one app/routes/home.tsx renders inside that `data-island` element (and
 * app/root.tsx inside the toaster's), so hydration adopts the pre-rendered markup as it is.
 */
import { type ReactNode, Suspense, useEffect } from "react";
import { hydrateRoot } from "react-dom/client";
import { ChatSection } from "~/features/chat/chat-section";
import { ContactSection } from "~/features/contact/contact-section";
import { NewsletterBlock } from "~/features/newsletter/newsletter-block";
import { LoadingFallback } from "~/shared/ui/loading-fallback";
import { Toaster } from "~/shared/ui/toast";

const TREES: Record<string, () => ReactNode> = {
  chat: () => <ChatSection />,
  contact: () => (
    <Suspense fallback={<LoadingFallback />}>
      <ContactSection />
    </Suspense>
  ),
  newsletter: () => (
    <Suspense fallback={<LoadingFallback />}>
      <NewsletterBlock page="/" />
    </Suspense>
  ),
  toaster: () => <Toaster />,
};

/** Marks the island hydrated (`data-hydrated`), for tests and for anyone inspecting the page. */
function Hydrated({ onHydrated, children }: { onHydrated: () => void; children: ReactNode }) {
  useEffect(onHydrated, [onHydrated]);
  return children;
}

const started = new WeakSet<HTMLElement>();

function hydrate(name: string, element: HTMLElement): void {
  const tree = TREES[name];
  if (!tree || started.has(element)) return;
  started.add(element);
  const onHydrated = () => element.setAttribute("data-hydrated", "");
  hydrateRoot(element, <Hydrated onHydrated={onHydrated}>{tree()}</Hydrated>);
}

export function hydrateIsland(name: string, element: HTMLElement): void {
  const toaster = document.querySelector<HTMLElement>('[data-island="toaster"]');
  if (toaster) hydrate("toaster", toaster);
  hydrate(name, element);
}
