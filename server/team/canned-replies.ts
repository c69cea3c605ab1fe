/**
 * The replies a member may start from when writing to a person: a general one and one per plan
 * type, each in English and in French, edited by any member on /team/replies (audited with the
 * language). Until first read they are the defaults below, written from the plans on /platform in
 * each language (app/content/platform.ts, app/content/fr/platform.ts); the first read stores them.
 */
import { ASSISTANT_NAME, PRODUCT_NAME } from "~/content/brand";
import { type PlanGroup, platform } from "~/content/platform";
import type { PlanType } from "~/content/plans";
import { formatPrice } from "~/content/price";
import { CANNED_REPLY_KEYS, type CannedReplyKey, NAME_PLACEHOLDER } from "~/features/team/person-contract";
import { LOCALES, type Locale } from "~/shared/i18n/locale";
import type { Audit } from "../audit/audit";
import { type Db, nowIso } from "../db/database";

export interface CannedReply {
  key: CannedReplyKey;
  language: Locale;
  body: string;
  updated_at: string;
  /** Null while it is the seeded text. */
  updated_by: string | null;
}

const SIGN_OFF = `Best regards,\nThe ${PRODUCT_NAME} team`;

const planLine = (group: PlanGroup) =>
  group.plans.map((plan) => `- ${plan.name} (${formatPrice(plan.price, "en")}): ${plan.description} ${plan.items.join("; ")}.`).join("\n");

const isCustom = (group: PlanGroup) => group.plans.every((plan) => plan.price.usd === null);

function planReply(group: PlanGroup): string {
  return [
    `Hello ${NAME_PLACEHOLDER},`,
    `Thank you for your interest in the ${PRODUCT_NAME} ${group.title.toLowerCase()}. ${group.description}`,
    `The options are:\n${planLine(group)}`,
    isCustom(group)
      ? "Pricing is set with each organisation. Could you tell me a little about your needs (the roads, permits and teams involved) so that I can prepare a proposal? A short call works well too: reply with a time that suits you."
      : "Which option fits best depends on how you work and how many people will use it. Reply with a few words about your moves and your team, or with a time that suits you for a short call, and I will help you choose.",
    SIGN_OFF,
  ].join("\n\n");
}

function englishReplies(): Record<CannedReplyKey, string> {
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

// French: a non-breaking space before a colon, none before "?" or ";" (the site's French style).
const NBSP = "\u00a0";
const FR_SIGN_OFF = `Cordialement,\nL'équipe ${PRODUCT_NAME}`;
/** "à nos forfaits d'abonnement", "à notre système de jetons": the possessive agrees with the group's title. */
const FR_OUR: Record<PlanType, "nos" | "notre"> = { Subscription: "nos", Government: "nos", Training: "nos", Token: "notre" };
/** A capital that starts a sentence, lowered inside one ("Accès" → "accès"); an acronym ("CAO") keeps it. */
const lowerFirst = (text: string) => (/^\p{Lu}\p{Lu}/u.test(text) ? text : text.charAt(0).toLocaleLowerCase("fr-CA") + text.slice(1));

const frenchPlanLine = (group: PlanGroup) =>
  group.plans
    .map((plan) => {
      const items = plan.items.map((item, i) => (i === 0 ? item : lowerFirst(item))).join("; ");
      return `- ${plan.name} (${formatPrice(plan.price, "fr")})${NBSP}: ${lowerFirst(plan.description)} ${items}.`;
    })
    .join("\n");

function frenchPlanReply(group: PlanGroup): string {
  return [
    `Bonjour ${NAME_PLACEHOLDER},`,
    `Merci de l'intérêt que vous portez à ${FR_OUR[group.planType]} ${lowerFirst(group.title)}. ${group.description}`,
    `Les options sont les suivantes${NBSP}:\n${frenchPlanLine(group)}`,
    isCustom(group)
      ? `Le prix est établi avec chaque organisation. Pourriez-vous m'en dire un peu plus sur vos besoins (les routes, les permis et les équipes concernés) afin que je puisse vous préparer une proposition? Un court appel convient aussi très bien${NBSP}: répondez-moi en indiquant un moment qui vous convient.`
      : "L'option qui vous conviendra le mieux dépend de votre façon de travailler et du nombre de personnes qui utiliseront la plateforme. Décrivez-moi en quelques mots vos transports et votre équipe, ou indiquez-moi un moment qui vous convient pour un court appel, et je vous aiderai à choisir.",
    FR_SIGN_OFF,
  ].join("\n\n");
}

function frenchReplies(): Record<CannedReplyKey, string> {
  const general = [
    `Bonjour ${NAME_PLACEHOLDER},`,
    `Merci d'avoir communiqué avec ${PRODUCT_NAME} et de l'intérêt que vous portez à notre plateforme pour le transport hors normes et lourd.`,
    `Je serai votre personne-ressource au sein de notre équipe. Pour bien répondre à vos besoins, pourriez-vous m'en dire un peu plus sur vos transports${NBSP}: le type de charges, les régions où vous travaillez et la façon dont vous planifiez aujourd'hui vos itinéraires et vos permis? Si vous le préférez, répondez-moi en indiquant un moment qui vous convient, et nous pourrons en discuter lors d'un court appel.`,
    `D'ici là, ${ASSISTANT_NAME}, notre assistant IA sur le site, peut répondre à vos questions générales sur les itinéraires, les permis et la conformité.`,
    FR_SIGN_OFF,
  ].join("\n\n");
  const replies = { general } as Record<CannedReplyKey, string>;
  for (const group of platform.fr.planGroups) replies[group.planType] = frenchPlanReply(group);
  return replies;
}

/** The texts the table is seeded with, in one language. */
export function defaultCannedReplies(language: Locale = "en"): Record<CannedReplyKey, string> {
  return language === "fr" ? frenchReplies() : englishReplies();
}

export class CannedReplies {
  constructor(
    private readonly db: Db,
    private readonly audit: Audit,
  ) {}

  /**
   * Every canned reply in every language: general first, then the plan types, English before
   * French within each; one never stored yet gets its default (stored now).
   */
  async list(): Promise<CannedReply[]> {
    let rows = await this.db.selectFrom("canned_replies").selectAll().execute();
    if (rows.length < CANNED_REPLY_KEYS.length * LOCALES.length) {
      const now = nowIso();
      await this.db
        .insertInto("canned_replies")
        .values(
          LOCALES.flatMap((language) => {
            const defaults = defaultCannedReplies(language);
            return CANNED_REPLY_KEYS.map((key) => ({ key, language, body: defaults[key], updated_at: now, updated_by: null }));
          }),
        )
        .onConflict((conflict) => conflict.columns(["key", "language"]).doNothing())
        .execute();
      rows = await this.db.selectFrom("canned_replies").selectAll().execute();
    }
    const byKey = new Map(rows.map((row) => [`${row.key} ${row.language}`, row]));
    return CANNED_REPLY_KEYS.flatMap((key) =>
      LOCALES.flatMap((language) => {
        const row = byKey.get(`${key} ${language}`);
        return row ? [{ key, language, body: row.body, updated_at: row.updated_at, updated_by: row.updated_by }] : [];
      }),
    );
  }

  /** One canned reply in one language. */
  async get(key: CannedReplyKey, language: Locale): Promise<CannedReply | undefined> {
    return (await this.list()).find((reply) => reply.key === key && reply.language === language);
  }

  /** Replaces one canned reply's text in one language, audited with the language and its length before and after. False when unchanged. */
  async update(key: CannedReplyKey, language: Locale, body: string, member: string): Promise<boolean> {
    const before = await this.get(key, language);
    if (before?.body === body) return false;
    await this.db.transaction().execute(async (trx) => {
      await trx.updateTable("canned_replies").set({ body, updated_at: nowIso(), updated_by: member }).where("key", "=", key).where("language", "=", language).execute();
      await this.audit.record(trx, { actor: member, action: "canned-reply", subject: key, detail: { language, before: before?.body.length ?? 0, after: body.length } });
    });
    return true;
  }
}
