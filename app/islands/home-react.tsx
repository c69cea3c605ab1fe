/**
 * React for Home's islands (decision 0044), imported by ./home.ts when the first island is needed.
 * Each tree here is the one app/routes/home.tsx renders inside that `data-island` element (and
 * app/root.tsx inside the toaster's), so hydration adopts the pre-rendered markup as it is.
 */
import { type ReactNode, Suspense } from "react";
import { ChatSection } from "~/features/chat/chat-section";
import { ContactSection } from "~/features/contact/contact-section";
import { NewsletterBlock } from "~/features/newsletter/newsletter-block";
import { LoadingFallback } from "~/shared/ui/loading-fallback";
import { Toaster } from "~/shared/ui/toast";
import { hydrateIsland } from "./hydrate";

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
};

/** Hydrates the island `element` (named by its data-island), and the toasts' live regions with the first. */
export function hydrateHomeIsland(element: HTMLElement): void {
  const toaster = document.querySelector<HTMLElement>('[data-island="toaster"]');
  if (toaster) void hydrateIsland(toaster, <Toaster />);
  const tree = TREES[element.dataset.island ?? ""];
  if (tree) void hydrateIsland(element, tree());
}
