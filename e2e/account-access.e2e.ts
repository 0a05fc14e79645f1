/**
 * docs/security.md, Accounts through Hosting: a patient who signed up but never entered the mailed
 * code is refused (403) when subscribing, and the site takes them to the account check page.
 */
import { adminDb } from './support/admin';
import { createPatient, idTokenFor } from './support/accounts';
import { useBrowser, newContext, PHONE, SITE_URL } from './support/browser';

jest.setTimeout(90_000);

const browser = useBrowser();

const subscriptionsOf = async (uid: string) =>
  (await adminDb().collection('subscriptions').where('patientId', '==', uid).get()).size;

describe('an account that is not verified yet', () => {
  it('when it subscribes through the API, then 403 says to enter the code and nothing is stored', async () => {
    const patient = await createPatient({}, { activated: false });
    const res = await fetch(`${SITE_URL}/api/subscriptions`, {
      method: 'POST',
      headers: {
        'Content-Type': 'application/json',
        Authorization: `Bearer ${await idTokenFor(patient.email, patient.password)}`,
      },
      body: JSON.stringify({ packageId: 'individual' }),
    });
    expect(res.status).toBe(403);
    expect((await res.json()).msg).toBe('Please finish verifying your account first: enter the code we e-mailed you.');
    expect(res.headers.get('cache-control')).toBe('private, no-store');
    expect(await subscriptionsOf(patient.uid)).toBe(0);
  });

  it('when it picks a package on the site, then it lands on the account check page and nothing is stored', async () => {
    const patient = await createPatient({}, { activated: false });
    const page = await (await newContext(browser(), PHONE)).newPage();
    // Signed in, but never verified: the login leaves them on /auth; they go to the packages anyway.
    await page.goto('/signup?mode=login');
    const form = page.getByRole('form', { name: 'Login' });
    await form.getByLabel('Email Address').fill(patient.email);
    await form.getByLabel(/^Password/).fill(patient.password);
    await form.getByRole('button', { name: 'Login' }).click();
    await page.waitForURL((url) => url.pathname === '/auth');
    await page.goto('/packages');
    await page.getByRole('button', { name: /Get Started/ }).click();
    await page.waitForURL(`${SITE_URL}/auth?returnUrl=%2Fpackages`);
    expect(await subscriptionsOf(patient.uid)).toBe(0);
  });
});
