/**
 * A form inside an island sent before the island is hydrated (autofill and a quick Enter, or a
 * slow connection) would go out as the plain form post: a page load, without the spec's states
 * ("Joining...", "Sending..."). The island loader, already running, holds such a submit instead:
 * it hydrates that island and sends the form again through React, with what the visitor typed
 * and the button they used. If the island cannot be hydrated, the plain post goes out after all.
 * Without JavaScript none of this runs and the plain post is the answer (decisions 0062, 0079).
 */

/** Forms whose next submit goes out as the plain post (their island could not take it). */
const plain = new WeakSet<HTMLFormElement>();

/** How long a held form waits for React to take it before it goes out as the plain post. */
const TAKE_WITHIN_MS = 5_000;
const deadlines = new WeakMap<HTMLFormElement, number>();

/** `hydrate` resolves once the island's React has committed (app/islands/hydrate.tsx). */
export function holdSubmitsUntilHydrated(hydrate: (island: HTMLElement) => Promise<unknown>): void {
  // On the document, in the capture phase: before React's own listener on the island's root,
  // which must not see a held submit (it would hydrate mid-event and send the form a second time).
  document.addEventListener(
    "submit",
    (event) => {
      const form = event.target;
      if (!(form instanceof HTMLFormElement) || plain.delete(form) || event.defaultPrevented) return;
      const island = form.closest<HTMLElement>("[data-island]");
      if (!island) return;
      const submitter = event.submitter;
      if (island.hasAttribute("data-hydrated")) {
        resendUnlessTaken(event, form, submitter);
        return;
      }
      event.preventDefault();
      event.stopPropagation();
      const index = [...island.querySelectorAll("form")].indexOf(form);
      const values = [...new FormData(form).entries()];
      hydrate(island).then(
        () => {
          // Hydration adopts the pre-rendered form as it is; should React have rendered it anew,
          // the new one gets what the visitor typed.
          const hydrated = form.isConnected ? form : island.querySelectorAll("form")[index];
          if (!hydrated) return;
          if (hydrated !== form) refill(hydrated, values);
          hydrated.requestSubmit(submitter && hydrated.contains(submitter) ? submitter : null);
        },
        (error: unknown) => {
          console.warn("The form is sent without its script:", error);
          sendPlain(form, submitter);
        },
      );
    },
    { capture: true },
  );
}

/**
 * A submit in a hydrated island is React's: its handler prevents the plain post. But a Suspense
 * boundary inside an island is hydrated a frame or so after the island's root, and until then
 * React does not see its forms' submits. Such a submit is cancelled once it has gone through
 * the page, and sent again on the next frame.
 */
function resendUnlessTaken(event: SubmitEvent, form: HTMLFormElement, submitter: HTMLElement | null): void {
  const deadline = deadlines.get(form) ?? performance.now() + TAKE_WITHIN_MS;
  deadlines.set(form, deadline);
  let seen = false;
  const last = (after: Event) => {
    if (after !== event) return;
    seen = true;
    removeEventListener("submit", last);
    if (event.defaultPrevented) {
      deadlines.delete(form);
      return;
    }
    event.preventDefault();
    if (performance.now() > deadline) {
      deadlines.delete(form);
      sendPlain(form, submitter);
    } else requestAnimationFrame(() => form.requestSubmit(submitter && form.contains(submitter) ? submitter : null));
  };
  addEventListener("submit", last);
  // Stopped on its way (by whoever handled it): nothing to do.
  setTimeout(() => {
    removeEventListener("submit", last);
    if (!seen) deadlines.delete(form);
  });
}

function sendPlain(form: HTMLFormElement, submitter: HTMLElement | null): void {
  plain.add(form);
  form.requestSubmit(submitter && form.contains(submitter) ? submitter : null);
}

function refill(form: HTMLFormElement, values: [string, FormDataEntryValue][]): void {
  for (const [name, value] of values) {
    const field = form.elements.namedItem(name);
    if (typeof value !== "string") continue;
    if (field instanceof RadioNodeList || field instanceof HTMLTextAreaElement || field instanceof HTMLSelectElement) field.value = value;
    else if (field instanceof HTMLInputElement && field.type !== "checkbox") field.value = value;
  }
}
