/**
 * Reads a posted /team form in a route action: what it asks for (its `intent`), the row id it names
 * (one shape for every table), and its fields through a schema of team-schemas.ts. Every refusal is
 * the same answer, `{ ok: false, message }` with a 400, which the pages show in their notice.
 */
import { data } from "react-router";
import type { z } from "zod";
import { FORM_UNREADABLE, UNKNOWN_ACTION, isRowId } from "./team-contract";

export const refuse = (message: string, status = 400) => data({ ok: false as const, message }, { status });
export type Refusal = ReturnType<typeof refuse>;

type Read<T> = { ok: true; value: T } | { ok: false; refusal: Refusal };

export interface TeamForm<Intent extends string> {
  /** The `intent` field, one of the route's intents (undefined when the route has none). */
  intent: Intent;
  /** The `id` field, in the shape of a row id; undefined when the form names none. */
  id: string | undefined;
  /** A text field ("" when absent or a file). */
  text: (name: string) => string;
  /** The text fields a schema names, through it: their value, or its first message. */
  fields: <Schema extends z.ZodObject>(schema: Schema) => Read<z.output<Schema>>;
}

interface Options<Intent extends string> {
  /** What the form may ask for in its `intent` field; anything else is "Unknown action.". */
  intents?: readonly Intent[];
  /** Which intents name a row in the `id` field (none unless given). */
  needsId?: (intent: Intent) => boolean;
  /** The refusal of an id that is missing where needed, or not in the shape of one. */
  noSuchId?: string;
}

export async function readTeamForm<const Intent extends string = never>(request: Request, options: Options<Intent> = {}): Promise<Read<TeamForm<Intent>>> {
  let form: FormData;
  try {
    form = await request.formData();
  } catch {
    return { ok: false, refusal: refuse(FORM_UNREADABLE) };
  }
  const text = (name: string) => {
    const value = form.get(name);
    return typeof value === "string" ? value : "";
  };
  const intent = text("intent") as Intent;
  if (options.intents && !options.intents.includes(intent)) return { ok: false, refusal: refuse(UNKNOWN_ACTION) };
  const id = form.get("id");
  const needed = options.needsId?.(intent) ?? false;
  if ((id === null && needed) || (id !== null && !(typeof id === "string" && isRowId(id)))) {
    return { ok: false, refusal: refuse(options.noSuchId ?? UNKNOWN_ACTION) };
  }
  return {
    ok: true,
    value: {
      intent,
      id: typeof id === "string" ? id : undefined,
      text,
      fields: (schema) => {
        const parsed = schema.safeParse(Object.fromEntries(Object.keys(schema.shape).map((name) => [name, text(name)])));
        return parsed.success ? { ok: true, value: parsed.data } : { ok: false, refusal: refuse(parsed.error.issues[0]?.message ?? UNKNOWN_ACTION) };
      },
    },
  };
}
