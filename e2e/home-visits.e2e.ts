/**
 * A home visit in the field (docs/front-desk.md): the desk accepts a patient's home
 * visit and assigns the seeded nurse with an arrival window; on her phone, the visit is on her
 * day with the address, a tel: link and a map link; she marks On the way (the patient gets the
 * SMS, read from the sandbox), Arrived and Complete. Real site, API, emulators and sandbox.
 */
import type { Page } from 'playwright-core';
import { adminDb, waitUntil } from './support/admin';
import { createActivatedPatient } from './support/accounts';
import { DESKTOP, PHONE, newContext, useBrowser } from './support/browser';
import { bookAsPatient, freshDay, staffSignIn } from './support/staff';
import { dialogSays } from './support/dialogs';
import { formatDate } from '../functions/src/api/format';

jest.setTimeout(150_000);

const browser = useBrowser();
const SANDBOX = 'http://127.0.0.1:5005';

const smsTo = async (to: string) =>
  (
    (await (await fetch(`${SANDBOX}/__control/sms?to=${encodeURIComponent(to)}`)).json()) as { messages: { content: string }[] }
  ).messages.map((m) => m.content);

/** Presses a button and closes the 'Saved!' dialog it ends with. */
async function press(page: Page, name: RegExp | string, text?: string) {
  await page.getByRole('button', { name }).first().click();
  if (text !== undefined) {
    await page.locator('.swal2-textarea').fill(text);
    await page.locator('.swal2-confirm').click();
  }
  await dialogSays(page, 'Saved!');
  await page.locator('.swal2-confirm').click();
}

describe('home visits', () => {
  it('when the desk assigns a nurse, then the visit is on her day with where and how to call, and she goes on the way, arrives and completes it', async () => {
    const local = `054${String(Math.floor(Math.random() * 1e7)).padStart(7, '0')}`;
    const phone = `+233${local.slice(1)}`;
    const patient = await createActivatedPatient({ firstName: 'Adwoa', lastName: `Boateng${Date.now() % 100000}`, phone: local });
    const visitDay = freshDay();
    const booked = await bookAsPatient(patient, {
      requestedServiceId: 3,
      requestedDay: visitDay,
      address: {
        line: 'House 7, Nii Okaiman Street, Dzorwulu',
        landmark: 'Behind the Total filling station',
        digitalAddress: 'GA-086-2265',
      },
    });
    // The desk: accept, then assign the nurse with the time she will arrive.
    const desk = await (await newContext(browser(), DESKTOP)).newPage();
    await staffSignIn(desk, 'staff', `/staff/appointments/${booked.appointmentId}`);
    const details = desk.getByRole('article', { name: 'Appointment' });
    await details.getByText('House 7, Nii Okaiman Street, Dzorwulu', { exact: false }).waitFor();
    await details.getByText('Not assigned').waitFor();
    await press(desk, 'Accept');
    await desk.getByRole('button', { name: 'Assign clinician' }).click();
    const dialog = desk.getByRole('dialog', { name: 'Assign home visit' });
    await dialog.getByLabel('Clinician').selectOption({ label: 'Nurse Akosua Addo (Nurse)' });
    await dialog.getByLabel('Arrives from').fill('10:00');
    await dialog.getByLabel('Arrives by').fill('12:00');
    await dialog.getByRole('button', { name: 'Assign' }).click();
    await dialogSays(desk, 'Saved!');
    await desk.locator('.swal2-confirm').click();
    await details.getByText('Arriving 10:00–12:00').waitFor();

    // The nurse, on her phone, before the visit's day: it is on her list, but she cannot set off yet.
    const nurse = await (await newContext(browser(), PHONE)).newPage();
    await staffSignIn(nurse, 'nurse', `/staff/visits?day=${visitDay}`);
    await nurse.getByRole('heading', { level: 1, name: 'My visits' }).waitFor();
    const card = nurse.getByRole('listitem', { name: `10:00–12:00 · Adwoa ${patient.lastName}` });
    await card.getByText(`You can set off on ${formatDate(visitDay)}, the day of the visit.`).waitFor();
    expect(await card.getByRole('button', { name: /^On the way|^Arrived/ }).count()).toBe(0);

    // The visit's day comes (the booking is moved to today, as if it had): her day lists it.
    const day = new Date().toISOString().slice(0, 10);
    await adminDb().collection('appointments').doc(booked.appointmentId).update({ requestedDay: day });
    await nurse.goto(`/staff/visits?day=${day}`);
    await card.waitFor();
    expect(await card.textContent()).toContain('House 7, Nii Okaiman Street, Dzorwulu (Behind the Total filling station)');
    expect(await card.textContent()).toContain('GhanaPost: GA-086-2265');
    // Shown as every page writes a number (api/ghana-phone.ts formatPhone); the call goes to it as the booking holds it.
    const shown = `${local.slice(0, 3)} ${local.slice(3, 6)} ${local.slice(6)}`;
    expect(await card.getByRole('link', { name: shown }).getAttribute('href')).toBe(`tel:${local}`);
    // The GhanaPost code finds the house best.
    expect(await card.getByRole('link', { name: 'Open in Google Maps' }).getAttribute('href')).toBe(
      'https://www.google.com/maps/search/?api=1&query=GA-086-2265%2C%20Ghana',
    );

    // On the way asks first: the patient is texted at once.
    await card.getByRole('button', { name: /^On the way/ }).click();
    await dialogSays(nurse, 'On your way?');
    await nurse.locator('.swal2-confirm').click();
    await dialogSays(nurse, 'Saved!');
    await nurse.locator('.swal2-confirm').click();
    const onTheWay = await waitUntil(
      async () => (await smsTo(phone)).filter((m) => m.includes('is on the way')),
      (m) => m.length > 0,
      20_000,
    );
    expect(onTheWay[0]).toMatch(
      new RegExp(
        `^ExpMed Health: Nurse Akosua Addo is on the way for your Nursing Home Care today, ${formatDate(day)}, expected between 10:00 and 12:00\\.`,
      ),
    );
    await press(nurse, /^Arrived/);

    // The server refuses the summary (here: the visit was put back to On the way meanwhile); what she typed is kept.
    const summary = 'Wound dressed; healing well. Next visit in three days.';
    await adminDb().collection('appointments').doc(booked.appointmentId).update({ appointmentStatus: 'OnTheWay' });
    await card.getByRole('button', { name: /^Complete/ }).click();
    await nurse.locator('.swal2-textarea').fill(summary);
    await nurse.locator('.swal2-confirm').click();
    await dialogSays(nurse, 'Oops');
    await nurse.locator('.swal2-html-container').getByText('This appointment is On the way: it cannot be completed.').waitFor();
    await nurse.locator('.swal2-confirm').click();
    await press(nurse, /^Arrived/);
    await card.getByRole('button', { name: /^Complete/ }).click();
    await dialogSays(nurse, 'Complete visit');
    expect(await nurse.locator('.swal2-textarea').inputValue()).toBe(summary);
    await nurse.locator('.swal2-confirm').click();
    await dialogSays(nurse, 'Saved!');
    await nurse.locator('.swal2-confirm').click();
    await card.getByText('Completed').waitFor();

    const stored = (await adminDb().collection('appointments').doc(booked.appointmentId).get()).data()!;
    expect(stored).toMatchObject({
      appointmentStatus: 'Completed',
      assignedToRole: 'nurse',
      arrivalWindow: { from: '10:00', to: '12:00' },
      visitSummary: summary,
    });
    expect(stored.onTheWayAt).toBeTruthy();
    expect(stored.checkedInAt).toBeTruthy();
  });
});
