/**
 * Standard Webhooks signing (https://www.standardwebhooks.com): the `standardwebhooks` package
 * computes `webhook-signature` (v1, HMAC-SHA256 of `id.timestamp.body`) with the endpoint's
 * whsec_ secret; `webhook-timestamp` is the attempt's time, so a receiver's tolerance window
 * (5 minutes in the library) applies to each attempt and a replay is signed anew.
 */
import crypto from "node:crypto";
import { Webhook } from "standardwebhooks";

/** A new secret in the specification's form: whsec_ and 32 random bytes in base64 (the library decodes it). */
export const newWebhookSecret = (): string => `whsec_${crypto.randomBytes(32).toString("base64")}`;

/** Signers by secret: the key is decoded once. */
const signers = new Map<string, Webhook>();

export function signatureHeaders(secret: string, messageId: string, at: Date, body: Buffer): Record<"webhook-id" | "webhook-timestamp" | "webhook-signature", string> {
  let signer = signers.get(secret);
  if (!signer) {
    if (signers.size > 100) signers.clear();
    signer = new Webhook(secret);
    signers.set(secret, signer);
  }
  return {
    "webhook-id": messageId,
    "webhook-timestamp": String(Math.floor(at.getTime() / 1000)),
    "webhook-signature": signer.sign(messageId, at, body),
  };
}
