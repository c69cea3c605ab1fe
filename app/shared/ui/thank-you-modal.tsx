import type { RefObject } from "react";
import { Modal } from "./modal";

/** Spec §2: "THANK YOU / Email has been successfully submitted / Close". */
export function ThankYouModal({ open, onClose, returnFocusTo }: { open: boolean; onClose: () => void; returnFocusTo?: RefObject<HTMLElement | null> }) {
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
