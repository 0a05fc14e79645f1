/**
 * How a test knows that the page it opened is there: its own level-1 heading, in its main
 * landmark. Never "any heading": a page that crashed, is still loading or sent the person
 * elsewhere has a heading too (the console's loading state, the sign-in form), and a wait on
 * any heading races with what the page does next (axe once ran on the Staff & roles
 * crash screen, or timed out on it, depending on which came first).
 */
import type { Page } from 'playwright-core';
import type { PatientPath, PublicPath, StaffPath } from '../../web/src/app/paths';

type SitePath = PublicPath | PatientPath | StaffPath;
/** Paths whose heading comes from their data or the person's state: the test that opens them names it. */
type HeadingFromData =
  '/auth' | '/product/:id' | '/staff/appointments/:appointmentId' | '/staff/patients/:patientId' | '/staff/records/:patientId';

/** Each page's level-1 heading once it has loaded (a path added to web/src/app/paths.ts must be added here). */
export const PAGE_HEADINGS: Record<Exclude<SitePath, HeadingFromData>, string | RegExp> = {
  '/': 'Welcome to ExpMed Health: quality care wherever you are in Ghana',
  '/packages': 'Our Pricing Plans',
  '/signup': 'Sign Up',
  '/careers': 'Work with us',
  '/about-us': /^Caring for Ghanaian families at home and online since \d{4}$/,
  '/appointment': 'Book Appointment',
  '/appointment-page': 'Book Appointment',
  '/products': 'Health Products',
  '/checkout': 'Checkout',
  '/gallery': 'Our work in pictures',
  '/e-library': 'Medical video library',
  '/specialists': 'Find a specialist',
  '/faqs': 'Frequently asked questions',
  '/contact-us': 'Contact Us',
  '/privacy': 'How we look after your information',
  '/unsubscribe': 'Unsubscribe from our newsletter',
  '/rx': 'Check a prescription',
  '/rx/:code': 'Check a prescription',
  '/dashboard': 'Appointments',
  '/dashboard/records': 'Prescriptions & results',
  '/dashboard/profile': 'Profile',
  '/staff': 'Overview',
  '/staff/appointments': 'Appointments',
  '/staff/book': 'Book for a patient',
  '/staff/day-sheet': /^Day sheet/,
  '/staff/visits': 'My visits',
  '/staff/rebooking': 'Needs rebooking',
  '/staff/closures': 'Closures',
  '/staff/inbox': 'Inbox',
  '/staff/orders': 'Orders',
  '/staff/refunds': 'Refunds',
  '/staff/callbacks': 'Call-backs',
  '/staff/patients': 'Patients',
  '/staff/schedule': 'Schedule',
  '/staff/capacity': 'Capacity',
  '/staff/roles': 'Staff & roles',
  '/staff/audit': 'Audit log',
};

/** The page's own level-1 heading, in its main landmark. */
export const pageHeading = (page: Page, heading: string | RegExp) =>
  page.getByRole('main').getByRole('heading', { level: 1, name: heading, exact: typeof heading === 'string' });

/** Waits until the page shows its own heading: it has loaded (a failure names the page it was on instead). */
export async function pageShows(page: Page, heading: string | RegExp): Promise<void> {
  await pageHeading(page, heading).waitFor();
}
