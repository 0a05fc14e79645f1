/**
 * The two prices the site states in its text and the server charges. Only the server decides
 * what is charged (from these and the catalog); the site shows them. No imports: bundled too.
 */

/** The 'Free' package is a 30-day trial, then this many GHS a month (docs/packages.md). */
export const FREE_PACKAGE_AMOUNT = 99;

/** The one currency of every price, payment and refund here (the provider's code for cedis). */
export const CURRENCY = 'GHS' as const;
export type Currency = typeof CURRENCY;

/** Dietary management by video costs this many GHS; the home visit is free. */
export const DIETARY_VIRTUAL_FEE = 79;
