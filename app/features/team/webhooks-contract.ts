/**
 * Webhooks to the team's CRM, shared by /team/webhooks and the server (server/webhooks/): the
 * events, the delivery statuses and the page's texts. No zod and no React here.
 */
export const WEBHOOKS_PATH = "/team/webhooks";

export const WEBHOOK_EVENTS = ["lead.created", "person.updated", "person.erased", "subscriber.unsubscribed"] as const;
export type WebhookEventType = (typeof WEBHOOK_EVENTS)[number];
export const WEBHOOK_EVENT_LABELS: Record<WebhookEventType, string> = {
  "lead.created": "A lead is captured (newsletter, contact message, information request, chat)",
  "person.updated": "A person's owner, stage or follow-up changes",
  "person.erased": "A person is erased (only their address is sent)",
  "subscriber.unsubscribed": "A subscriber unsubscribes from the newsletter",
};

/** A checkbox's field name per event (one field each: the form reader takes one value per name). */
export const eventField = (type: WebhookEventType) => `event:${type}`;

export const WEBHOOK_DELIVERY_STATUSES = ["pending", "delivered", "failed"] as const;
export type WebhookDeliveryStatusName = (typeof WEBHOOK_DELIVERY_STATUSES)[number];
export const WEBHOOK_DELIVERY_LABELS: Record<WebhookDeliveryStatusName, string> = { pending: "Pending", delivered: "Delivered", failed: "Failed" };

export const WEBHOOK_URL_MAX = 2_000;
export const WEBHOOK_INTENTS = ["create", "update", "rotate", "delete", "replay"] as const;

export const WEBHOOK_ERRORS = {
  "endpoint-unknown": "There is no such endpoint.",
  "delivery-unknown": "There is no such delivery.",
  "no-events": "Choose at least one event.",
} as const;
