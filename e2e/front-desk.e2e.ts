/**
 * The front desk end to end (docs/front-desk.md) as the receptionist does it in the
 * console at 1280 px: a caller without an account is added, their phone proved with the code
 * the payment sandbox's SMS API received, booked into a free slot and sent a payment link,
 * which is paid in the sandbox's checkout; a walk-in pays cash recorded at the desk; the day
 * sheet prints (a screenshot with print media: test-results/day-sheet-print.png) and exports a
 * CSV; the caller later signs up with the same number and confirms it by its SMS code; the desk
 * (which recorded no date of birth) confirms the person, and the booking shows in their dashboard; an e-mail
 * address the desk typed gets nothing until the code mailed to it is read back on the person's page. Real site through Hosting, API, Auth and Firestore
 * emulators, payment and SMS sandbox.
 */
import { mkdirSync, readFileSync } from 'node:fs';
import type { Locator, Page } from 'playwright-core';
import { formatWhen } from '../functions/src/api/format';
import { signUpAndVerify } from './support/accounts';
import { adminDb, waitUntil } from './support/admin';
import { DESKTOP, PHONE, newContext, useBrowser } from './support/browser';
import { pickFreeSlot } from './support/booking';
import { seededDoctorId, staffSignIn } from './support/staff';
import { seriousViolations } from './support/axe';
import { dialogSays } from './support/dialogs';
import { mailsTo } from './support/mail';

jest.setTimeout(180_000);

const browser = useBrowser();
const SANDBOX = 'http://127.0.0.1:5005';

/** A Ghana mobile number nobody else's test uses: as typed, and as stored. */
function newPhone() {
  const local = `055${String(Math.floor(Math.random() * 1e7)).padStart(7, '0')}`;
  // stored: as the API keeps it; shown: as every page writes it (api/ghana-phone.ts formatPhone).
  return { local, stored: `+233${local.slice(1)}`, shown: `${local.slice(0, 3)} ${local.slice(3, 6)} ${local.slice(6)}` };
}

/** What the SMS sandbox was sent for `to`, oldest first. */
const smsTo = async (to: string) =>
  (
    (await (await fetch(`${SANDBOX}/__control/sms?to=${encodeURIComponent(to)}`)).json()) as { messages: { content: string }[] }
  ).messages.map((m) => m.content);

/** The first SMS to `to` that matches `pattern`, once it has arrived; its first group. */
async function smsMatch(to: string, pattern: RegExp): Promise<string> {
  const found = await waitUntil(
    async () => (await smsTo(to)).map((m) => pattern.exec(m)).find(Boolean),
    (m) => Boolean(m),
    20_000,
  );
  if (!found) throw new Error(`No SMS to ${to} matched ${pattern}: ${JSON.stringify(await smsTo(to))}`);
  return found[1];
}

const confirmDialog = async (page: Page, title: string) => {
  await page.locator('.swal2-title').getByText(title).waitFor();
  await page.locator('.swal2-confirm').click();
};

/** Adds a person on Book for a patient (with the e-mail address they give, if any) and proves their phone with the code the sandbox received; resolves on the booking form. */
async function addPersonAndCheckPhone(
  page: Page,
  first: string,
  last: string,
  phone: ReturnType<typeof newPhone>,
  email?: string,
) {
  await page.goto('/staff/book');
  await page.getByRole('button', { name: 'Add a new person' }).click();
  const add = page.getByRole('form', { name: 'Add a new person' });
  await add.getByLabel(/^First Name/).fill(first);
  await add.getByLabel(/^Last Name/).fill(last);
  await add.getByLabel(/^Phone Number/).fill(phone.local);
  await add.getByLabel(/^Gender/).selectOption('MALE');
  if (email) await add.getByLabel(/^Email Address/).fill(email);
  await add.getByRole('button', { name: 'Add person' }).click();
  await page.getByText(`Code sent by SMS to ${phone.shown}`, { exact: false }).waitFor();
  const code = await smsMatch(phone.stored, /Your code is (\S+)\./);
  await page.getByLabel('Code', { exact: true }).fill(code);
  await page.getByRole('button', { name: 'Check code' }).click();
  await page.getByRole('heading', { name: `Booking for ${first} ${last}` }).waitFor();
  return page.getByRole('form', { name: 'Book an appointment' });
}

/** Books a virtual consultation with `doctorId` in a free slot the form offers; resolves with the Payment card. */
async function bookConsultation(page: Page, form: Locator, doctorId: string) {
  await form.getByLabel(/^Service/).selectOption({ label: 'Virtual Consultation (Telemedicine)' });
  await form.getByLabel(/^Doctor/).selectOption(doctorId);
  const slot = await pickFreeSlot(form);
  // A person the desk just added has no town on their record yet: the caller says where they are.
  if (!(await form.getByLabel(/^Location/).inputValue())) await form.getByLabel(/^Location/).fill('Madina, Accra');
  await form.getByLabel(/^Health Problem/).fill('Cough for two weeks');
  await form.getByRole('button', { name: 'Book appointment' }).click();
  await confirmDialog(page, 'Book this appointment?');
  await page.getByRole('heading', { name: 'Booked' }).waitFor();
  const reference = (await page.getByRole('status').filter({ hasText: 'Reference' }).locator('strong').textContent())!;
  return { slot, reference, payment: page.getByRole('region', { name: 'Payment' }) };
}

const appointmentByReference = async (clientReference: string) =>
  (await adminDb().collection('appointments').where('clientReference', '==', clientReference).get()).docs[0];

describe('the front desk', () => {
  it('when a caller without an account is added, their phone proved and booked, then the payment link they are texted is paid in the checkout', async () => {
    const page = await (await newContext(browser(), DESKTOP)).newPage();
    await staffSignIn(page, 'staff');
    const phone = newPhone();
    const last = `Mensah${Date.now() % 100000}`;
    const form = await addPersonAndCheckPhone(page, 'Kwabena', last, phone);
    const { slot, reference, payment } = await bookConsultation(page, form, 'dr-boateng');

    // The clinic record: no account, the phone proved at the desk; the booking says who made it.
    const booked = await appointmentByReference(reference);
    expect(booked.data()).toMatchObject({
      firstName: 'Kwabena',
      lastName: last,
      contactNumber: phone.stored,
      requestedDay: slot.day,
      requestedTime: slot.time,
      source: 'CLINIC',
      bookedBy: { role: 'staff' },
      paymentStatus: 'Unpaid',
    });
    const record = (await adminDb().collection('patients').doc(booked.get('patientId')).get()).data()!;
    expect(record).toMatchObject({ source: 'CLINIC', accountStatus: 'Clinic', contactNumber: phone.stored });
    expect(record.phoneVerifiedAt).toBeTruthy();

    // The amount is the server's: the doctor's fee as stored on the booking.
    const fee = booked.get('consultationFee') as number;
    await payment.getByText(`Amount due: GHS ${fee.toFixed(2)}`, { exact: false }).waitFor();
    await payment.getByRole('button', { name: 'Send payment link' }).click();
    await payment.getByText(`Payment link sent by SMS to ${phone.shown}`, { exact: false }).waitFor();

    const link = await smsMatch(phone.stored, new RegExp(`(http://127\\.0\\.0\\.1:5005/\\S+) Ref ${reference}`));
    // The patient's phone opens the provider's page (not our app: a plain context, no app-ready wait).
    const checkout = await (await browser().newContext({ viewport: PHONE })).newPage();
    await checkout.goto(link);
    await checkout.getByLabel('Network').selectOption('MTN');
    await checkout.getByLabel('Mobile Money number').fill(phone.local);
    await checkout.getByRole('button', { name: 'Pay' }).click();
    await checkout.getByText('Payment successful').first().waitFor();

    await waitUntil(
      async () => (await booked.ref.get()).get('paymentStatus'),
      (s) => s === 'Paid',
    );
    await payment.getByRole('button', { name: 'Check payment' }).click();
    await payment.getByText('Paid: the patient paid through the link.').waitFor();

    // Later the caller signs up on the site with the same number and confirms it with the SMS
    // code: the clinic's record becomes their account's, and the booking shows in their dashboard.
    const site = await (await newContext(browser(), PHONE)).newPage();
    const account = await signUpAndVerify(site, { firstName: 'Kwabena', lastName: last, phone: phone.local });
    await site.goto('/dashboard/profile');
    const card = site.getByRole('region', { name: 'Phone number' });
    const before = (await smsTo(phone.stored)).length;
    await card.getByRole('button', { name: 'Send code' }).click();
    await site.locator('.swal2-title').getByText('Code sent').waitFor();
    await site.getByRole('button', { name: 'OK' }).click();
    const texts = await waitUntil(
      () => smsTo(phone.stored),
      (m) => m.length > before,
    );
    const code = /is (\d{6})\./.exec(texts.at(-1)!)?.[1];
    expect(code).toMatch(/^\d{6}$/);
    await card
      .getByRole('form', { name: 'Confirm your phone' })
      .getByLabel(/^Code from the SMS/)
      .fill(code!);
    await card.getByRole('button', { name: 'Confirm phone' }).click();
    await site.locator('.swal2-title').getByText('Phone confirmed').waitFor();
    // The desk recorded no date of birth: initials never claim, so the record waits for the desk.
    await site
      .locator('.swal2-html-container')
      .getByText(/The front desk must confirm it is you/)
      .waitFor();
    await site.getByRole('button', { name: 'OK' }).click();
    await card
      .getByRole('status')
      .getByText(/The front desk must confirm it is you/)
      .waitFor();
    const uid = (await adminDb().collection('patients').where('emailAddress', '==', account.email.toLowerCase()).get()).docs[0]
      .id;
    expect((await booked.ref.get()).get('patientId')).toBe(booked.get('patientId'));

    // At the desk, the person shows an ID: the receptionist confirms them on the record's page.
    await page.goto(`/staff/patients/${booked.get('patientId')}`);
    await page.getByText(/^Claim waiting: Kwabena/).waitFor();
    await page.getByRole('button', { name: `Confirm Kwabena ${last}` }).click();
    await confirmDialog(page, 'Confirm this person?');
    await dialogSays(page, 'Record moved');
    await page.locator('.swal2-confirm').click();
    expect((await booked.ref.get()).get('patientId')).toBe(uid);
    await site.goto('/dashboard');
    const upcoming = site.getByRole('region', { name: 'Upcoming' });
    await upcoming.getByText('Virtual Consultation (Telemedicine)').waitFor();
    await upcoming.getByText(formatWhen(slot.day, slot.time), { exact: false }).waitFor();
    await upcoming.getByText('Paid', { exact: true }).waitFor();
  });

  it('when a walk-in pays cash at the desk, then the appointment shows Paid, and the doctor’s day sheet prints and exports it', async () => {
    const context = await newContext(browser(), DESKTOP, { acceptDownloads: true });
    const page = await context.newPage();
    await staffSignIn(page, 'staff');
    const phone = newPhone();
    const last = `Owusu${Date.now() % 100000}`;
    const doctorId = await seededDoctorId();
    const form = await addPersonAndCheckPhone(page, 'Yaw', last, phone);
    const { slot, reference, payment } = await bookConsultation(page, form, doctorId);

    await payment.getByRole('button', { name: 'Record payment' }).click();
    const record = payment.getByRole('form', { name: 'Record payment' });
    await record.getByLabel('Cash').check();
    await record.getByRole('button', { name: 'Record payment' }).click();
    await confirmDialog(page, 'Record payment?');
    await dialogSays(page, 'Saved!');
    await page.locator('.swal2-confirm').click();

    const booked = await appointmentByReference(reference);
    expect(booked.get('paymentStatus')).toBe('Paid');
    const ledger = (await adminDb().collection('payments').doc(reference).get()).data()!;
    expect(ledger).toMatchObject({ source: 'desk', method: 'cash' });

    // The appointment, opened as the desk would, reads Paid.
    await page.goto(`/staff/appointments/${booked.id}`);
    const details = page.getByRole('article', { name: 'Appointment' });
    await details.getByText('Paid', { exact: true }).waitFor();
    expect(await page.getByRole('button', { name: 'Record payment' }).count()).toBe(0);

    // The doctor's day sheet: the walk-in's row, on screen and printed without the console around it.
    await page.goto(`/staff/day-sheet?day=${slot.day}&doctorId=${doctorId}`);
    const row = page.getByRole('row').filter({ hasText: `Yaw ${last}` });
    await row.waitFor();
    expect(await row.textContent()).toContain(phone.shown);
    expect(await row.textContent()).toContain(slot.time);
    await page.emulateMedia({ media: 'print' });
    expect(await page.getByRole('navigation', { name: 'Console' }).isVisible()).toBe(false);
    expect(await page.getByRole('button', { name: 'Print' }).isVisible()).toBe(false);
    expect(await page.getByRole('columnheader', { name: 'Address' }).isVisible()).toBe(true);
    mkdirSync('test-results', { recursive: true });
    await page.screenshot({ path: 'test-results/day-sheet-print.png', fullPage: true });
    await page.emulateMedia({ media: 'screen' });

    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('button', { name: 'Download CSV' }).click(),
    ]);
    expect(download.suggestedFilename()).toBe(`day-sheet-${slot.day}-${doctorId}.csv`);
    const csv = readFileSync((await download.path())!, 'utf8').replace(/^\uFEFF/, '');
    const [header, ...rows] = csv.trim().split(/\r?\n/);
    expect(header.toLowerCase()).toContain('patient');
    const walkIn = rows.find((r) => r.includes(`Yaw ${last}`));
    expect(walkIn).toBeDefined();
    expect(walkIn).toContain(phone.stored);
    expect(walkIn).toContain(slot.time);
    expect(walkIn).toContain(reference);
    expect(walkIn).toContain('Paid');
  });

  it('when the desk types a caller’s e-mail address, then nothing is mailed to it until the code e-mailed to it is read back on their page', async () => {
    const page = await (await newContext(browser(), DESKTOP)).newPage();
    await staffSignIn(page, 'staff');
    const phone = newPhone();
    const last = `Boateng${Date.now() % 100000}`;
    const email = `kofi.${last.toLowerCase()}@example.com`;
    const form = await addPersonAndCheckPhone(page, 'Kofi', last, phone, email);
    const { reference } = await bookConsultation(page, form, 'dr-boateng');
    const booked = await appointmentByReference(reference);
    // The booking notice is sent right after the booking's own transaction: by now a mail to the typed address would
    // be delivered (and the code's mail below would not be the only one).
    expect(await mailsTo(email)).toEqual([]);

    await page.goto(`/staff/patients/${booked.get('patientId')}`);
    const contact = page.getByRole('region', { name: 'Contact' });
    await contact.getByText(`${email} · Not confirmed: nothing is e-mailed to it yet`).waitFor();
    const check = page.getByRole('region', { name: 'Check the e-mail address' });
    await check.getByRole('button', { name: 'Send code' }).click();
    await check.getByText(`Code sent by e-mail to ${email}.`, { exact: false }).waitFor();
    const mails = await waitUntil(
      () => mailsTo(email),
      (m) => m.length > 0,
    );
    expect(mails.map((m) => m.event)).toEqual(['patient.email-code']);
    const code = /Your code is (\d{6})\./.exec(mails[0].text)![1];
    expect(await seriousViolations(page, 'patient page, e-mail check at 1280 px')).toEqual([]);
    await page.setViewportSize(PHONE);
    expect(await seriousViolations(page, 'patient page, e-mail check at 390 px')).toEqual([]);

    await check.getByLabel('Code', { exact: true }).fill(code);
    await check.getByRole('button', { name: 'Check code' }).click();
    await dialogSays(page, 'E-mail address confirmed');
    await page.locator('.swal2-confirm').click();
    await contact.getByText(`${email} · Confirmed`).waitFor();
    expect(await check.count()).toBe(0);
    expect((await adminDb().collection('patients').doc(booked.get('patientId')).get()).get('emailVerifiedAt')).toBeTruthy();
  });
});
