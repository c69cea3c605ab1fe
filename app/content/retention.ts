/**
 * How long a raw page view is kept before only the anonymous daily totals remain: the default of
 * ANALYTICS_RAW_RETENTION_DAYS, stated by the Privacy Policy in each language.
 */
export const PAGE_VIEW_RETENTION_DAYS = 30;
