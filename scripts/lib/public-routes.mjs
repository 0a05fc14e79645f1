// @ts-check
/**
 * The public pages a visitor on a phone opens first (issue 39): `npm run perf` measures each
 * and scripts/bundle-budget.mjs holds each to its first-load JavaScript budget (gzip).
 * Targets (docs/performance.md): Lighthouse mobile performance >= 98, TBT <= 150 ms,
 * LCP <= 1.5 s, CLS 0.
 */
export const PUBLIC_ROUTES = [
  '/',
  '/about-us',
  '/packages',
  '/specialists',
  '/appointment-page',
  '/signup',
  '/contact-us',
  '/faqs',
  '/products',
  '/e-library',
  '/rx',
];

/** First-load JS budget per page, gzip bytes (issue 39): 100 KB for the home page, 120 KB for every other. */
export const jsBudgetBytes = (/** @type {string} */ path) => (path === '/' ? 100 : 120) * 1024;
