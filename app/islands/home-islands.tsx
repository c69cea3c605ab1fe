/**
 * What Home renders inside each of its `data-island` elements (decision 0044), declared once:
 * app/routes/home.tsx renders these trees in the page and ./home-react.tsx hydrates the same ones,
 * so hydration adopts the pre-rendered markup as it is. The two sections below the fold are passed
 * in: the route's load only when needed (and show "Loading..." after an in-app navigation), the
 * hydrator's are already in its chunk.
 */
import { type ComponentType, Suspense } from "react";
import { ChatSection } from "~/features/chat/chat-section";
import { LoadingFallback } from "~/shared/ui/loading-fallback";

export interface HomeSections {
  ContactSection: ComponentType;
  NewsletterBlock: ComponentType<{ page: string }>;
}

export function homeIslands({ ContactSection, NewsletterBlock }: HomeSections) {
  return {
    chat: <ChatSection />,
    contact: (
      <Suspense fallback={<LoadingFallback />}>
        <ContactSection />
      </Suspense>
    ),
    newsletter: (
      <Suspense fallback={<LoadingFallback />}>
        <NewsletterBlock page="/" />
      </Suspense>
    ),
  };
}

export type HomeIsland = keyof ReturnType<typeof homeIslands>;
