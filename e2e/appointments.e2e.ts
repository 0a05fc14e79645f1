/**
 * Appointments end to end: the real site through Hosting, the API in the Functions emulator,
 * Firestore and Auth emulators, and the payment sandbox in the checkout frame.
 */
import { appointmentStatusWords } from '../functions/src/api/statuses';
import { Timestamp } from 'firebase-admin/firestore';
import type { Page } from 'playwright-core';
import { adminDb } from './support/admin';
import { createActivatedPatient, type TestPatient } from './support/accounts';
import { pickFreeDay, pickFreeSlot } from './support/booking';
import { DESKTOP, useBrowser, newContext, PHONE, SITE_URL } from './support/browser';
import { dialogCloses, dialogSays } from './support/dialogs';

jest.setTimeout(90_000);

const browser = useBrowser();

const appointmentsOf = async (uid: string) =>
  (await adminDb().collection('appointments').where('patientId', '==', uid).get()).docs.map((d) => ({ id: d.id, ...d.data() }));

/** A day some weeks ahead, for services booked on a typed day (lab tests). */
const freshDay = () => new Date(Date.now() + (3 + Math.floor(Math.random() * 200)) * 86_400_000).toISOString().slice(0, 10);

const form = (page: Page) => page.getByRole('form', { name: 'Book an appointment' });

/**
 * Logs in on /signup like a patient does, sent on to `path` (the returnUrl a page's Log in link
 * gives): the site opens it without loading the dashboard and then the page again.
 */
async function loggedIn(patient: TestPatient, path: string, viewport = PHONE): Promise<Page> {
  const page = await (await newContext(browser(), viewport)).newPage();
  await page.goto(`/signup?returnUrl=${encodeURIComponent(path)}`);
  const login = page.getByRole('form', { name: 'Login' });
  await login.getByLabel(/^Email Address/).fill(patient.email);
  await login.locator('input[autocomplete="current-password"]').fill(patient.password);
  await login.getByRole('button', { name: 'Login' }).click();
  await page.waitForURL((url) => url.pathname === path);
  // SELF shows the patient's own details from the profile once the session has loaded it.
  if (path === '/appointment-page') await bookingFor(page, patient);
  return page;
}

/** The booking form names the signed-in patient (their profile as one line, not fields to retype). */
const bookingFor = (page: Page, patient: TestPatient) =>
  form(page).getByText(`${patient.firstName} ${patient.lastName}`, { exact: true }).waitFor({ timeout: 10_000 });

async function submitAndConfirm(page: Page) {
  await form(page).getByRole('button', { name: 'Submit' }).click();
  await dialogSays(page, 'Submit Appointment?');
  await page.locator('.swal2-confirm').click();
}

describe('booking an appointment', () => {
  it('when a visitor who is not logged in submits, then Oops / Please login to continue offers Log in back to this page', async () => {
    const page = await (await newContext(browser(), PHONE)).newPage();
    await page.goto('/appointment-page');
    await form(page).getByRole('button', { name: 'Submit' }).click();
    await dialogSays(page, 'Oops');
    expect(await page.locator('.swal2-html-container').textContent()).toBe('Please login to continue');
    await page.getByRole('button', { name: 'Log in' }).click();
    await page.waitForURL(`${SITE_URL}/signup?returnUrl=%2Fappointment-page`);
  });

  it('when a patient books a virtual consultation and pays by mobile money in the frame, then it is Paid at the doctor’s fee', async () => {
    const patient = await createActivatedPatient();
    const page = await loggedIn(patient, '/appointment-page');
    await form(page).getByLabel('Service').selectOption({ label: 'Virtual Consultation (Telemedicine)' });
    await form(page).getByLabel('Doctor').selectOption('dr-owusu');
    const { day, time } = await pickFreeSlot(form(page));
    await form(page).getByLabel('Health Problem').fill('My son has had a fever since Monday.');
    await submitAndConfirm(page);

    const modal = page.getByRole('dialog', { name: 'Make Payment' });
    await modal.waitFor();
    expect(await modal.locator('dl').textContent()).toContain('Virtual Consultation (Telemedicine) (GHS 150.00)');
    const frame = page.frameLocator('iframe[title="Secure checkout"]');
    await frame.getByLabel('Network').selectOption('MTN');
    await frame.getByLabel('Mobile Money number').fill('0244123456');
    await frame.getByRole('button', { name: 'Pay' }).click();
    await dialogSays(page, 'Payment Successful', 20_000);

    const [stored] = await appointmentsOf(patient.uid);
    expect(stored).toMatchObject({
      requestedServiceId: 1,
      doctorId: 'dr-owusu',
      doctorSurName: 'Owusu',
      requestedDay: day,
      requestedTime: time,
      consultationFee: 150,
      paymentStatus: 'Paid',
      appointmentStatus: 'Pending',
      firstName: patient.firstName,
    });
  });

  it('when lab tests are ticked, then the total shown is the total charged; left unpaid, it can be deleted from the dashboard', async () => {
    const patient = await createActivatedPatient();
    const page = await loggedIn(patient, '/appointment-page', DESKTOP);
    await form(page).getByLabel('Service').selectOption({ label: 'Labs/Medical Checkup' });
    for (const test of ['Urine Routine Examination', 'Hepatitis B Screening', 'Lipid Profile'])
      await form(page).getByLabel(test).check();
    const shown = await form(page).getByTestId('lab-total').textContent();
    expect(shown).toBe('GHS 211.25');
    await form(page).getByLabel('Preferred Date').fill(freshDay());
    await submitAndConfirm(page);

    const frame = page.frameLocator('iframe[title="Secure checkout"]');
    await frame.getByText('GHS 211.25').first().waitFor();
    await frame.getByRole('button', { name: 'Cancel' }).click();
    await dialogSays(page, 'Payment not completed', 20_000);
    await page.locator('.swal2-confirm').click();
    const [stored] = await appointmentsOf(patient.uid);
    expect(stored).toMatchObject({ consultationFee: 211.25, paymentStatus: 'Unpaid', requiresPayment: true });

    await page.goto('/dashboard');
    await page.getByRole('button', { name: /Labs\/Medical Checkup/ }).click();
    await page.getByText('GHS 211.25').waitFor();
    await page.getByRole('button', { name: 'Make Payment' }).waitFor();
    const deleteIt = async () => {
      await page.getByRole('button', { name: 'Delete' }).click();
      await dialogSays(page, 'Delete Appointment?');
      await page.locator('.swal2-confirm').click();
    };
    // The checkout started moments ago: a mobile-money payment may still complete, so it is kept for now.
    await deleteIt();
    await dialogSays(page, 'Oops');
    expect(await page.locator('.swal2-html-container').textContent()).toMatch(/payment .* in progress/);
    await page.locator('.swal2-confirm').click();
    expect(await appointmentsOf(patient.uid)).toHaveLength(1);
    // Once the checkout is over 15 minutes old (CHECKOUT_IN_PROGRESS_MS), the provider's Unpaid is final and Delete goes ahead.
    const abandoned = Timestamp.fromMillis(Date.now() - 16 * 60_000);
    await adminDb().collection('appointments').doc(stored.id).update({ checkoutStartedAt: abandoned });
    await deleteIt();
    await dialogSays(page, 'Deleted!');
    // Kept only as a tombstone the patient never sees, so a late payment still finds it (and becomes a refund).
    expect(await appointmentsOf(patient.uid)).toMatchObject([{ appointmentStatus: 'Deleted' }]);
  });

  it('when a large prescription photo is chosen, then it is made smaller, sent, and stored apart from the appointment', async () => {
    const patient = await createActivatedPatient();
    const page = await loggedIn(patient, '/appointment-page');
    await form(page).getByLabel('Service').selectOption({ label: 'Medicine Delivery' });
    await form(page)
      .getByLabel(/^Street address or landmark/)
      .fill('House 12, Oxford Street, Osu');
    // A phone-sized photo (3000 x 2250, noisy like a real picture), chosen in the file input.
    const originalBytes = await form(page)
      .getByLabel(/^Prescription/)
      .evaluate(async (input: HTMLInputElement) => {
        const noise = Object.assign(document.createElement('canvas'), { width: 1000, height: 750 });
        const pixels = noise.getContext('2d')!.createImageData(1000, 750);
        for (let i = 0; i < pixels.data.length; i++) pixels.data[i] = i % 4 === 3 ? 255 : Math.random() * 255;
        noise.getContext('2d')!.putImageData(pixels, 0, 0);
        const canvas = Object.assign(document.createElement('canvas'), { width: 3000, height: 2250 });
        const ctx = canvas.getContext('2d')!;
        ctx.imageSmoothingEnabled = false;
        ctx.drawImage(noise, 0, 0, 3000, 2250);
        const blob = await new Promise<Blob>((resolve) => canvas.toBlob((b) => resolve(b!), 'image/png'));
        const files = new DataTransfer();
        files.items.add(new File([blob], 'prescription.png', { type: 'image/png' }));
        input.files = files.files;
        input.dispatchEvent(new Event('change', { bubbles: true }));
        return blob.size;
      });
    expect(originalBytes).toBeGreaterThan(700 * 1024);
    await form(page)
      .getByText(/prescription\.png is ready/)
      .waitFor({ timeout: 20_000 });
    await pickFreeDay(form(page));
    await submitAndConfirm(page);
    await dialogSays(page, 'Saved!', 20_000);

    const [stored] = await appointmentsOf(patient.uid);
    expect(stored).toMatchObject({
      requestedServiceId: 7,
      appointmentFileType: 'image/jpeg',
      appointmentFileName: 'prescription.png',
      // The medicine is brought to the door: where, as typed.
      address: { line: 'House 12, Oxford Street, Osu' },
    });
    const file = (await adminDb().collection('appointmentFiles').doc(stored.id).get()).data()!;
    expect(file.patientId).toBe(patient.uid);
    expect(file.sizeBytes).toBeLessThanOrEqual(700 * 1024);
  });

  it('when an optional field is wrong, then the dialog names it without "required", focus moves to it, and a GhanaPost code typed bare is tidied', async () => {
    const patient = await createActivatedPatient();
    const page = await loggedIn(patient, '/appointment-page');
    await form(page).getByLabel('Service').selectOption({ label: 'Nursing Home Care' });
    await form(page)
      .getByLabel(/^Street address or landmark/)
      .fill('House 12, Oxford Street, Osu');
    const digitalAddress = form(page).getByLabel(/^GhanaPost digital address/);
    await digitalAddress.fill('GA-12-34');
    // Leaving the field shows its message beside it (the page moves down before the day is picked).
    await digitalAddress.press('Tab');
    const besideIt = form(page).getByText('GhanaPost digital address must be like GA-123-4567 (two letters, then digits).');
    await besideIt.waitFor();
    await pickFreeDay(form(page));
    await form(page).getByRole('button', { name: 'Submit' }).click();
    await dialogSays(page, 'Oops');
    const said = await page.locator('.swal2-html-container').innerText();
    expect(said).toContain('Please check:');
    expect(said).toContain('GhanaPost digital address — must be like GA-123-4567 (two letters, then digits).');
    expect(said).not.toMatch(/required|digitalAddress/);
    await page.locator('.swal2-confirm').click();
    await dialogCloses(page);
    expect(await page.evaluate(() => document.activeElement?.getAttribute('name'))).toBe('address.digitalAddress');

    // Lower case without dashes, as people type it: tidied, not refused.
    await digitalAddress.fill('ak4859320');
    await digitalAddress.press('Tab');
    await besideIt.waitFor({ state: 'detached' });
    await submitAndConfirm(page);
    await dialogSays(page, 'Saved!');
    const [stored] = await appointmentsOf(patient.uid);
    expect(stored).toMatchObject({ address: { line: 'House 12, Oxford Street, Osu', digitalAddress: 'AK-485-9320' } });
  });

  it('when a community service is booked, then its organization details are stored and it is free', async () => {
    const patient = await createActivatedPatient();
    const page = await loggedIn(patient, '/appointment-page');
    const f = form(page);
    await f.getByLabel('Service').selectOption({ label: 'Corporate/Community Wellness' });
    await f.getByLabel('Organization Name').fill('Madina Market Women Association');
    await f.getByLabel('Organization Location').fill('Madina, Accra');
    await f.getByLabel('Organization Type').selectOption('COMMUNITY');
    await f.getByLabel('Service Needed').selectOption('MEDICAL_SCREENING');
    await f.getByLabel('Expected Number of Beneficiaries').selectOption('51-100');
    await pickFreeDay(f);
    await submitAndConfirm(page);
    await dialogSays(page, 'Saved!');
    const [stored] = await appointmentsOf(patient.uid);
    expect(stored).toMatchObject({
      requestedServiceId: 8,
      organiztionName: 'Madina Market Women Association',
      organiztionType: 'COMMUNITY',
      organiztionService: 'MEDICAL_SCREENING',
      expectedPeople: '51-100',
      consultationFee: 0,
      paymentStatus: 'Not Applicable',
    });
  });
});

describe('managing appointments in the dashboard', () => {
  it('when a patient cancels a pending appointment, then it is Cancelled and moves to the history', async () => {
    const patient = await createActivatedPatient();
    const page = await loggedIn(patient, '/dashboard');
    await page.getByRole('button', { name: 'Book Appointment' }).click();
    await bookingFor(page, patient);
    await form(page).getByLabel('Service').selectOption({ label: 'Nursing Home Care' });
    await form(page)
      .getByLabel(/^Street address or landmark/)
      .fill('House 12, Oxford Street, Osu');
    await pickFreeDay(form(page));
    await submitAndConfirm(page);
    await dialogSays(page, 'Saved!');
    await page.locator('.swal2-confirm').click();

    await page.getByRole('button', { name: 'Cancel' }).click();
    await dialogSays(page, 'Cancel Appointment?');
    // The dialog says which rule of the policy applies before the patient confirms.
    expect(await page.locator('.swal2-html-container').textContent()).toMatch(/at least 12 hours before the appointment is free/);
    await page.locator('.swal2-confirm').click();
    await dialogSays(page, 'Appointment cancelled');
    await page.locator('.swal2-confirm').click();
    const [stored] = await appointmentsOf(patient.uid);
    expect(stored).toMatchObject({ appointmentStatus: 'Cancelled', declineByPatient: true });

    await page.getByRole('button', { name: 'Back to appointments' }).click();
    const history = page.getByRole('region', { name: 'History' });
    await history.getByText('Nursing Home Care').waitFor();
    await page
      .getByRole('region', { name: 'Upcoming' })
      .getByText('You have no upcoming appointments', { exact: false })
      .waitFor();
  });

  /** Books Physiotherapy at Home (free, so it offers Cancel rather than Delete) and moves it to `status` as staff would. */
  async function bookedWithStatus(status: string) {
    const patient = await createActivatedPatient();
    const page = await loggedIn(patient, '/dashboard', DESKTOP);
    await page.getByRole('button', { name: 'Book Appointment' }).click();
    await bookingFor(page, patient);
    await form(page).getByLabel('Service').selectOption({ label: 'Physiotherapy at Home' });
    await form(page)
      .getByLabel(/^Street address or landmark/)
      .fill('House 12, Oxford Street, Osu');
    await pickFreeDay(form(page));
    await submitAndConfirm(page);
    await dialogSays(page, 'Saved!');
    const [stored] = await appointmentsOf(patient.uid);
    await adminDb().collection('appointments').doc(stored.id).update({ appointmentStatus: status });
    await page.goto('/dashboard');
    await page.getByRole('button', { name: /Physiotherapy at Home/ }).click();
    await page.getByText(appointmentStatusWords(status)).first().waitFor();
    return { page, patient };
  }

  it('when an appointment is checked in or completed, then neither Cancel nor Delete is offered', async () => {
    const { page, patient } = await bookedWithStatus('CheckedIn');
    await page.getByRole('button', { name: 'Back to appointments' }).waitFor();
    expect(await page.getByRole('button', { name: 'Cancel' }).count()).toBe(0);
    expect(await page.getByRole('button', { name: 'Delete' }).count()).toBe(0);
    // A confirmed visit is still ahead: it stays in Upcoming, never in History.
    const [stored] = await appointmentsOf(patient.uid);
    await adminDb().collection('appointments').doc(stored.id).update({ appointmentStatus: 'Accepted' });
    await page.goto('/dashboard');
    await page
      .getByRole('region', { name: 'Upcoming' })
      .getByRole('button', { name: /Physiotherapy at Home/ })
      .waitFor();
    expect(
      await page
        .getByRole('region', { name: 'History' })
        .getByRole('button', { name: /Physiotherapy at Home/ })
        .count(),
    ).toBe(0);
    await adminDb().collection('appointments').doc(stored.id).update({ appointmentStatus: 'Completed' });
    await page.goto('/dashboard');
    await page
      .getByRole('region', { name: 'History' })
      .getByRole('button', { name: /Physiotherapy at Home/ })
      .click();
    await page.getByText('Completed').first().waitFor();
    expect(await page.getByRole('button', { name: 'Cancel' }).count()).toBe(0);
  });

  it('when an accepted appointment is cancelled, then the dialog names the free rule and the dashboard shows it Cancelled', async () => {
    const { page, patient } = await bookedWithStatus('Accepted');
    await page.getByRole('button', { name: 'Cancel' }).click();
    await dialogSays(page, 'Cancel Appointment?');
    expect(await page.locator('.swal2-html-container').textContent()).toMatch(/free of charge/);
    // The way back is not a second 'Cancel'.
    await page.getByRole('button', { name: 'Keep appointment' }).waitFor();
    await page.getByRole('button', { name: 'Yes, cancel' }).click();
    await dialogSays(page, 'Appointment cancelled');
    const stored = await adminDb().collection('appointments').where('patientId', '==', patient.uid).get();
    expect(stored.docs.map((d) => d.get('appointmentStatus'))).toEqual(['Cancelled']);
  });
});
