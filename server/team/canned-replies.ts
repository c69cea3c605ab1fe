/**
 * The replies a member may start from when writing to a person: a general one and one per plan
 * type, edited by any member on /team/replies (audited). Until first read they are the defaults
 * below, written from the plans on /platform (app/content/platform.ts); the first read stores them.
 */
import { ASSISTANT_NAME, PRODUCT_NAME } from "~/content/brand";
import { type PlanGroup, platform } from "~/content/platform";
import { formatPrice } from "~/content/price";
import { CANNED_REPLY_KEYS, type CannedReplyKey, NAME_PLACEHOLDER } from "~/features/team/person-contract";
import type { Audit } from "../audit/audit";
import { type Db, nowIso } from "../db/database";

export interface CannedReply {
  key: CannedReplyKey;
  body: string;
  updated_at: string;
  /** Null while it is the seeded text. */
  updated_by: string | null;
}

const SIGN_OFF = `Best regards,\nThe ${PRODUCT_NAME} team`;

const planLine = (group: PlanGroup) =>
  group.plans.map((plan) => `- ${plan.name} (${formatPrice(plan.price, "en")}): ${plan.description} ${plan.items.join("; ")}.`).join("\n");

function planReply(group: PlanGroup): string {
  const custom = group.plans.every((plan) => plan.price.usd === null);
  return [
    `Hello ${NAME_PLACEHOLDER},`,
    `Thank you for your interest in the ${PRODUCT_NAME} ${group.title.toLowerCase()}. ${group.description}`,
    `The options are:\n${planLine(group)}`,
    custom
      ? "Pricing is set with each organisation. Could you tell me a little about your needs (the roads, permits and teams involved) so that I can prepare a proposal? A short call works well too: reply with a time that suits you."
      : "Which option fits best depends on how you work and how many people will use it. Reply with a few words about your moves and your team, or with a time that suits you for a short call, and I will help you choose.",
    SIGN_OFF,
  ].join("\n\n");
}

/** The texts the table is seeded with. */
export function defaultCannedReplies(): Record<CannedReplyKey, string> {
  const general = [
    `Hello ${NAME_PLACEHOLDER},`,
    `Thank you for getting in touch with ${PRODUCT_NAME}, and for your interest in the platform for oversized and heavy transport.`,
    `I will be your contact on our team. To make sure we answer exactly what you need, could you tell me a little more about your moves: the kind of loads, the regions you work in, and how you plan routes and permits today? If you prefer, reply with a time that suits you and we can talk it through on a short call.`,
    `In the meantime, ${ASSISTANT_NAME}, our assistant on the site, can answer general questions about routes, permits and compliance.`,
    SIGN_OFF,
  ].join("\n\n");
  const replies = { general } as Record<CannedReplyKey, string>;
  for (const group of platform.en.planGroups) replies[group.planType] = planReply(group);
  return replies;
}

export class CannedReplies {
  constructor(
    private readonly db: Db,
    private readonly audit: Audit,
  ) {}

  /** Every canned reply, general first; a key never stored yet gets its default (stored now). */
  async list(): Promise<CannedReply[]> {
    let rows = await this.db.selectFrom("canned_replies").selectAll().execute();
    if (rows.length < CANNED_REPLY_KEYS.length) {
      const defaults = defaultCannedReplies();
      const now = nowIso();
      await this.db
        .insertInto("canned_replies")
        .values(CANNED_REPLY_KEYS.map((key) => ({ key, body: defaults[key], updated_at: now, updated_by: null })))
        .onConflict((conflict) => conflict.column("key").doNothing())
        .execute();
      rows = await this.db.selectFrom("canned_replies").selectAll().execute();
    }
    const byKey = new Map(rows.map((row) => [row.key, row]));
    return CANNED_REPLY_KEYS.flatMap((key) => {
      const row = byKey.get(key);
      return row ? [{ key, body: row.body, updated_at: row.updated_at, updated_by: row.updated_by }] : [];
    });
  }

  /** Replaces one canned reply's text, audited with its length before and after. False when unchanged. */
  async update(key: CannedReplyKey, body: string, member: string): Promise<boolean> {
    const before = (await this.list()).find((reply) => reply.key === key);
    if (before?.body === body) return false;
    await this.db.transaction().execute(async (trx) => {
      await trx.updateTable("canned_replies").set({ body, updated_at: nowIso(), updated_by: member }).where("key", "=", key).execute();
      await this.audit.record(trx, { actor: member, action: "canned-reply", subject: key, detail: { before: before?.body.length ?? 0, after: body.length } });
    });
    return true;
  }
}
