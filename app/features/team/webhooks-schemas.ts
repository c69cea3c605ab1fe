/** What /team/webhooks accepts in its forms (actions only: zod stays on the server). */
import { z } from "zod";
import { WEBHOOK_URL_MAX } from "./webhooks-contract";

export const webhookEndpointSchema = z.object({
  url: z.string().trim().min(1, "Give the endpoint's URL, e.g. https://crm.example.com/hooks/heavyroute.").max(WEBHOOK_URL_MAX, `The URL is at most ${WEBHOOK_URL_MAX} characters.`),
  enabled: z.string().transform((value) => value === "on"),
});
