/**
 * axe-core on every public and patient route (logged out and logged in) at phone and desktop
 * width, and on every modal and dialog while it is open: no serious or critical violation may
 * remain. A failure lists each rule id with the elements it flagged, so it can be fixed
 * straight away. The staff console's pages: accessibility-console.e2e.ts.
 */
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { createActivatedPatient, loginThroughUi } from './support/accounts';
import { checkDialog, checkRoute, seriousViolations } from './support/axe';
import { DESKTOP, launchBrowser, newContext, PHONE } from './support/browser';
import { PATIENT_PATHS, PUBLIC_PATHS, type PublicPath } from '../web/src/app/paths';
import { PAGE_HEADINGS } from './support/pages';
import { pickFreeDay } from './support/booking';
import { dialogSays } from './support/dialogs';

jest.setTimeout(120_000);

/**
 * The pages to open: every path of the site (web/src/app/paths.ts, which routes.tsx must
 * cover), with an example for the paths built from a product id or the query string.
 */
type Example = [address: string, heading: string | RegExp];
const EXAMPLES: Partial<Record<PublicPath, Example[]>> = {
  '/signup': [
    ['/signup', 'Sign Up'],
    ['/signup?mode=login', 'Login'],
  ],
  // Signed out, the account check sends the visitor to sign up.
  '/auth': [['/auth', 'Sign Up']],
  '/product/:id': [['/product/paracetamol', 'Paracetamol']],
  '/checkout': [['/checkout?name=Paracetamol&quantity=2', PAGE_HEADINGS['/checkout']]],
  '/unsubscribe': [['/unsubscribe?token=made-up.token', PAGE_HEADINGS['/unsubscribe']]],
  // A code no prescription has: the page's 'Not found' verdict (record.e2e.ts checks a genuine one).
  '/rx/:code': [['/rx/ZZZZ2222', PAGE_HEADINGS['/rx/:code']]],
};
const PUBLIC_ROUTES = PUBLIC_PATHS.flatMap((path): Example[] => {
  const examples = EXAMPLES[path] ?? (path in PAGE_HEADINGS ? [[path, PAGE_HEADINGS[path as keyof typeof PAGE_HEADINGS]]] : []);
  if (examples.length === 0) throw new Error(`${path}: add an example address and its heading to EXAMPLES`);
  return examples;
});

let browser: Browser;
let context: BrowserContext;
let page: Page;
beforeAll(async () => {
  browser = await launchBrowser();
  context = await newContext(browser, PHONE);
  page = await context.newPage();
});
afterAll(async () => {
  await browser?.close();
});

describe('axe on every public route, logged out, at 390 and 1280 px', () => {
  it.each(PUBLIC_ROUTES)('when %s is opened, then axe finds no serious or critical violation', async (path, heading) => {
    expect(await checkRoute(page, path, heading)).toEqual([]);
  });
});

describe('axe on dialogs a visitor can open', () => {
  it('when the phone menu drawer is open, then axe finds no serious or critical violation', async () => {
    await page.setViewportSize(PHONE);
    await page.goto('/faqs');
    await page.getByRole('button', { name: 'Open menu' }).click();
    expect(await checkDialog(page, 'menu drawer', page.getByRole('dialog', { name: 'Menu' }))).toEqual([]);
  });

  it('when the About us team modal is open, then axe finds no serious or critical violation', async () => {
    await page.setViewportSize(PHONE);
    await page.goto('/about-us');
    await page.getByRole('button', { name: 'View profile of Esi Quaye, RN' }).click();
    expect(await checkDialog(page, 'about team modal', page.getByRole('dialog', { name: 'Esi Quaye, RN' }))).toEqual([]);
  });

  it('when an E-library video is open, then axe finds no serious or critical violation', async () => {
    await page.setViewportSize(DESKTOP);
    await page.goto('/e-library');
    await page.locator('.video-thumb').first().click();
    expect(await checkDialog(page, 'e-library video modal', page.getByRole('dialog'))).toEqual([]);
  });

  it('when the Make Enquiries modal shows its field errors, then axe finds no serious or critical violation', async () => {
    await page.setViewportSize(PHONE);
    await page.goto('/contact-us');
    await page.getByRole('button', { name: 'Make Enquiries' }).click();
    const dialog = page.getByRole('dialog', { name: 'Make Enquiries' });
    await dialog.getByRole('button', { name: 'Submit Enquiry' }).click();
    await dialog.locator('.field.invalid').first().waitFor();
    expect(await checkDialog(page, 'Make Enquiries modal', dialog)).toEqual([]);
  });

  it('when the contact form answers Oops, then axe finds no serious or critical violation in the SweetAlert2 dialog', async () => {
    await page.setViewportSize(PHONE);
    await page.goto('/contact-us');
    await page.getByRole('textbox', { name: 'Your Name', exact: true }).fill('Yaw Asante');
    await page.getByRole('textbox', { name: 'Your Name', exact: true }).press('Enter');
    expect(await checkDialog(page, 'SweetAlert2 Oops', page.locator('.swal2-popup'))).toEqual([]);
  });
});

describe('axe for a logged-in patient', () => {
  let patientPage: Page;
  beforeAll(async () => {
    const patient = await createActivatedPatient();
    patientPage = await (await newContext(browser, PHONE)).newPage();
    await loginThroughUi(patientPage, patient);
  });

  it.each([...PATIENT_PATHS, '/appointment-page' as const])(
    'when %s is opened, then axe finds no serious or critical violation',
    async (path) => {
      expect(await checkRoute(patientPage, path, PAGE_HEADINGS[path])).toEqual([]);
    },
  );

  it('when the dashboard menu is open on a phone, then axe finds no serious or critical violation', async () => {
    await patientPage.setViewportSize(PHONE);
    await patientPage.goto('/dashboard/profile');
    await patientPage.getByRole('button', { name: 'Open dashboard menu' }).click();
    const menu = patientPage.getByRole('button', { name: 'Close dashboard menu' });
    expect(await checkDialog(patientPage, 'dashboard menu', menu)).toEqual([]);
  });

  it('when the payment modal shows the sandbox checkout, then axe finds no serious or critical violation', async () => {
    await patientPage.setViewportSize(PHONE);
    await patientPage.goto('/packages');
    // The Free package starts a trial with no payment: a paid package opens the checkout.
    await patientPage.getByRole('button', { name: /Subscribe now.*Student/ }).click();
    const modal = patientPage.getByRole('dialog', { name: 'Make Payment' });
    await patientPage.frameLocator('iframe[title="Secure checkout"]').getByRole('button', { name: 'Pay' }).waitFor();
    expect(await checkDialog(patientPage, 'payment modal', modal)).toEqual([]);
    // axe reaches no cross-origin frame (support/axe.ts): the checkout is checked as a page at the frame's size.
    const frame = patientPage.locator('iframe[title="Secure checkout"]');
    const { width, height } = (await frame.boundingBox())!;
    // A plain page of its own (the site's pages wait for the app to say it is ready; the provider's does not).
    const checkout = await browser.newPage({ viewport: { width: Math.round(width), height: Math.round(height) } });
    await checkout.goto((await frame.getAttribute('src'))!);
    await checkout.getByRole('button', { name: 'Pay' }).waitFor();
    expect(await seriousViolations(checkout, 'sandbox checkout')).toEqual([]);
    await checkout.close();
    await modal.getByRole('button', { name: 'Close' }).click();
    await patientPage.locator('.swal2-popup').waitFor();
    expect(await checkDialog(patientPage, 'payment not completed dialog', patientPage.locator('.swal2-popup'))).toEqual([]);
  });

  it('when a booked appointment’s detail is open on the dashboard, then axe finds no serious or critical violation', async () => {
    await patientPage.setViewportSize(DESKTOP);
    await patientPage.goto('/appointment-page');
    const form = patientPage.getByRole('form', { name: 'Book an appointment' });
    // SELF names the patient from the profile once the session has loaded it.
    await form.getByText(/^From your profile\./).waitFor();
    await form.getByLabel('Service').selectOption({ label: 'Nursing Home Care' });
    await form.getByLabel(/^Street address or landmark/).fill('House 12, Oxford Street, Osu');
    await pickFreeDay(form);
    await form.getByRole('button', { name: 'Submit' }).click();
    expect(await checkDialog(patientPage, 'Submit Appointment? dialog', patientPage.locator('.swal2-popup'))).toEqual([]);
    await patientPage.locator('.swal2-confirm').click();
    await dialogSays(patientPage, 'Saved!');
    await patientPage.locator('.swal2-confirm').click();

    await patientPage.goto('/dashboard');
    await patientPage.getByRole('button', { name: /Nursing Home Care/ }).click();
    await patientPage.getByRole('button', { name: 'Cancel' }).waitFor();
    expect(await seriousViolations(patientPage, 'appointment detail @1280')).toEqual([]);
    await patientPage.setViewportSize(PHONE);
    expect(await seriousViolations(patientPage, 'appointment detail @390')).toEqual([]);
  });

  it('when the booking form shows a doctor’s free days and times, then axe finds no serious or critical violation', async () => {
    await patientPage.setViewportSize(PHONE);
    await patientPage.goto('/appointment-page');
    const form = patientPage.getByRole('form', { name: 'Book an appointment' });
    await form.getByLabel('Service').selectOption({ label: 'Virtual Consultation (Telemedicine)' });
    await form.getByLabel('Doctor').selectOption('dr-boateng');
    await pickFreeDay(form);
    await form.getByRole('radiogroup', { name: /^Preferred Time/ }).waitFor();
    expect(await seriousViolations(patientPage, 'booking form with the slot picker @390')).toEqual([]);
    await patientPage.setViewportSize(DESKTOP);
    expect(await seriousViolations(patientPage, 'booking form with the slot picker @1280')).toEqual([]);
  });
});

describe('reduced motion', () => {
  it('when the visitor prefers reduced motion, then the counters show their figures at once and the carousel stands still', async () => {
    const still = await newContext(browser, PHONE, { reducedMotion: 'reduce' });
    const home = await still.newPage();
    await home.goto('/');
    const stats = home.locator('#stats .stat-value');
    await stats.first().waitFor();
    // Read before the list has ever been scrolled into view: no count-up is waiting for it.
    expect(await stats.allTextContents()).toEqual(['50+', '20+', '50+', '10K+']);

    const carousel = home.getByRole('region', { name: 'Client testimonials' });
    await carousel.getByRole('button', { name: 'Start automatic slide show' }).waitFor();
    const motion = await home.evaluate(() => {
      const probe = document.createElement('div');
      probe.style.transition = 'opacity 2s';
      document.body.append(probe);
      const ms = parseFloat(getComputedStyle(probe).transitionDuration) * 1000;
      probe.remove();
      return ms;
    });
    expect(motion).toBeLessThan(1);
    await still.close();
  });
});
