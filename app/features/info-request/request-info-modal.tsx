import { Modal } from "~/shared/ui/modal";
import type { PlanType } from "~/content/plans";
import { RequestInfoForm } from "./request-info-form";

/** The Request More Information modal (spec §2); loaded only when a visitor opens it. */
export default function RequestInfoModal({ open, planType, onClose }: { open: boolean; planType: PlanType; onClose: () => void }) {
  return (
    <Modal open={open} onClose={onClose} title="Request More Information" description={`${planType} plans: tell us about your needs and we will contact you.`}>
      {/* A fresh form each time the modal opens. */}
      {open ? <RequestInfoForm planType={planType} onDone={onClose} /> : null}
    </Modal>
  );
}
