import type { RefObject } from "react";
import * as m from "~/paraglide/messages.js";
import { Modal } from "./modal";

/**
 * Spec §2: "THANK YOU / Email has been successfully submitted / Close", and under it the form's own
 * success text (the spec's catalogue), since the modal is the send's one confirmation; in the
 * page's language.
 */
export function ThankYouModal({ open, onClose, returnFocusTo, detail }: { open: boolean; onClose: () => void; returnFocusTo?: RefObject<HTMLElement | null>; detail?: string }) {
  return (
    <Modal
      open={open}
      onClose={onClose}
      title={m.forms_thank_you_title()}
      description={m.forms_thank_you_text()}
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
        {m.forms_thank_you_close()}
      </button>
    </Modal>
  );
}

export default ThankYouModal;
