/**
 * Spec §2's "Loading..." fallback inside a page: what a lazily loaded section shows while its code
 * loads after an in-app navigation. (A pre-rendered page keeps its server HTML while it hydrates,
 * so it never shows this.) The page-level one is the layout's NavigationStatus.
 */
export function LoadingFallback() {
  return (
    <p role="status" className="mx-auto max-w-3xl py-12 text-center text-lg font-semibold text-muted">
      Loading...
    </p>
  );
}
