/** The contact section's heading, which labels Home's `#contact` section. */
export const CONTACT_HEADING_ID = "contact-heading";
