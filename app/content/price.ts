/**
 * A plan's price written the way its language writes it: "$20/month", "$299", "Custom" in English
 * (as spec §9 writes them), "20 $/mois", "299 $", "Sur mesure" in Canadian French. The pages, the
 * chat's knowledge base and the team's replies all write prices through this one function.
 */
import type { Price } from "~/content/platform";
import * as m from "~/paraglide/messages.js";
import { LANGUAGE_TAG, type Locale } from "~/shared/i18n/locale";

export function formatPrice(price: Price, locale: Locale): string {
  if (price.usd === null) return m.plan_price_custom({}, { locale });
  // The narrow symbol: "$20" and "20 $", not "US$20" or "20 $ US" (the site's prices are all in US dollars).
  const amount = new Intl.NumberFormat(LANGUAGE_TAG[locale], { style: "currency", currency: "USD", currencyDisplay: "narrowSymbol", maximumFractionDigits: 0 }).format(price.usd);
  return price.monthly ? m.plan_price_monthly({ price: amount }, { locale }) : amount;
}
