/**
 * The record opens only through care the patient took part in (docs/record.md 'Who reads
 * what'), end to end: the desk books a virtual consultation for a patient with an account, its
 * doctor accepts it in the console and finds the record closed, saying why; the patient follows
 * the link in the booking's e-mail, signs in, and confirms the booking with one click on its
 * detail; the record then opens to the doctor, and the patient's profile lists that opening (who,
 * role, through which appointment). Real site through Hosting, API, Auth and Firestore emulators.
 */
import type { Page } from 'playwright-core';
import { BOOKING_CONFIRMED } from '../functions/src/api/front-desk';
import { formatDate } from '../functions/src/api/format';
import { createActivatedPatient, idTokenFor, loginThroughUi } from './support/accounts';
import { adminDb, waitUntil } from './support/admin';
import { seriousViolations } from './support/axe';
import { freeSlotOf } from './support/booking';
import { DESKTOP, newContext, PHONE, SITE_URL, useBrowser } from './support/browser';
import { dialogCloses, dialogSays } from './support/dialogs';
import { seededDoctorId, STAFF_LOGINS, STAFF_PASSWORD, staffSignIn } from './support/staff';
import { mailsTo } from './support/mail';

jest.setTimeout(180_000);

const browser = useBrowser();

/** axe on the page as it is now, at phone and desktop width (the page is left at `end`). */
async function axeBothWidths(page: Page, label: string, end = PHONE): Promise<string[]> {
  await page.setViewportSize(PHONE);
  const found = await seriousViolations(page, `${label} @390`);
  await page.setViewportSize(DESKTOP);
  found.push(...(await seriousViolations(page, `${label} @1280`)));
  await page.setViewportSize(end);
  return found;
}

interface DeskBooking {
  appointmentId: string;
  requestedService: string;
  requestedDay: string;
}

/** The desk books for the patient through POST /api/staff/appointments, as Book for a patient does. */
async function deskBooks(patientId: string, doctorId: string): Promise<DeskBooking> {
  const { day, time } = await freeSlotOf(doctorId);
  const token = await idTokenFor(STAFF_LOGINS.staff, STAFF_PASSWORD);
  const res = await fetch(`${SITE_URL}/api/staff/appointments`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', Authorization: `Bearer ${token}` },
    body: JSON.stringify({
      patientId,
      location: 'Osu, Accra',
      healthProblem: 'Chest pain when climbing stairs',
      requestedServiceId: 1,
      doctorId,
      requestedDay: day,
      requestedTime: time,
    }),
  });
  const envelope = (await res.json()) as { msg: string; data: DeskBooking };
  if (res.status !== 201) throw new Error(`The desk's booking answered ${res.status}: ${envelope.msg}`);
  return envelope.data;
}

/** The confirmation link in the booking's e-mail to the patient, once it has been delivered. */
async function linkInMail(email: string, appointmentId: string): Promise<string> {
  const link = await waitUntil(
    async () =>
      (await mailsTo(email))
        .map((m) => /(\S+\/dashboard\?confirm=\S+)/.exec(m.text)?.[1])
        .find((l) => l?.endsWith(appointmentId)),
    Boolean,
  );
  if (!link) throw new Error(`No mail to ${email} carried the link to confirm ${appointmentId}`);
  return link;
}

describe('a booking the desk made opens the record once the patient confirms it', () => {
  let patient: Awaited<ReturnType<typeof createActivatedPatient>>;
  let booking: DeskBooking;
  let doctorPage: Page;

  beforeAll(async () => {
    patient = await createActivatedPatient({ firstName: 'Efua', lastName: `Access${Date.now() % 100000}` });
    booking = await deskBooks(patient.uid, await seededDoctorId());
  });

  it('when the doctor accepts it, then the record is closed to them and says why', async () => {
    doctorPage = await (await newContext(browser(), DESKTOP)).newPage();
    await staffSignIn(doctorPage, 'doctor', `/staff/appointments/${booking.appointmentId}`);
    await doctorPage.getByRole('heading', { level: 1, name: `${patient.firstName} ${patient.lastName}` }).waitFor();
    await doctorPage.getByRole('button', { name: 'Accept', exact: true }).click();
    await dialogSays(doctorPage, 'Saved!');
    await doctorPage.locator('.swal2-confirm').click();
    await dialogCloses(doctorPage);

    await doctorPage.getByRole('link', { name: 'Patient record' }).click();
    await doctorPage
      .getByText(/^The patient has not confirmed or paid the booking the clinic made for them \(Virtual Consultation/)
      .waitFor();
    expect(await doctorPage.getByRole('heading', { level: 1 }).textContent()).toBe('Patient record');
    const reads = await adminDb().collection('auditLog').where('patientIds', 'array-contains', patient.uid).get();
    expect(reads.docs.map((d) => d.get('action'))).not.toContain('patient.record.read');
  });

  it('when the patient follows the link in its e-mail and clicks Confirm booking, then it is confirmed and the record opens', async () => {
    const link = new URL(await linkInMail(patient.email, booking.appointmentId));
    const page = await (await newContext(browser(), PHONE)).newPage();
    // Signed out, the link leads through Login and back to the booking.
    await loginThroughUi(page, patient, `${link.pathname}${link.search}`);
    const detail = page.locator('.appointment-detail');
    await detail.getByRole('heading', { name: booking.requestedService }).waitFor();
    const confirm = detail.getByRole('button', { name: 'Confirm booking' });
    await confirm.waitFor();
    // Opening the link confirmed nothing: mail scanners open links too.
    expect(
      (await adminDb().collection('appointments').doc(booking.appointmentId).get()).get('confirmedByPatientAt'),
    ).toBeUndefined();
    expect(await axeBothWidths(page, 'appointment detail with Confirm booking')).toEqual([]);

    await confirm.click();
    await dialogSays(page, 'Saved!');
    expect(await page.locator('.swal2-html-container').textContent()).toBe(BOOKING_CONFIRMED);
    await page.locator('.swal2-confirm').click();
    await dialogCloses(page);
    await detail.getByText(/^Our clinic, confirmed by you on /).waitFor();
    expect(await confirm.count()).toBe(0);
    expect(
      (await adminDb().collection('appointments').doc(booking.appointmentId).get()).get('confirmedByPatientAt'),
    ).toBeDefined();

    await doctorPage.reload();
    await doctorPage.getByRole('heading', { level: 1, name: `${patient.firstName} ${patient.lastName}` }).waitFor();

    await page.goto('/dashboard/profile');
    const openings = page.getByRole('list', { name: 'Openings of your record' });
    const opening = openings.getByRole('listitem').filter({ hasText: 'Opened your record' });
    await opening.waitFor();
    expect(await opening.textContent()).toContain(`Doctor: ${STAFF_LOGINS.doctor}`);
    expect(await opening.textContent()).toContain(
      `Through your ${booking.requestedService} on ${formatDate(booking.requestedDay)}.`,
    );
    expect(await axeBothWidths(page, 'profile with the openings of the record')).toEqual([]);
  });
});
