import { useBrowser, newContext, PHONE, SITE_URL } from './support/browser';
import { emulatorAddress } from './support/emulators';
import { PAGE_HEADINGS, pageShows } from './support/pages';

const browser = useBrowser();

describe('the site through the Hosting emulator', () => {
  it('when a visitor opens the home page, then the welcome and the menu are shown', async () => {
    const page = await (await newContext(browser())).newPage();
    await page.goto('/');
    await pageShows(page, PAGE_HEADINGS['/']);
    const menu = page.getByRole('navigation', { name: 'Main' });
    for (const label of ['Home', 'About Us', 'Services', 'Packages', 'Contact Us', 'Products', 'Sign Up', 'Book Appointment']) {
      await expect(menu.getByRole('link', { name: label, exact: true }).first().isVisible()).resolves.toBe(true);
    }
  });

  it('when a visitor uses the navbar, then each page opens at its route', async () => {
    const page = await (await newContext(browser())).newPage();
    await page.goto('/');
    const menu = page.getByRole('navigation', { name: 'Main' });
    const cases: [string, string, RegExp][] = [
      ['Contact Us', '/contact-us', /Contact Us/],
      ['Products', '/products', /Products/],
      ['Sign Up', '/signup', /Sign Up/],
      ['Book Appointment', '/appointment-page', /Book Appointment/],
    ];
    for (const [label, path, heading] of cases) {
      await menu.getByRole('link', { name: label, exact: true }).first().click();
      await page.waitForURL(`${SITE_URL}${path}`);
      // The page is a lazy chunk: wait for its heading to replace the previous one.
      await page.getByRole('heading', { level: 1, name: heading }).waitFor();
    }
  });

  it('when a visitor picks Services from another page, then the home page opens at that section', async () => {
    const page = await (await newContext(browser())).newPage();
    await page.goto('/products');
    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Services', exact: true }).first().click();
    await page.waitForURL(`${SITE_URL}/`);
    await page.waitForFunction(() => {
      const top = document.getElementById('services')?.getBoundingClientRect().top ?? 9999;
      return Math.abs(top) < 120;
    });
  });

  it('when the phone menu is used, then the side drawer opens and closes on selection', async () => {
    const page = await (await newContext(browser(), PHONE)).newPage();
    await page.goto('/');
    await page.getByRole('button', { name: 'Open menu' }).click();
    const drawer = page.getByRole('dialog', { name: 'Menu' });
    await drawer.waitFor({ state: 'visible' });
    await drawer.getByRole('link', { name: 'Products' }).click();
    await page.waitForURL(`${SITE_URL}/products`);
    await drawer.waitFor({ state: 'hidden' });
  });

  it('when an unknown path is opened, then the visitor lands on the home page', async () => {
    const page = await (await newContext(browser())).newPage();
    await page.goto('/no/such/page');
    await page.waitForURL(`${SITE_URL}/`);
  });
});

describe('the API through Hosting', () => {
  it('when /api/health is called, then it answers 200 in the envelope', async () => {
    const res = await fetch(`${SITE_URL}/api/health`);
    expect(res.status).toBe(200);
    await expect(res.json()).resolves.toEqual({ statusCode: 200, msg: 'The API is up.', data: { status: 'ok' } });
  });

  it('when an unknown API path is called, then it answers a 404 envelope, not the site', async () => {
    const res = await fetch(`${SITE_URL}/api/nowhere`);
    expect(res.status).toBe(404);
    expect((await res.json()).statusCode).toBe(404);
  });

  it("when the JSON is malformed, then the Functions runtime's own parser answers 400", async () => {
    const res = await fetch(`${SITE_URL}/api/health`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: '{bad',
    });
    expect(res.status).toBe(400);
  });

  it('when a body is over 64 KB, then the runtime-parsed request still gets the 413 envelope', async () => {
    const body = JSON.stringify({ text: 'x'.repeat(100 * 1024) });
    const res = await fetch(`${SITE_URL}/api/health`, { method: 'POST', headers: { 'Content-Type': 'application/json' }, body });
    expect(res.status).toBe(413);
    expect((await res.json()).statusCode).toBe(413);
  });

  it('when an appointment body is between 64 KB and 1 MB, then it passes the size check through Hosting (and meets the login check)', async () => {
    const body = JSON.stringify({ appointmentFiles: 'x'.repeat(300 * 1024) });
    const res = await fetch(`${SITE_URL}/api/appointments`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body,
    });
    expect(res.status).toBe(401);
    expect((await res.json()).statusCode).toBe(401);
  });

  it('when an appointment body is over 1 MB, then the function answers the 413 envelope; the Hosting emulator proxy fails before it', async () => {
    const body = JSON.stringify({ appointmentFiles: 'x'.repeat(1200 * 1024) });
    const init = { method: 'POST', headers: { 'Content-Type': 'application/json' }, body };
    const direct = await fetch(`http://${emulatorAddress('functions')}/demo-healthcare/europe-west1/api/appointments`, init);
    expect(direct.status).toBe(413);
    expect((await direct.json()).statusCode).toBe(413);
    // Platform fact (design.md): the Hosting emulator's proxy cannot pass bodies over 1 MiB,
    // which is why prescription photos are resized in the browser.
    const viaHosting = await fetch(`${SITE_URL}/api/appointments`, init);
    expect(viaHosting.ok).toBe(false);
  });
});
