import type { Kysely } from "kysely";

/**
 * The team's notes and handled marks name a lead by its kind: information requests are now
 * `information-request` everywhere (the workspace's URLs, exports, server/leads/lead-kinds.ts),
 * no longer `information`.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  const annotations = db as Kysely<{ lead_notes: { lead_kind: string }; lead_states: { lead_kind: string } }>;
  for (const table of ["lead_notes", "lead_states"] as const) {
    await annotations.updateTable(table).set({ lead_kind: "information-request" }).where("lead_kind", "=", "information").execute();
  }
}
