/**
 * The main journeys with the browser's console and network watched (docs/testing.md): public
 * pages, sign-up, booking and paying in the sandbox's frame, the dashboard, the desk's payment
 * link closed by a cash payment (the patient's phone opens it afterwards), and the staff
 * console. Any console error, failed request or 4xx/5xx answer fails the journey, except the
 * few a journey expects, listed in EXPECTED with why.
 */
import type { Page, Response } from 'playwright-core';
import { formatDate } from '../functions/src/api/format';
import { adminDb } from './support/admin';
import { createActivatedPatient, idTokenFor, signUpAndVerify } from './support/accounts';
import { freeSlotOf, pickFreeSlot } from './support/booking';
import { DESKTOP, newContext, PHONE, SITE_URL, useBrowser } from './support/browser';
import { dialogSays } from './support/dialogs';
import { PAGE_HEADINGS, pageShows } from './support/pages';
import { seededDoctorId, STAFF_LOGINS, STAFF_PASSWORD, staffSignIn } from './support/staff';

jest.setTimeout(150_000);

const browser = useBrowser();
/** As a visitor's browser runs the site: with the offline shell's service worker (its errors would show here). */
const WITH_WORKER = { serviceWorkers: 'allow' } as const;

/** An answer a journey expects to fail, and why it is right that it does. */
interface Expected {
  method: string;
  path: RegExp;
  status: number;
  why: string;
}

/**
 * None today: every request of these journeys answers below 400. An answer a journey must get
 * (a refusal it walks into on purpose) is added here with its reason, never silenced wholesale.
 */
const EXPECTED: Expected[] = [];

/** What went wrong on a page: console errors, requests that failed, answers of 400 or more. */
function watch(page: Page): string[] {
  const problems: string[] = [];
  const expected = (method: string, url: string, status: number) =>
    EXPECTED.some((e) => e.method === method && e.status === status && e.path.test(new URL(url).pathname));
  page.on('console', (message) => {
    if (message.type() === 'error') problems.push(`console error on ${page.url()}: ${message.text()}`);
  });
  page.on('pageerror', (error) => problems.push(`uncaught on ${page.url()}: ${error.message}`));
  page.on('requestfailed', (request) => {
    const why = request.failure()?.errorText ?? '';
    // A navigation away aborts what the page was still loading: not a failure of the site.
    if (why === 'net::ERR_ABORTED') return;
    problems.push(`request failed: ${request.method()} ${request.url()} (${why})`);
  });
  page.on('response', (response: Response) => {
    const status = response.status();
    if (status < 400 || expected(response.request().method(), response.url(), status)) return;
    problems.push(`${status} for ${response.request().method()} ${response.url()}`);
  });
  return problems;
}

const PUBLIC_PAGES = ['/', '/packages', '/about-us', '/specialists', '/faqs', '/contact-us', '/products', '/rx'] as const;

const form = (page: Page) => page.getByRole('form', { name: 'Book an appointment' });

async function staffPost<T>(path: string, body: unknown): Promise<T> {
  const res = await fetch(`${SITE_URL}/api${path}`, {
    method: 'POST',
    headers: {
      'Content-Type': 'application/json',
      Authorization: `Bearer ${await idTokenFor(STAFF_LOGINS.staff, STAFF_PASSWORD)}`,
    },
    body: JSON.stringify(body),
  });
  const envelope = (await res.json()) as { msg: string; data: T };
  if (!res.ok) throw new Error(`POST ${path} answered ${res.status}: ${envelope.msg}`);
  return envelope.data;
}

describe('the main journeys, with the console and the network watched', () => {
  it('when a visitor reads the public pages, signs up, books and pays in the frame, then nothing fails and the console stays clean', async () => {
    const page = await (await newContext(browser(), PHONE, WITH_WORKER)).newPage();
    const problems = watch(page);
    for (const path of PUBLIC_PAGES) {
      await page.goto(path);
      await pageShows(page, PAGE_HEADINGS[path]);
    }
    const patient = await signUpAndVerify(page);
    await pageShows(page, PAGE_HEADINGS['/dashboard']);

    await page.goto('/appointment-page');
    await form(page).getByText(`${patient.firstName} ${patient.lastName}`, { exact: true }).waitFor();
    await form(page).getByLabel('Service').selectOption({ label: 'Virtual Consultation (Telemedicine)' });
    await form(page).getByLabel('Doctor').selectOption('dr-owusu');
    await pickFreeSlot(form(page));
    await form(page).getByLabel('Health Problem').fill('A cough for a week.');
    await form(page).getByRole('button', { name: 'Submit' }).click();
    await dialogSays(page, 'Submit Appointment?');
    await page.locator('.swal2-confirm').click();
    await page.getByRole('dialog', { name: 'Make Payment' }).waitFor();
    const frame = page.frameLocator('iframe[title="Secure checkout"]');
    await frame.getByLabel('Network').selectOption('MTN');
    await frame.getByLabel('Mobile Money number').fill('0244123456');
    await frame.getByRole('button', { name: 'Pay' }).click();
    await dialogSays(page, 'Payment Successful', 20_000);
    await page.locator('.swal2-confirm').click();

    await page.goto('/dashboard/records');
    await pageShows(page, PAGE_HEADINGS['/dashboard/records']);
    await page.goto('/dashboard/profile');
    await pageShows(page, PAGE_HEADINGS['/dashboard/profile']);
    expect(problems).toEqual([]);
  });

  it('when the desk texts a payment link and then takes cash, then the link takes nothing and the page it returns to says so in words', async () => {
    const phone = `055${String(Math.floor(Math.random() * 1e7)).padStart(7, '0')}`;
    const person = await staffPost<{ patientId: string }>('/staff/patients', {
      firstName: 'Esi',
      lastName: 'Quaye',
      contactNumber: phone,
    });
    // Proved as the desk's code would prove it (front-desk.e2e.ts walks that screen).
    await adminDb().collection('patients').doc(person.patientId).update({ phoneVerifiedAt: new Date().toISOString() });
    const doctorId = await seededDoctorId();
    const slot = await freeSlotOf(doctorId);
    const booked = await staffPost<{ clientReference: string }>('/staff/appointments', {
      patientId: person.patientId,
      location: 'Accra',
      requestedServiceId: 1,
      doctorId,
      requestedDay: slot.day,
      requestedTime: slot.time,
    });
    const link = await staffPost<{ checkoutUrl: string }>(`/staff/payments/${booked.clientReference}/link`, {});
    await staffPost(`/staff/payments/${booked.clientReference}/record`, { method: 'cash' });

    // The caller opens the texted link afterwards on their phone: the provider's page is closed.
    const phonePage = await (await browser().newContext({ viewport: PHONE })).newPage();
    const problems = watch(phonePage);
    await phonePage.goto(link.checkoutUrl);
    await phonePage.getByText('The merchant closed this checkout: nothing can be paid here, and nothing was taken.').waitFor();
    await phonePage.getByRole('link', { name: 'Back to the merchant' }).click();
    await phonePage.waitForURL((url) => url.pathname.startsWith('/payment-return'));
    await phonePage
      .getByRole('status')
      .getByText(`This payment was already settled at the clinic on ${formatDate(new Date())}; nothing was taken.`)
      .waitFor();
    expect(problems).toEqual([]);
  });

  it('when staff sign in and open the day and the patient, then nothing fails and the console stays clean', async () => {
    const patient = await createActivatedPatient();
    const page = await (await newContext(browser(), DESKTOP, WITH_WORKER)).newPage();
    const problems = watch(page);
    await staffSignIn(page, 'staff');
    await pageShows(page, PAGE_HEADINGS['/staff']);
    await page.goto(`/staff/patients?q=${encodeURIComponent(patient.email)}`);
    await page
      .getByRole('link', { name: `${patient.firstName} ${patient.lastName}` })
      .first()
      .click();
    await pageShows(page, `${patient.firstName} ${patient.lastName}`);
    await page.goto('/staff/refunds');
    await pageShows(page, PAGE_HEADINGS['/staff/refunds']);
    expect(problems).toEqual([]);
  });
});
