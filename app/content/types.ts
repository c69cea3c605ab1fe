/** Shapes shared by the content modules. Plain data only: no JSX, no helpers. */
import type { Locale } from "~/shared/i18n/locale";

export interface ContentCard {
  title: string;
  description: string;
  items?: readonly string[];
}

/** Fields that name a place or a kind, not words: the same in every language. */
type Untranslated = "id" | "planType" | "to" | "path";

/**
 * A content module's text in another language: the English module's shape, with any words in
 * place of each string (the fields of `Untranslated` excepted) and arrays of the same shape (a
 * tuple keeps its length), so a missing or extra field fails the type-check.
 */
export type Translation<T> = T extends string
  ? string
  : T extends number | boolean | null | undefined
    ? T
    : { readonly [K in keyof T]: K extends Untranslated ? T[K] : Translation<T[K]> };

/** A content module in every language (decision 0131): `home[getLocale()]`. */
export type InEveryLanguage<T> = Readonly<Record<Locale, Translation<T>>>;
