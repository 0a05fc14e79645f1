/**
 * Every address of the site, in one place: routes.tsx must give each one a page (the type
 * checker refuses a missing or an unknown one), and the accessibility test opens each one.
 * No imports: the end-to-end tests read this file under Node.
 */

/** Pages anyone may open. */
export const PUBLIC_PATHS = [
  '/',
  '/packages',
  '/signup',
  '/auth',
  '/careers',
  '/about-us',
  '/appointment',
  '/appointment-page',
  '/products',
  '/product/:id',
  '/checkout',
  '/gallery',
  '/e-library',
  '/specialists',
  '/faqs',
  '/contact-us',
  '/privacy',
  '/unsubscribe',
] as const;

/** Pages of the signed-in patient's dashboard. */
export const PATIENT_PATHS = ['/dashboard', '/dashboard/profile'] as const;

export type PublicPath = (typeof PUBLIC_PATHS)[number];
export type PatientPath = (typeof PATIENT_PATHS)[number];

/**
 * Public pages whose HTML is rendered at build time (prerender.mjs), so a phone paints the
 * page before any script arrives. Pages that show a signed-in patient's data, or that are
 * built from the query string or a product id, are rendered in the browser only.
 */
export const PRERENDERED_PATHS: PublicPath[] = [
  '/',
  '/packages',
  '/signup',
  '/careers',
  '/about-us',
  '/appointment',
  '/appointment-page',
  '/products',
  '/gallery',
  '/e-library',
  '/specialists',
  '/faqs',
  '/contact-us',
  '/privacy',
];
