/**
 * Data protection in the browser (Act 843): the privacy page from the footer, the newsletter
 * mail's Unsubscribe page and one-click unsubscribe through Hosting, and 'Download my data'
 * on the profile.
 */
import { readFile } from 'node:fs/promises';
import { randomUUID } from 'node:crypto';
import { adminAuth, adminDb, waitUntil } from './support/admin';
import { createActivatedPatient, idTokenFor, loginThroughUi } from './support/accounts';
import { DESKTOP, useBrowser, newContext, PHONE, SITE_URL } from './support/browser';
import { dialogSays } from './support/dialogs';
import { throughFrontEnd } from '../functions/src/test-support/client';
import { mailsTo as delivered } from './support/mail';

jest.setTimeout(90_000);

const browser = useBrowser();

/** The mails to an address: the text, and the one-click headers (RFC 2369, RFC 8058). */
const mailsTo = async (email: string) =>
  (await delivered(email)).map((m) => ({
    text: m.text,
    listUnsubscribe: String(m.headers['List-Unsubscribe'] ?? '').replace(/^<|>$/g, ''),
    listUnsubscribePost: m.headers['List-Unsubscribe-Post'],
  }));

const subscribed = async (email: string) => !(await adminDb().collection('newsletter').where('email', '==', email).get()).empty;

describe('data protection', () => {
  it("when the footer's Privacy policy is followed, then the site's own page says what is kept, why, for how long, and the rights", async () => {
    const page = await (await newContext(browser(), PHONE)).newPage();
    await page.goto('/');
    await page.getByRole('contentinfo').getByRole('link', { name: 'Privacy policy' }).click();
    await page.waitForURL(`${SITE_URL}/privacy`);
    for (const heading of ['What we collect and why', 'Who sees it', 'How long we keep it', 'Your rights', 'Contact us']) {
      await page.getByRole('heading', { name: heading }).waitFor();
    }
    await expect(page.title()).resolves.toMatch(/Privacy policy/);
  });

  it('when a subscriber opens the link in the welcome mail, then nothing changes until they press Unsubscribe; then the page confirms and the address is gone', async () => {
    const email = `reader-${randomUUID().slice(0, 8)}@example.com`;
    const page = await (await newContext(browser(), PHONE)).newPage();
    await page.goto('/');
    await page
      .getByLabel(/e-?mail/i)
      .last()
      .fill(email);
    await page.getByRole('button', { name: 'Subscribe' }).click();
    await page.locator('.swal2-title').getByText('Subscribed').waitFor();

    const [mail] = await waitUntil(
      () => mailsTo(email),
      (mails) => mails.length > 0,
    );
    const link = /http:\/\/127\.0\.0\.1:5000\/unsubscribe\?token=\S+/.exec(mail.text)?.[0];
    expect(link).toBeDefined();

    // A mail scanner fetching the links changes nothing: the page, and the old API link (a redirect to the page).
    expect((await fetch(link as string)).status).toBe(200);
    const scanned = await fetch(mail.listUnsubscribe, { redirect: 'manual' });
    expect(scanned.status).toBe(303);
    expect(await subscribed(email)).toBe(true);

    await page.goto(link as string);
    await page.getByRole('heading', { name: 'Unsubscribe from our newsletter' }).waitFor();
    expect(await subscribed(email)).toBe(true);
    await page.getByRole('button', { name: 'Unsubscribe' }).click();
    await page.getByRole('status').getByText('You have been unsubscribed from our newsletter').waitFor();
    expect(await subscribed(email)).toBe(false);
  });

  it("when a mail program posts one-click to the mail's List-Unsubscribe address through Hosting, then the address is gone; a bad token changes nothing", async () => {
    const email = `one-click-${randomUUID().slice(0, 8)}@example.com`;
    const signUp = await fetch(`${SITE_URL}/api/subscriptions/news`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', ...throughFrontEnd() },
      body: JSON.stringify({ email }),
    });
    expect(signUp.status).toBe(201);
    const [mail] = await waitUntil(
      () => mailsTo(email),
      (mails) => mails.length > 0,
    );
    expect(mail.listUnsubscribePost).toBe('List-Unsubscribe=One-Click');
    const oneClick = (url: string) =>
      fetch(url, {
        method: 'POST',
        headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
        body: 'List-Unsubscribe=One-Click',
      });

    const bad = await oneClick(mail.listUnsubscribe.replace(/.{2}$/, 'xx'));
    expect(bad.status).toBe(400);
    expect((await bad.json()).msg).toMatch(/unsubscribe link is not valid/);
    expect(await subscribed(email)).toBe(true);

    expect((await oneClick(mail.listUnsubscribe)).status).toBe(200);
    expect(await subscribed(email)).toBe(false);
  });

  it('when a patient presses Download my data on the profile, then a page they can read is saved, with the same data as JSON beside it, without internal fields', async () => {
    const patient = await createActivatedPatient();
    const context = await newContext(browser(), DESKTOP, { acceptDownloads: true });
    const page = await context.newPage();
    await loginThroughUi(page, patient, '/dashboard/profile');
    await page.getByRole('heading', { name: 'My data' }).waitFor();
    const [document] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('button', { name: 'Download my data' }).click(),
    ]);
    expect(document.suggestedFilename()).toMatch(/^expmed-health-my-data-\d{4}-\d{2}-\d{2}\.html$/);
    const html = await readFile((await document.path()) as string, 'utf8');
    expect([...html.matchAll(/<h2>(.*?)<\/h2>/g)].map((m) => m[1])).toEqual([
      'Your account',
      'Appointments',
      'Your medical record',
      'Payments',
      'Newsletter',
      'Messages and enquiries',
    ]);
    expect(html).toContain(patient.email);
    expect(html).not.toMatch(/notificationToken|buildNumber|Notification token|Build number/);
    await page
      .getByRole('status')
      .getByText(/^Saved expmed-health-my-data-.*\.html to your downloads/)
      .waitFor();

    const [json] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('button', { name: 'Download as JSON' }).click(),
    ]);
    expect(json.suggestedFilename()).toMatch(/^expmed-health-my-data-\d{4}-\d{2}-\d{2}\.json$/);
    const data = JSON.parse(await readFile((await json.path()) as string, 'utf8'));
    expect(data.profile).toMatchObject({ emailAddress: patient.email, firstName: patient.firstName, accountStatus: 'Activated' });
    expect(data.subscriptions).toEqual([]);
    expect(data.appointments).toEqual([]);
    expect(JSON.stringify(data)).not.toMatch(/hash|uniqueCode|notificationToken|buildNumber/i);
  });

  it('when a patient changes their phone on the profile and then deletes the account with their password, then it is stored, then erased, and signing in fails', async () => {
    const patient = await createActivatedPatient();
    const newsletter = await fetch(`${SITE_URL}/api/subscriptions/news`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', ...throughFrontEnd() },
      body: JSON.stringify({ email: patient.email }),
    });
    expect(newsletter.status).toBe(201);
    const page = await (await newContext(browser(), DESKTOP)).newPage();
    page.setDefaultTimeout(15_000);
    await loginThroughUi(page, patient, '/dashboard/profile');

    // The consents: treatment with its date and notice version; the newsletter can be left here.
    const consents = page.getByRole('region', { name: 'My consents' });
    await consents.getByText(/given on .*under the privacy notice of/).waitFor();
    await consents.getByRole('button', { name: 'Withdraw marketing consent' }).click();
    await page.getByRole('button', { name: 'Yes, withdraw' }).click();
    await page.locator('.swal2-title').getByText('Deleted!').waitFor();
    await page.locator('.swal2-confirm').click();
    await consents.getByText('not subscribed.').waitFor();
    expect(await subscribed(patient.email)).toBe(false);

    const details = page.getByRole('form', { name: 'My details' });
    await details.getByLabel('Phone Number').fill('020 555 1234');
    await details.getByRole('button', { name: 'Save Changes' }).click();
    await dialogSays(page, 'Saved!');
    await page.locator('.swal2-confirm').click();
    const uid = (await adminAuth().getUserByEmail(patient.email)).uid;
    const stored = await waitUntil(
      async () => (await adminDb().collection('patients').doc(uid).get()).data(),
      (p) => p?.contactNumber === '+233205551234',
    );
    expect(stored).toMatchObject({ contactNumber: '+233205551234', emailAddress: patient.email });

    // Deleting asks for the password again: a wrong one deletes nothing.
    const erase = page.getByRole('form', { name: 'Delete my account' });
    await erase.getByLabel(/^Password/).fill('not-my-password');
    await erase.getByRole('button', { name: 'Delete my account' }).click();
    await page.getByRole('button', { name: 'Yes, delete it' }).click();
    await page.locator('.swal2-title').getByText('Oops').waitFor();
    await page.locator('.swal2-confirm').click();
    expect((await adminDb().collection('patients').doc(uid).get()).exists).toBe(true);

    await erase.getByLabel(/^Password/).fill(patient.password);
    await erase.getByRole('button', { name: 'Delete my account' }).click();
    await page.getByRole('button', { name: 'Yes, delete it' }).click();
    // The outcome's dialog (success or the reason it failed), once the confirm dialog has gone.
    const outcome = page.locator('.swal2-popup', { has: page.locator('.swal2-title', { hasText: /^(Deleted!|Oops)$/ }) });
    await outcome.waitFor();
    expect(await outcome.locator('.swal2-title').textContent()).toBe('Deleted!');
    expect(await outcome.locator('.swal2-html-container').textContent()).toBe(
      'Your account has been deleted. We have e-mailed you a confirmation.',
    );
    await page.waitForURL(`${SITE_URL}/signup`);
    expect((await adminDb().collection('patients').doc(uid).get()).exists).toBe(false);
    expect(await page.evaluate(() => Object.keys(localStorage))).toEqual([]);
    await expect(idTokenFor(patient.email, patient.password)).rejects.toThrow();

    // Signing in through the site fails too.
    await page.locator('.swal2-confirm').click();
    await page.goto('/signup?mode=login');
    const login = page.getByRole('form', { name: 'Login' });
    await login.getByLabel('Email Address').fill(patient.email);
    await login.getByLabel(/^Password/).fill(patient.password);
    await login.getByRole('button', { name: 'Login' }).click();
    await page.locator('.swal2-popup').waitFor();
    expect(new URL(page.url()).pathname).toBe('/signup');
  });
});
