/** The webhook payloads' JSON schemas (docs/webhooks/*.schema.json), compiled with ajv: a payload's problems, or [] when it conforms. */
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { Ajv } from "ajv";
import addFormats from "ajv-formats";
import { WEBHOOK_EVENTS } from "~/features/team/webhooks-contract";
import { repoRoot } from "./paths";

const ajv = new Ajv({ allErrors: true, strict: true });
addFormats(ajv);
const validators = new Map(
  WEBHOOK_EVENTS.map((type) => [type, ajv.compile(JSON.parse(readFileSync(join(repoRoot, "docs", "webhooks", `${type}.schema.json`), "utf8")) as object)]),
);

export function payloadProblems(body: string): string[] {
  const payload: unknown = JSON.parse(body);
  const type = String((payload as { type?: unknown }).type);
  const validate = validators.get(type as (typeof WEBHOOK_EVENTS)[number]);
  if (!validate) return [`no schema for the type ${type}`];
  if (validate(payload)) return [];
  return (validate.errors ?? []).map((error) => `${type}${error.instancePath} ${error.message}`);
}
