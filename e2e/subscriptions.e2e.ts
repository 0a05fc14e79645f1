/**
 * Packages that live (docs/packages.md) end to end: the free trial started from the packages page,
 * a virtual consultation the package covers (no payment step), renewal paid in the sandbox's
 * checkout frame, and axe on the profile's package and family cards.
 */
import { Timestamp } from 'firebase-admin/firestore';
import { formatDate } from '../functions/src/api/format';
import type { Page } from 'playwright-core';
import { adminDb, waitUntil } from './support/admin';
import { createActivatedPatient, idTokenFor, loginThroughUi, openBookingForm, type TestPatient } from './support/accounts';
import { seriousViolations, settle } from './support/axe';
import { DESKTOP, PHONE, SITE_URL, newContext, useBrowser } from './support/browser';
import { pickFreeSlot } from './support/booking';
import { PAGE_HEADINGS } from './support/pages';
import { dialogSays } from './support/dialogs';

jest.setTimeout(120_000);

const browser = useBrowser();
const DAY_MS = 86_400_000;

interface StoredSubscription {
  id: string;
  packageId: string;
  status?: string;
  paymentStatus: string;
  periodEnd: Timestamp;
}
const subscriptionsOf = async (uid: string) =>
  (await adminDb().collection('subscriptions').where('patientId', '==', uid).get()).docs.map(
    (d) => ({ id: d.id, ...d.data() }) as StoredSubscription,
  );
const appointmentsOf = async (uid: string) =>
  (await adminDb().collection('appointments').where('patientId', '==', uid).get()).docs.map((d) => d.data());

/** A call to the API as the patient (test setup only; the tests act through the page). */
async function asPatient<T>(patient: TestPatient, path: string, body: unknown): Promise<T> {
  const res = await fetch(`${SITE_URL}/api${path}`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', Authorization: `Bearer ${await idTokenFor(patient.email, patient.password)}` },
    body: JSON.stringify(body),
  });
  const envelope = (await res.json()) as { msg: string; data: T };
  if (!res.ok) throw new Error(`POST ${path} answered ${res.status}: ${envelope.msg}`);
  return envelope.data;
}

/** A patient on the Free package's trial, started through the API. */
async function patientOnTrial(): Promise<TestPatient & { uid: string; subscriptionId: string }> {
  const patient = await createActivatedPatient();
  const subscription = await asPatient<{ id: string }>(patient, '/subscriptions', { packageId: 'individual' });
  return { ...patient, subscriptionId: subscription.id };
}

/** Logs the patient in, sent on to `path` (without it, to the dashboard). */
async function loggedIn(patient: TestPatient, viewport = PHONE, path?: string): Promise<Page> {
  const page = await (await newContext(browser(), viewport)).newPage();
  await loginThroughUi(page, patient, path);
  return page;
}

const dialogText = (page: Page) => page.locator('.swal2-html-container');
const packageCard = (page: Page) => page.getByRole('region', { name: 'My package' });

describe('the free trial', () => {
  it('when a patient picks Get Started on the Free package, then the trial starts with no payment step and the profile shows Trial and its end', async () => {
    const patient = await createActivatedPatient();
    const page = await loggedIn(patient, PHONE, '/packages');
    await page.getByRole('button', { name: /Get Started/ }).click();

    await dialogSays(page, 'Your free trial has started', 20_000);
    const [stored] = await subscriptionsOf(patient.uid);
    expect(stored).toMatchObject({ packageId: 'individual', status: 'Trial', paymentStatus: 'Trial' });
    const end = stored.periodEnd.toDate();
    expect(end.getTime() - Date.now()).toBeGreaterThan(29 * DAY_MS);
    const endText = formatDate(end);
    await expect(dialogText(page).textContent()).resolves.toContain(`free until ${endText}`);
    expect(await page.getByRole('dialog', { name: 'Make Payment' }).count()).toBe(0);

    await page.locator('.swal2-confirm').click();
    await page.waitForURL(`${SITE_URL}/dashboard/profile`);
    const card = packageCard(page);
    await card.getByText('Individual Package').waitFor();
    await card.getByText('Trial', { exact: true }).waitFor();
    await expect(card.textContent()).resolves.toContain(`to ${endText}`);
  });
});

describe('a covered virtual consultation', () => {
  it('when a patient on a trial books a virtual consultation, then the form says it is covered, there is no payment step, and the dashboard shows the cover', async () => {
    const patient = await patientOnTrial();
    const page = await loggedIn(patient, DESKTOP);
    const form = await openBookingForm(page, patient);
    await form.getByLabel('Service').selectOption({ label: 'Virtual Consultation (Telemedicine)' });
    await form.getByLabel('Doctor').selectOption('dr-owusu');
    await pickFreeSlot(form);
    await form.getByText(/Covered by your Individual Package: nothing to pay/).waitFor();
    // One truth: the page shows no fee for it, and the confirmation says the same sentence.
    expect(await form.getByText(/Paid online|unless your package covers it/).count()).toBe(0);
    // Nor does the list of doctors: no fee beside any of them.
    expect(await form.getByLabel('Doctor').locator('option', { hasText: 'GHS' }).count()).toBe(0);
    expect(await form.getByLabel('Doctor').locator('option[value="dr-owusu"]').textContent()).toMatch(/^Dr \S.*\S$/);
    await form.getByRole('button', { name: 'Submit' }).click();
    await dialogSays(page, 'Submit Appointment?');
    await expect(dialogText(page).textContent()).resolves.toMatch(/Covered by your Individual Package: nothing to pay/);
    await expect(dialogText(page).textContent()).resolves.not.toMatch(/GHS|unless your package/);
    await page.getByRole('button', { name: 'Yes' }).click();

    await dialogSays(page, 'Saved!', 20_000);
    const [stored] = await waitUntil(
      () => appointmentsOf(patient.uid),
      (list) => list.length === 1,
    );
    expect(stored).toMatchObject({ requestedServiceId: 1, requiresPayment: false, coveredBy: patient.subscriptionId });
    const note = (stored as { coverage: { note: string } }).coverage.note;
    await expect(dialogText(page).textContent()).resolves.toContain(note);
    expect(await page.getByRole('dialog', { name: 'Make Payment' }).count()).toBe(0);
    await page.locator('.swal2-confirm').click();

    await page.goto('/dashboard');
    await page
      .getByRole('button', { name: /Virtual Consultation/ })
      .first()
      .click();
    const detail = page.getByRole('article', { name: /Virtual Consultation/ });
    await detail.getByText(note).waitFor();
    await expect(detail.textContent()).resolves.toContain('Covered by your Individual Package');
    expect(await detail.getByRole('button', { name: 'Make Payment' }).count()).toBe(0);
  });
});

describe('renewal', () => {
  it('when the period ends within 5 days, then Renew pays the next period in the checkout frame and the period moves on 30 days', async () => {
    const patient = await patientOnTrial();
    // Setup: renewal opens 5 days before the end; bring the end to 3 days from now.
    const endsAt = new Date(Date.now() + 3 * DAY_MS);
    await adminDb()
      .collection('subscriptions')
      .doc(patient.subscriptionId)
      .update({
        periodStart: Timestamp.fromDate(new Date(endsAt.getTime() - 30 * DAY_MS)),
        periodEnd: Timestamp.fromDate(endsAt),
      });

    const page = await loggedIn(patient, PHONE, '/dashboard/profile');
    await packageCard(page).getByRole('button', { name: 'Renew', exact: true }).click();
    const modal = page.getByRole('dialog', { name: 'Make Payment' });
    await modal.waitFor();
    await expect(modal.locator('dl').textContent()).resolves.toContain('Renewal of Individual Package (GHS 99.00)');
    const frame = page.frameLocator('iframe[title="Secure checkout"]');
    await frame.getByLabel('Network').selectOption('MTN');
    await frame.getByLabel('Mobile Money number').fill('0244123456');
    await frame.getByRole('button', { name: 'Pay' }).click();
    await dialogSays(page, 'Payment Successful', 20_000);

    const [renewed] = await waitUntil(
      () => subscriptionsOf(patient.uid),
      (list) => list[0]?.status === 'Active',
    );
    const newEnd = renewed.periodEnd.toDate().getTime();
    expect(Math.round((newEnd - endsAt.getTime()) / DAY_MS)).toBe(30);
    await page.locator('.swal2-confirm').click();
    await packageCard(page).getByText('Active', { exact: true }).waitFor();
  });
});

describe('axe on the package and family cards', () => {
  it('when the profile shows a trial and a family member, and the packages page is open, then axe finds no serious or critical violation at 390 and 1280 px', async () => {
    const patient = await patientOnTrial();
    await asPatient(patient, `/patient/${patient.uid}/dependants`, {
      firstName: 'Kwesi',
      lastName: 'Owusu',
      relation: 'Child',
      dateOfBirth: '2015-04-02',
      gender: 'MALE',
    });
    const page = await loggedIn(patient);
    const found: string[] = [];
    for (const path of ['/dashboard/profile', '/packages'] as const) {
      for (const viewport of [PHONE, DESKTOP]) {
        await page.setViewportSize(viewport);
        await page.goto(path);
        await settle(page, PAGE_HEADINGS[path]);
        if (path === '/dashboard/profile') {
          await packageCard(page).getByText('Trial', { exact: true }).waitFor();
          await page.getByText('Kwesi Owusu').waitFor();
        }
        found.push(...(await seriousViolations(page, `${path} @${viewport.width}`)));
      }
    }
    expect(found).toEqual([]);
  });
});
