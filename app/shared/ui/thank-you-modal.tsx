import type { RefObject } from "react";
import { Modal } from "./modal";

/**
 * Spec §2: "THANK YOU / Email has been successfully submitted / Close", and under it the form's own
 * success text (the spec's catalogue), since the modal is the send's one confirmation.
 */
export function ThankYouModal({ open, onClose, returnFocusTo, detail }: { open: boolean; onClose: () => void; returnFocusTo?: RefObject<HTMLElement | null>; detail?: string }) {
  return (
    <Modal
      open={open}
      onClose={onClose}
      title="THANK YOU"
      description="Email has been successfully submitted"
      size="sm"
      closeButton={false}
      returnFocusTo={returnFocusTo}
    >
      {detail ? <p className="mb-4 text-muted">{detail}</p> : null}
      <button
        type="button"
        onClick={onClose}
        // The only control: it takes the focus when the dialog opens.
        data-autofocus
        className="w-full rounded-lg bg-brand px-4 py-3 font-semibold text-white hover:bg-brand-strong"
      >
        Close
      </button>
    </Modal>
  );
}

export default ThankYouModal;
