/**
 * Buying a package end to end: the real site through Hosting, the API and paymentCallback
 * in the Functions emulator, the payment sandbox (the provider's stand-in) in the frame.
 */
import type { Page } from 'playwright-core';
import { adminDb, waitUntil } from './support/admin';
import { createActivatedPatient, loginThroughUi, type TestPatient } from './support/accounts';
import { useBrowser, newContext, PHONE, SITE_URL } from './support/browser';
import { dialogSays } from './support/dialogs';
import { mailsTo } from './support/mail';

const SANDBOX = 'http://127.0.0.1:5005';

jest.setTimeout(90_000);

const browser = useBrowser();

const subscriptionsOf = async (uid: string) =>
  (await adminDb().collection('subscriptions').where('patientId', '==', uid).get()).docs.map((d) => d.data());

async function loggedInOnPackages(patient: TestPatient, viewport = PHONE): Promise<Page> {
  const page = await (await newContext(browser(), viewport)).newPage();
  await loginThroughUi(page, patient, '/packages');
  return page;
}

const dialogTitle = (page: Page) => page.locator('.swal2-title');

describe('buying a package', () => {
  it('when a visitor who is not logged in picks a package, then Oops / Please login to continue offers Sign up first, then Log in', async () => {
    const page = await (await newContext(browser(), PHONE)).newPage();
    await page.goto('/packages');
    await page.getByRole('button', { name: /Get Started/ }).click();
    await expect(dialogTitle(page).textContent()).resolves.toBe('Oops');
    await expect(page.locator('.swal2-html-container').textContent()).resolves.toBe('Please login to continue');
    // A new visitor has no account: Sign up is the first choice, Log in the second.
    expect(await page.locator('.swal2-actions button:visible').allTextContents()).toEqual(['Sign up', 'Log in', 'Cancel']);
    await page.getByRole('button', { name: 'Sign up' }).click();
    await page.waitForURL(`${SITE_URL}/signup?mode=register&returnUrl=%2Fpackages`);
    await page.getByRole('heading', { level: 1, name: 'Sign Up' }).waitFor();
  });

  it('when a patient pays the Student package by mobile money in the frame, then it is Paid with one receipt and the profile shows it', async () => {
    const patient = await createActivatedPatient();
    const page = await loggedInOnPackages(patient);
    await page.getByRole('button', { name: /Subscribe now.*Student/ }).click();

    const modal = page.getByRole('dialog', { name: 'Make Payment' });
    await modal.getByText(`${patient.firstName} ${patient.lastName}`).waitFor();
    const summary = await modal.locator('dl').textContent();
    expect(summary).toContain(`${patient.firstName} ${patient.lastName}`);
    expect(summary).toContain(patient.email);
    expect(summary).toContain('Subscription for Student Package (GHS 49.00)');

    const frame = page.frameLocator('iframe[title="Secure checkout"]');
    await expect(frame.getByText('GHS 49.00').first().textContent()).resolves.toContain('GHS 49.00');
    await frame.getByLabel('Network').selectOption('MTN');
    await frame.getByLabel('Mobile Money number').fill('0244123456');
    await frame.getByRole('button', { name: 'Pay' }).click();
    await frame.getByText('Payment successful').first().waitFor();

    // The provider returns the frame to our page, which closes the modal; the server confirms.
    await dialogSays(page, 'Payment Successful', 20_000);
    const [sub] = await subscriptionsOf(patient.uid);
    expect(sub).toMatchObject({
      packageId: 'student',
      amount: 49,
      paymentStatus: 'Paid',
      isActive: true,
      paymentMethod: 'mobilemoney',
    });
    // The receipt is sent right after the payment's transaction: wait for it to be delivered.
    const receipts = await waitUntil(
      async () => (await mailsTo(patient.email)).filter((m) => m.subject.startsWith('Payment received')),
      (mails) => mails.length > 0,
    );
    expect(receipts.map((m) => m.subject)).toEqual(['Payment received: Subscription for Student Package']);

    await page.locator('.swal2-confirm').click();
    await page.waitForURL(`${SITE_URL}/dashboard/profile`);
    await page.getByText('Student Package').first().waitFor();
    await page.getByText('Active', { exact: true }).first().waitFor();
  });

  it('when the patient cancels in the frame, then the subscription stays Unpaid', async () => {
    const patient = await createActivatedPatient();
    const page = await loggedInOnPackages(patient);
    await page.getByRole('button', { name: /Subscribe now.*Student/ }).click();
    const frame = page.frameLocator('iframe[title="Secure checkout"]');
    await frame.getByRole('button', { name: 'Cancel' }).click();
    await dialogSays(page, 'Payment not completed', 20_000);
    const [sub] = await subscriptionsOf(patient.uid);
    expect(sub).toMatchObject({ packageId: 'student', amount: 49, paymentStatus: 'Unpaid', isActive: false });
  });

  it('when Corporate Wellness is picked, then the Make Enquiries form opens instead of a payment', async () => {
    const page = await (await newContext(browser(), PHONE)).newPage();
    await page.goto('/packages');
    await page.getByRole('button', { name: /Make Enquiries/ }).click();
    await page.getByRole('dialog', { name: 'Make Enquiries' }).waitFor();
  });
});

describe('the provider callback through Hosting', () => {
  it('when the sandbox posts its callback to /payment/callback, then the server confirms with the status API and marks it Paid', async () => {
    const patient = await createActivatedPatient();
    const token = await (
      await fetch('http://127.0.0.1:9099/identitytoolkit.googleapis.com/v1/accounts:signInWithPassword?key=demo-api-key', {
        method: 'POST',
        headers: { 'Content-Type': 'application/json' },
        body: JSON.stringify({ email: patient.email, password: patient.password, returnSecureToken: true }),
      })
    ).json();
    const call = async (path: string, body: unknown) =>
      (
        await fetch(`${SITE_URL}/api${path}`, {
          method: 'POST',
          headers: { 'Content-Type': 'application/json', Authorization: `Bearer ${token.idToken}` },
          body: JSON.stringify(body),
        })
      ).json();
    const { data: sub } = await call('/subscriptions', { packageId: 'family-care' });
    expect((await call('/payment/initiate', { clientReference: sub.clientReference })).statusCode).toBe(200);
    const paid = await fetch(`${SANDBOX}/__control/pay`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ clientReference: sub.clientReference }),
    });
    expect(paid.status).toBe(200);
    const [stored] = await waitUntil(
      () => subscriptionsOf(patient.uid),
      (list) => list[0]?.paymentStatus === 'Paid',
    );
    expect(stored).toMatchObject({ paymentStatus: 'Paid', amount: 249, isActive: true });
    const log = await (await fetch(`${SANDBOX}/__control/checkouts?clientReference=${sub.clientReference}`)).json();
    expect(log.callbacks).toEqual([expect.objectContaining({ status: 200 })]);
  });
});

describe('buying a product', () => {
  it('when a patient confirms a mobile money payment at checkout, then an order priced by the server is paid in the frame', async () => {
    const patient = await createActivatedPatient();
    const page = await (await newContext(browser(), PHONE)).newPage();
    await loginThroughUi(page, patient);
    await page.goto('/checkout?name=Vitamin%20C&price=0.01&quantity=2');
    const panel = page.getByRole('tabpanel');
    await panel.getByLabel('Mobile money number').fill('0241234567');
    await panel.getByLabel('Network').selectOption('MTN');
    await panel.getByRole('button', { name: 'Confirm Payment' }).click();

    const modal = page.getByRole('dialog', { name: 'Make Payment' });
    await modal.getByText('Order: 2 x Vitamin C (GHS 50.00)').waitFor();
    const frame = page.frameLocator('iframe[title="Secure checkout"]');
    await expect(frame.getByLabel('Mobile Money number').inputValue()).resolves.toBe('0241234567');
    await frame.getByRole('button', { name: 'Pay' }).click();
    await dialogSays(page, 'Payment Successful', 20_000);

    const orders = (await adminDb().collection('orders').where('patientId', '==', patient.uid).get()).docs.map((d) => d.data());
    expect(orders).toEqual([expect.objectContaining({ amount: 50, paymentStatus: 'Paid' })]);
  });
});
