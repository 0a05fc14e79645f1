/**
 * Data protection in the browser (Act 843): the privacy page from the footer, the newsletter
 * mail's unsubscribe link through Hosting, and 'Download my data' on the profile.
 */
import { readFile } from 'node:fs/promises';
import { randomUUID } from 'node:crypto';
import { adminDb, waitUntil } from './support/admin';
import { createActivatedPatient, loginThroughUi } from './support/accounts';
import { DESKTOP, useBrowser, newContext, PHONE, SITE_URL } from './support/browser';

jest.setTimeout(90_000);

const browser = useBrowser();

const mailTextsTo = async (email: string) =>
  (await adminDb().collection('mail').where('to', '==', email).get()).docs.map((d) => String(d.get('message.text')));

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

  it('when a subscriber opens the link in the welcome mail, then the site says they are unsubscribed and the address is gone', async () => {
    const email = `reader-${randomUUID().slice(0, 8)}@example.com`;
    const page = await (await newContext(browser(), PHONE)).newPage();
    await page.goto('/');
    await page
      .getByLabel(/e-?mail/i)
      .last()
      .fill(email);
    await page.getByRole('button', { name: 'Subscribe' }).click();
    await page.locator('.swal2-title').getByText('Subscribed').waitFor();

    const [text] = await waitUntil(
      () => mailTextsTo(email),
      (texts) => texts.length > 0,
    );
    const link = /http:\/\/127\.0\.0\.1:5000\/api\/subscriptions\/news\/unsubscribe\?token=\S+/.exec(text)?.[0];
    expect(link).toBeDefined();
    await page.goto(link as string);
    await page.waitForURL(`${SITE_URL}/privacy?newsletter=unsubscribed`);
    await page.getByRole('status').getByText('You have been unsubscribed from our newsletter').waitFor();
    const stored = await adminDb().collection('newsletter').where('email', '==', email).get();
    expect(stored.size).toBe(0);
  });

  it('when a patient presses Download my data on the profile, then a JSON file with their profile, packages and appointments is saved', async () => {
    const patient = await createActivatedPatient();
    const context = await browser().newContext({ viewport: DESKTOP, baseURL: SITE_URL, acceptDownloads: true });
    const page = await context.newPage();
    await loginThroughUi(page, patient, '/dashboard/profile');
    await page.getByRole('heading', { name: 'My data' }).waitFor();
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('button', { name: 'Download my data' }).click(),
    ]);
    expect(download.suggestedFilename()).toMatch(/^expmed-health-my-data-\d{4}-\d{2}-\d{2}\.json$/);
    const data = JSON.parse(await readFile((await download.path()) as string, 'utf8'));
    expect(data.profile).toMatchObject({ emailAddress: patient.email, firstName: patient.firstName, accountStatus: 'Activated' });
    expect(data.subscriptions).toEqual([]);
    expect(data.appointments).toEqual([]);
    expect(JSON.stringify(data)).not.toMatch(/hash|uniqueCode/i);
  });
});
