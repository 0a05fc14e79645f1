/**
 * The clinic's side end to end (docs/roles-and-audit.md): staff sign in on /staff with the seeded login and
 * accept a booking a patient made in the same test, which the patient's dashboard then shows
 * Accepted; a doctor accepts, checks in and completes their own patient's visit with a
 * summary that the patient reads; staff move a booked doctor appointment to another free slot,
 * which the patient's dashboard shows and which frees the old one. Real site through Hosting,
 * API, Auth and Firestore emulators, payment sandbox.
 */
import type { Page } from 'playwright-core';
import { randomUUID } from 'node:crypto';
import { formatDate, formatWhen } from '../functions/src/api/format';
import { adminAuth, adminDb } from './support/admin';
import { createActivatedPatient, loginThroughUi, type TestPatient } from './support/accounts';
import { DESKTOP, PHONE, newContext, useBrowser } from './support/browser';
import { freeSlotOf, pickFreeSlot, publicSlots } from './support/booking';
import { bookAsPatient, freshDay, payAsPatient, seededDoctorId, staffSignIn } from './support/staff';
import { dialogCloses, dialogSays } from './support/dialogs';

jest.setTimeout(120_000);

const browser = useBrowser();

/** The patient's dashboard, open on the appointment of `service`. */
async function patientDetail(patient: TestPatient, service: RegExp): Promise<Page> {
  const page = await (await newContext(browser(), PHONE)).newPage();
  await loginThroughUi(page, patient, '/dashboard');
  await page.getByRole('button', { name: service }).click();
  return page;
}

/** On the console's day view of `day`, opens the patient's appointment. */
async function openFromDayView(page: Page, day: string, patient: TestPatient) {
  await page.goto(`/staff/appointments?day=${day}`);
  await page.getByRole('link', { name: new RegExp(`${patient.firstName} ${patient.lastName}`) }).click();
  await page.getByRole('heading', { level: 1, name: `${patient.firstName} ${patient.lastName}` }).waitFor();
}

/** Presses an action button and confirms its dialog (with `text` typed when it asks for some). */
async function act(page: Page, button: string, text?: string) {
  await page.getByRole('button', { name: button, exact: true }).click();
  if (text !== undefined) {
    await page.locator('.swal2-textarea').fill(text);
    await page.locator('.swal2-confirm').click();
  }
  await dialogSays(page, 'Saved!');
  await page.locator('.swal2-confirm').click();
}

describe('the staff console', () => {
  it('when staff accept a booking a patient made, then the console shows it Accepted and so does the patient’s dashboard', async () => {
    const patient = await createActivatedPatient({ firstName: 'Efua', lastName: `Mensah${Date.now() % 100000}` });
    const day = freshDay();
    const booked = await bookAsPatient(patient, { requestedServiceId: 4, requestedDay: day });

    const console_ = await (await newContext(browser(), DESKTOP)).newPage();
    await staffSignIn(console_, 'staff');
    // Staff see no admin-only sections.
    expect(await console_.getByRole('link', { name: 'Staff & roles' }).count()).toBe(0);
    await openFromDayView(console_, day, patient);
    await act(console_, 'Accept');
    await console_.locator('.staff-card').getByText('Accepted', { exact: true }).waitFor();
    // A second accept is no longer offered: the lifecycle moved on.
    expect(await console_.getByRole('button', { name: 'Accept', exact: true }).count()).toBe(0);
    // The delivery log: the acceptance went out by e-mail and SMS (docs/notifications.md).
    const messages = console_.getByRole('region', { name: 'Messages sent' });
    await messages.getByText(/^Your appointment has been accepted: Physiotherapy at Home$/).waitFor();
    await messages.getByText(/^ExpMed Health: Your Physiotherapy at Home on .* has been accepted\./).waitFor();

    const stored = await adminDb().collection('appointments').doc(booked.appointmentId).get();
    expect(stored.get('appointmentStatus')).toBe('Accepted');

    const dashboard = await patientDetail(patient, /Physiotherapy at Home/);
    await dashboard.locator('.appointment-detail').getByText('Accepted', { exact: true }).waitFor();
  });

  it('when a doctor completes their patient’s visit with a summary, then the patient reads the summary on their dashboard', async () => {
    const patient = await createActivatedPatient({ firstName: 'Kojo', lastName: `Boateng${Date.now() % 100000}` });
    const doctorId = await seededDoctorId();
    const { day, time } = await freeSlotOf(doctorId);
    const booked = await bookAsPatient(patient, { requestedServiceId: 1, doctorId, requestedDay: day, requestedTime: time });
    await payAsPatient(patient, booked);

    const console_ = await (await newContext(browser(), PHONE)).newPage();
    await staffSignIn(console_, 'doctor');
    // A doctor's console is their appointments and their schedule: no inbox, orders, refunds or admin sections.
    await console_.getByRole('button', { name: 'Open console menu' }).click();
    const nav = console_.getByRole('navigation', { name: 'Console' });
    await nav.getByRole('link', { name: 'Appointments' }).waitFor();
    // A doctor's menu: their appointments, the home visits assigned to them (docs/front-desk.md), their schedule.
    expect(await nav.getByRole('link').allTextContents()).toEqual(['Appointments', 'My visits', 'Schedule']);
    await console_.getByRole('button', { name: 'Close console menu' }).click();

    await openFromDayView(console_, day, patient);
    await act(console_, 'Accept');
    await act(console_, 'Check in');
    // A visit cannot be completed more than 15 minutes before its start: the console says so before asking for the summary.
    await console_.getByRole('button', { name: 'Complete visit', exact: true }).click();
    await dialogSays(console_, 'Not yet');
    expect(await console_.locator('.swal2-html-container').textContent()).toMatch(
      /^This visit has not started yet: it can be completed from /,
    );
    await console_.locator('.swal2-confirm').click();
    // Now the visit is under way.
    const now = new Date().toISOString();
    await adminDb()
      .collection('appointments')
      .doc(booked.appointmentId)
      .update({ requestedDay: now.slice(0, 10), requestedTime: now.slice(11, 16) });
    await console_.reload();
    await console_.getByRole('button', { name: 'Complete visit', exact: true }).waitFor();
    const summary = `Tension headache. Rest, fluids, paracetamol 500 mg as needed. ${Date.now()}`;
    // Complete visit asks in a form of its own: the summary the patient reads (notes are optional).
    await console_.getByRole('button', { name: 'Complete visit', exact: true }).click();
    const complete = console_.getByRole('dialog', { name: 'Complete visit' });
    await complete.getByLabel('Visit summary (the patient reads this)').fill(summary);
    await complete.getByRole('button', { name: 'Complete visit' }).click();
    await dialogSays(console_, 'Saved!');
    await console_.locator('.swal2-confirm').click();
    await console_.locator('.staff-card').getByText('Completed', { exact: true }).waitFor();

    const stored = await adminDb().collection('appointments').doc(booked.appointmentId).get();
    expect(stored.get('appointmentStatus')).toBe('Completed');

    const dashboard = await patientDetail(patient, /Virtual Consultation/);
    const detail = dashboard.locator('.appointment-detail');
    await detail.getByText('Visit summary').waitFor();
    await detail.getByText(summary).waitFor();
  });

  it('when staff reschedule a patient’s doctor appointment to another free slot, then the patient’s dashboard shows the new time and the old one is free again', async () => {
    const patient = await createActivatedPatient({ firstName: 'Akua', lastName: `Owusu${Date.now() % 100000}` });
    const doctorId = await seededDoctorId();
    // Within the picker's 31 days, so the dialog shows the days around it.
    const old = await freeSlotOf(doctorId, 3);
    const booked = await bookAsPatient(patient, {
      requestedServiceId: 1,
      doctorId,
      requestedDay: old.day,
      requestedTime: old.time,
    });
    await payAsPatient(patient, booked);

    const console_ = await (await newContext(browser(), DESKTOP)).newPage();
    await staffSignIn(console_, 'staff');
    await openFromDayView(console_, old.day, patient);
    await console_.getByRole('button', { name: 'Reschedule', exact: true }).click();
    const dialog = console_.getByRole('dialog', { name: 'Reschedule appointment' });
    const next = await pickFreeSlot(dialog, 3, [old.day]);
    await dialog.getByRole('button', { name: 'Move appointment' }).click();
    await dialogSays(console_, 'Saved!');
    expect(await console_.locator('.swal2-html-container').textContent()).toBe(
      `The appointment is now on ${formatWhen(next.day, next.time)}.`,
    );
    await console_.locator('.swal2-confirm').click();
    const card = console_.locator('.staff-card');
    await card.getByText(formatDate(next.day), { exact: true }).waitFor();
    await card.getByText(next.time, { exact: true }).waitFor();

    const stored = (await adminDb().collection('appointments').doc(booked.appointmentId).get()).data()!;
    expect(stored).toMatchObject({ requestedDay: next.day, requestedTime: next.time, paymentStatus: 'Paid' });
    const [oldDay] = await publicSlots(doctorId, old.day, 1);
    expect(oldDay.times).toContain(old.time);

    const dashboard = await patientDetail(patient, /Virtual Consultation/);
    const detail = dashboard.locator('.appointment-detail');
    await detail.getByText(formatDate(next.day), { exact: true }).waitFor();
    await detail.getByText(next.time, { exact: true }).waitFor();
  });

  it('when an admin grants a role on Staff & roles, then the account is listed; revoked, it leaves the list and loses the claim', async () => {
    // Sorts before the seeded accounts (the list is ordered by e-mail), so it is on the first page.
    const email = `a0-role-${randomUUID().slice(0, 8)}@example.com`;
    const user = await adminAuth().createUser({ email, password: 'Akwaaba-2026', emailVerified: true });

    const console_ = await (await newContext(browser(), DESKTOP)).newPage();
    await staffSignIn(console_, 'admin', '/staff/roles');
    await console_.getByRole('heading', { level: 1, name: 'Staff & roles' }).waitFor();
    const accounts = console_.getByRole('region', { name: 'Table of staff accounts' });
    // The seeded admin is listed: the page reads the API's { items, nextCursor } page.
    await accounts.getByRole('rowheader', { name: 'admin@expmed.local' }).waitFor();

    const grant = console_.getByRole('form', { name: 'Grant a role' });
    await grant.getByLabel('Email Address').fill(email);
    await grant.getByLabel('Role').selectOption({ label: 'Staff' });
    await grant.getByRole('button', { name: 'Grant role' }).click();
    await dialogSays(console_, 'Saved!');
    await console_.locator('.swal2-confirm').click();
    const row = accounts.getByRole('row', { name: new RegExp(email) });
    await row.getByRole('cell', { name: 'Staff' }).waitFor();
    expect((await adminAuth().getUser(user.uid)).customClaims).toEqual({ role: 'staff' });

    await row.getByRole('button', { name: `Revoke ${email}` }).click();
    await console_.locator('.swal2-confirm', { hasText: 'Yes, revoke' }).click();
    await dialogCloses(console_);
    await row.waitFor({ state: 'detached' });
    await accounts.getByRole('rowheader', { name: 'admin@expmed.local' }).waitFor();
    expect((await adminAuth().getUser(user.uid)).customClaims ?? {}).toEqual({});
    expect((await adminDb().collection('staffMembers').doc(user.uid).get()).exists).toBe(false);
  });

  it('when a signed-in patient opens /staff, then they are told it is for the clinic’s staff', async () => {
    const patient = await createActivatedPatient();
    const page = await (await newContext(browser(), PHONE)).newPage();
    await loginThroughUi(page, patient);
    await page.goto('/staff');
    await page.getByRole('heading', { name: 'For the clinic’s staff' }).waitFor();
    expect(await page.getByRole('navigation', { name: 'Console' }).count()).toBe(0);
  });
});
