import { type ReactNode, type RefObject, useEffect, useId, useRef } from "react";
import * as m from "~/paraglide/messages.js";

export interface ModalProps {
  open: boolean;
  /** Called for Escape, the close button and a click on the backdrop. */
  onClose: () => void;
  /** The dialog's heading; it labels the dialog. */
  title: ReactNode;
  /** Optional text under the heading; it describes the dialog. */
  description?: ReactNode;
  children?: ReactNode;
  /** Tailwind max-width class of the panel. */
  size?: "sm" | "md" | "lg";
  /** Renders the × close button in the corner (default true). */
  closeButton?: boolean;
  /** Where focus goes on close when the opener is gone or disabled (default: the opener). */
  returnFocusTo?: RefObject<HTMLElement | null>;
}

const WIDTHS = { sm: "max-w-sm", md: "max-w-lg", lg: "max-w-2xl" } as const;

/**
 * An accessible modal on the native <dialog> shown with showModal(): the rest of the page is
 * inert (focus stays inside), Escape closes it, it is labelled by its heading, and focus returns
 * to whatever opened it. Mark the control that should take focus first with `data-autofocus`.
 */
export function Modal({ open, onClose, title, description, children, size = "md", closeButton = true, returnFocusTo }: ModalProps) {
  const ref = useRef<HTMLDialogElement>(null);
  const opener = useRef<HTMLElement | null>(null);
  const onCloseRef = useRef(onClose);
  const returnFocusRef = useRef(returnFocusTo);
  const titleId = useId();
  const descriptionId = useId();

  useEffect(() => {
    onCloseRef.current = onClose;
    returnFocusRef.current = returnFocusTo;
  });

  useEffect(() => {
    const dialog = ref.current;
    if (!dialog) return;
    if (open && !dialog.open) {
      opener.current = document.activeElement instanceof HTMLElement ? document.activeElement : null;
      dialog.showModal();
      // showModal() focuses the first focusable element; a control marked data-autofocus wins.
      dialog.querySelector<HTMLElement>("[data-autofocus]")?.focus();
    } else if (!open && dialog.open) {
      dialog.close();
    }
  }, [open]);

  useEffect(() => {
    const dialog = ref.current;
    if (!dialog) return;
    const onCancel = (event: Event) => {
      event.preventDefault();
      onCloseRef.current();
    };
    const onNativeClose = () => {
      const usable = (element: HTMLElement | null | undefined): element is HTMLElement =>
        Boolean(element?.isConnected && element !== document.body && !element.matches(":disabled"));
      const target = [opener.current, returnFocusRef.current?.current].find(usable);
      opener.current = null;
      // After the browser's own focus restoration, which may pick a control disabled meanwhile.
      if (target) setTimeout(() => target.focus(), 0);
    };
    dialog.addEventListener("cancel", onCancel);
    dialog.addEventListener("close", onNativeClose);
    return () => {
      dialog.removeEventListener("cancel", onCancel);
      dialog.removeEventListener("close", onNativeClose);
      if (dialog.open) dialog.close();
    };
  }, []);

  return (
    // The backdrop is the dialog element itself: a click that lands on it (outside the panel) closes.
    <dialog
      ref={ref}
      aria-labelledby={titleId}
      aria-describedby={description ? descriptionId : undefined}
      onClick={(event) => {
        if (event.target === event.currentTarget) onClose();
      }}
      className={`m-auto w-[calc(100%-2rem)] ${WIDTHS[size]} rounded-xl bg-canvas p-0 text-ink shadow-2xl backdrop:bg-night/70`}
    >
      <div className="relative max-h-[85vh] overflow-y-auto p-6 sm:p-8">
        <h2 id={titleId} className="pr-10 text-2xl font-bold">
          {title}
        </h2>
        {description ? (
          <p id={descriptionId} className="mt-2 text-muted">
            {description}
          </p>
        ) : null}
        {closeButton ? (
          <button
            type="button"
            onClick={onClose}
            aria-label={m.forms_modal_close()}
            className="absolute top-4 right-4 inline-flex size-10 items-center justify-center rounded-full text-2xl text-muted hover:bg-surface hover:text-ink"
          >
            <span aria-hidden="true">×</span>
          </button>
        ) : null}
        <div className="mt-4">{children}</div>
      </div>
    </dialog>
  );
}
