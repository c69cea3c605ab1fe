import * as m from "~/paraglide/messages.js";
import { Modal } from "~/shared/ui/modal";
import type { PlanType } from "~/content/plans";
import { planGroupLabel } from "./messages";
import { RequestInfoForm } from "./request-info-form";

/** The Request More Information modal (spec §2); loaded only when a visitor opens it. */
export default function RequestInfoModal({ open, planType, onClose }: { open: boolean; planType: PlanType; onClose: () => void }) {
  return (
    <Modal
      open={open}
      onClose={onClose}
      title={m.forms_info_request_title()}
      description={m.forms_info_request_modal_text({ plans: planGroupLabel(planType) })}
    >
      {/* A fresh form each time the modal opens. */}
      {open ? <RequestInfoForm planType={planType} onDone={onClose} /> : null}
    </Modal>
  );
}
