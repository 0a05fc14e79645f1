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
  '/rx',
  '/rx/:code',
] as const;

/** Pages of the signed-in patient's dashboard. */
export const PATIENT_PATHS = ['/dashboard', '/dashboard/records', '/dashboard/profile'] as const;

/**
 * The staff console (docs/roles-and-audit.md): signed out, /staff is its sign-in; each
 * page is in the console's own chunks, which no public or patient page loads.
 */
export const STAFF_PATHS = [
  '/staff',
  '/staff/appointments',
  '/staff/appointments/:appointmentId',
  '/staff/book',
  '/staff/day-sheet',
  '/staff/visits',
  '/staff/rebooking',
  '/staff/inbox',
  '/staff/orders',
  '/staff/refunds',
  '/staff/callbacks',
  '/staff/patients',
  '/staff/patients/:patientId',
  '/staff/records/:patientId',
  '/staff/schedule',
  '/staff/closures',
  '/staff/capacity',
  '/staff/roles',
  '/staff/audit',
] as const;

/**
 * The video visit (docs/visits.md): one page for the patient and the doctor who hosts it,
 * signed in either way; the server decides who may join. Its chunk alone loads Firestore.
 */
export const VISIT_PATHS = ['/visit/:appointmentId'] as const;

export type PublicPath = (typeof PUBLIC_PATHS)[number];
export type PatientPath = (typeof PATIENT_PATHS)[number];
export type StaffPath = (typeof STAFF_PATHS)[number];
export type VisitPath = (typeof VISIT_PATHS)[number];

/** Public pages built from the query string or a product id: rendered in the browser only. */
const BROWSER_ONLY: PublicPath[] = ['/auth', '/product/:id', '/checkout', '/unsubscribe', '/rx/:code'];

/**
 * Public pages whose HTML is rendered at build time (prerender.mjs), so a phone paints the
 * page before any script arrives: every public page but the browser-only ones. Pages that
 * show a signed-in patient's data are never prerendered.
 */
export const PRERENDERED_PATHS: PublicPath[] = PUBLIC_PATHS.filter((path) => !BROWSER_ONLY.includes(path));
