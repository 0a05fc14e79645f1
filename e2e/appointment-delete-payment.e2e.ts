/**
 * Deleting an appointment the patient has just paid for, before the provider's callback
 * arrives: the real site through Hosting, the API in the Functions emulator, the payment
 * sandbox (its callback held back through /__control) and the Firestore emulator.
 */
import { adminDb } from './support/admin';
import { createActivatedPatient, loginThroughUi, openBookingForm } from './support/accounts';
import { DESKTOP, useBrowser, newContext } from './support/browser';
import { dialogCloses } from './support/dialogs';

const SANDBOX = 'http://127.0.0.1:5005';

jest.setTimeout(90_000);

const browser = useBrowser();

const sandbox = (path: string, body: unknown) =>
  fetch(`${SANDBOX}${path}`, { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify(body) });

const appointmentsOf = async (uid: string) =>
  (await adminDb().collection('appointments').where('patientId', '==', uid).get()).docs.map((d) => ({ id: d.id, ...d.data() }));

describe('deleting an appointment while its payment is on its way', () => {
  it('when the patient paid but the callback has not arrived, then Delete explains it was paid, keeps it and shows it Paid', async () => {
    const patient = await createActivatedPatient();
    const page = await (await newContext(browser(), DESKTOP)).newPage();
    await loginThroughUi(page, patient);
    const form = await openBookingForm(page, patient);
    await form.getByLabel('Service').selectOption({ label: 'Labs/Medical Checkup' });
    await form.getByLabel('Lipid Profile').check();
    const day = new Date(Date.now() + (3 + Math.floor(Math.random() * 200)) * 86_400_000).toISOString().slice(0, 10);
    await form.getByLabel('Preferred Date').fill(day);
    await form.getByRole('button', { name: 'Submit' }).click();
    await page.locator('.swal2-title').getByText('Submit Appointment?').waitFor();
    await page.locator('.swal2-confirm').click();

    // The checkout has started; the patient leaves the frame, then pays on the phone and the callback is slow.
    const frame = page.frameLocator('iframe[title="Secure checkout"]');
    await frame.getByRole('button', { name: 'Cancel' }).click();
    await page.locator('.swal2-title').getByText('Payment not completed').waitFor({ timeout: 20_000 });
    await page.locator('.swal2-confirm').click();
    const [booked] = await appointmentsOf(patient.uid!);
    const clientReference = String((booked as { clientReference?: string }).clientReference);
    await sandbox('/__control/faults', { clientReference, faults: { callback: 'drop' } });
    expect((await sandbox('/__control/pay', { clientReference })).status).toBe(200);

    await page.goto('/dashboard');
    await page.getByRole('button', { name: /Labs\/Medical Checkup/ }).click();
    await page.getByRole('button', { name: 'Delete' }).click();
    await page.locator('.swal2-title').getByText('Delete Appointment?').waitFor();
    await page.locator('.swal2-confirm').click();
    await page.locator('.swal2-title').getByText('Oops').waitFor();
    expect(await page.locator('.swal2-html-container').textContent()).toMatch(
      /^This appointment has been paid, so it cannot be deleted\./,
    );
    await page.locator('.swal2-confirm').click();
    await dialogCloses(page);
    await page.getByRole('button', { name: 'Make Payment' }).waitFor({ state: 'detached' });
    await page.getByRole('button', { name: 'Delete' }).waitFor({ state: 'detached' });

    const [stored] = await appointmentsOf(patient.uid!);
    expect(stored).toMatchObject({ id: booked.id, paymentStatus: 'Paid' });
    await sandbox('/__control/reset', { clientReference });
  });
});
