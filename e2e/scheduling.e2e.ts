/**
 * Real availability end to end (docs/scheduling.md): patients book a doctor's free slot from the
 * calendar and time buttons, a taken time disappears for the next patient, a booking moves to
 * another free slot from the dashboard, and an admin's schedule change reaches the public slots.
 */
import type { Locator, Page } from 'playwright-core';
import { formatDate, formatWhen } from '../functions/src/api/format';
import { adminDb, waitUntil } from './support/admin';
import { createActivatedPatient, loginThroughUi, openBookingForm, type TestPatient } from './support/accounts';
import { dayPicker, freeSlotOf, freeTimes, pickFreeSlot, publicSlots } from './support/booking';
import { DESKTOP, newContext, PHONE, useBrowser } from './support/browser';
import { bookAsPatient, payAsPatient, staffSignIn } from './support/staff';
import { dialogSays } from './support/dialogs';

jest.setTimeout(120_000);

const browser = useBrowser();

const appointmentsOf = async (uid: string) =>
  (await adminDb().collection('appointments').where('patientId', '==', uid).get()).docs.map((d) => ({ id: d.id, ...d.data() }));

async function patientPage(patient: TestPatient, viewport = PHONE): Promise<Page> {
  const page = await (await newContext(browser(), viewport)).newPage();
  await loginThroughUi(page, patient);
  return page;
}

async function chooseDoctor(form: Locator, doctorId: string) {
  await form.getByLabel('Service').selectOption({ label: 'Virtual Consultation (Telemedicine)' });
  await form.getByLabel('Doctor').selectOption(doctorId);
}

/** Submits, confirms, and leaves the Make Payment frame unpaid (the hold keeps the time meanwhile). */
async function submitLeavingUnpaid(page: Page, form: Locator) {
  await form.getByRole('button', { name: 'Submit' }).click();
  await dialogSays(page, 'Submit Appointment?');
  await page.locator('.swal2-confirm').click();
  const modal = page.getByRole('dialog', { name: 'Make Payment' });
  await modal.waitFor();
  await modal.getByRole('button', { name: 'Close' }).click();
  await dialogSays(page, 'Payment not completed', 20_000);
  await page.locator('.swal2-confirm').click();
}

describe('booking a doctor from the free slots', () => {
  it('when a patient books a free day and time from the buttons, then it is stored and the next patient no longer sees that time', async () => {
    const first = await createActivatedPatient();
    const page = await patientPage(first);
    const form = await openBookingForm(page, first);
    await chooseDoctor(form, 'dr-agyeman');
    const { day, time } = await pickFreeSlot(form);
    await submitLeavingUnpaid(page, form);
    const [stored] = await appointmentsOf(first.uid);
    expect(stored).toMatchObject({ doctorId: 'dr-agyeman', requestedDay: day, requestedTime: time, paymentStatus: 'Unpaid' });

    const next = await createActivatedPatient();
    const other = await patientPage(next, DESKTOP);
    const otherForm = await openBookingForm(other, next);
    await chooseDoctor(otherForm, 'dr-agyeman');
    const dayButton = dayPicker(otherForm).locator(`[role="radio"][value="${day}"]`);
    await dayButton.waitFor();
    if ((await dayButton.getAttribute('aria-disabled')) === 'true') {
      // That was the day's last free time: the whole day now reads as having none.
      expect(await dayButton.getAttribute('aria-label')).toMatch(/no free times$/);
    } else {
      await dayButton.click();
      expect(await freeTimes(otherForm)).not.toContain(time);
    }
  });
});

describe('moving an appointment from the dashboard', () => {
  it('when the patient reschedules to another free slot, then the detail shows it, the store holds it and the old time is free again', async () => {
    const patient = await createActivatedPatient();
    const old = await freeSlotOf('dr-tetteh', 3);
    const booked = await bookAsPatient(patient, {
      requestedServiceId: 1,
      doctorId: 'dr-tetteh',
      requestedDay: old.day,
      requestedTime: old.time,
    });
    await payAsPatient(patient, booked);

    const page = await patientPage(patient, DESKTOP);
    await page.goto('/dashboard');
    await page.getByRole('button', { name: /Virtual Consultation/ }).click();
    await page.getByRole('button', { name: 'Reschedule' }).click();
    const dialog = page.getByRole('dialog', { name: 'Reschedule' });
    const next = await pickFreeSlot(dialog, 3, [old.day]);
    await dialog.getByRole('button', { name: 'Move appointment' }).click();
    await dialogSays(page, 'Saved!');
    expect(await page.locator('.swal2-html-container').textContent()).toBe(
      `Your appointment is now on ${formatWhen(next.day, next.time)}.`,
    );
    await page.locator('.swal2-confirm').click();

    const detail = page.locator('.appointment-detail');
    await detail.getByText(formatDate(next.day), { exact: true }).waitFor();
    await detail.getByText(next.time, { exact: true }).waitFor();
    const stored = (await adminDb().collection('appointments').doc(booked.appointmentId).get()).data()!;
    expect(stored).toMatchObject({ requestedDay: next.day, requestedTime: next.time, rescheduleCount: 1, paymentStatus: 'Paid' });
    const [oldDay] = await publicSlots('dr-tetteh', old.day, 1);
    expect(oldDay.times).toContain(old.time);
  });
});

describe('a doctor’s schedule in the staff console', () => {
  it('when an admin gives a doctor Sunday hours, then Saved shows and the public slots of the next Sunday follow', async () => {
    const today = new Date();
    const nextSunday = new Date(today.getTime() + (7 - today.getUTCDay() || 7) * 86_400_000 + 7 * 86_400_000)
      .toISOString()
      .slice(0, 10);
    expect((await publicSlots('dr-quaye', nextSunday, 1))[0].times).toEqual([]);

    const page = await (await newContext(browser(), PHONE)).newPage();
    await staffSignIn(page, 'admin', '/staff/schedule');
    await page.getByLabel('Doctor').selectOption('dr-quaye');
    const sunday = page.getByRole('group', { name: 'Sunday', exact: true });
    await sunday.getByText('Closed').waitFor();
    await sunday.getByRole('button', { name: 'Add hours on Sunday' }).click();
    const hours = sunday.getByRole('group', { name: 'Sunday, hours 1' });
    await hours.getByLabel('From').fill('10:00');
    await hours.getByLabel('To').fill('11:00');
    await page.getByRole('button', { name: 'Save' }).click();
    await page.getByRole('status').getByText('Saved').waitFor();

    const [after] = await waitUntil(
      () => publicSlots('dr-quaye', nextSunday, 1),
      ([d]) => d.times.length > 0,
    );
    expect(after.times).toEqual(['10:00', '10:30']);

    // Closed again, so no other test meets Sunday hours.
    await hours.getByRole('button', { name: 'Remove Sunday, hours 1' }).click();
    await page.getByRole('button', { name: 'Save' }).click();
    await waitUntil(
      () => publicSlots('dr-quaye', nextSunday, 1),
      ([d]) => d.times.length === 0,
    );
  });
});
