/** The webhook payloads' JSON schemas (docs/webhooks/*.schema.json), compiled with ajv: a payload's problems, or [] when it conforms. */
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { Ajv } from "ajv";
import addFormats from "ajv-formats";
import { WEBHOOK_EVENTS } from "~/features/team/webhooks-contract";
import { repoRoot } from "./paths";

const ajv = new Ajv({ allErrors: true, strict: true });
addFormats.default(ajv);
const validators = new Map(
  WEBHOOK_EVENTS.map((type) => [type, ajv.compile(JSON.parse(readFileSync(join(repoRoot, "docs", "webhooks", `${type}.schema.json`), "utf8")) as object)]),
);

export function payloadProblems(body: string): string[] {
  const payload = JSON.parse(body) as { type?: string };
  const validate = validators.get(payload.type as (typeof WEBHOOK_EVENTS)[number]);
  if (!validate) return [`no schema for the type ${JSON.stringify(payload.type)}`];
  return validate(payload) ? [] : (validate.errors ?? []).map((error) => `${payload.type}${error.instancePath} ${error.message}`);
}
