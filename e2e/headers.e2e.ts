/**
 * Security headers as the Hosting emulator serves them (firebase.json, with the emulators'
 * Content-Security-Policy from deploy/emulators-csp.json: scripts/lib/hosting-config.mjs), and
 * that policy proven in Chromium: the pages work and nothing is refused.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { createActivatedPatient, idTokenFor, loginThroughUi } from './support/accounts';
import { launchBrowser, newContext, PHONE, SITE_URL } from './support/browser';
import { PAGE_HEADINGS, pageShows } from './support/pages';

jest.setTimeout(90_000);

const SANDBOX_ORIGIN = 'http://127.0.0.1:5005';
const EMULATORS_CSP = JSON.parse(readFileSync(join(__dirname, '../deploy/emulators-csp.json'), 'utf8')) as Record<
  string,
  string[]
>;

const headersOf = async (path: string) => (await fetch(`${SITE_URL}${path}`, { redirect: 'manual' })).headers;

/** The CSP's directives by name, e.g. { 'frame-src': ["'self'", 'http://...'] }. */
function directives(csp: string): Record<string, string[]> {
  return Object.fromEntries(
    csp
      .split(';')
      .map((d) => d.trim().split(/\s+/))
      .filter(([name]) => name)
      .map(([name, ...values]) => [name, values]),
  );
}

describe('security headers from Hosting', () => {
  it.each(['/', '/packages', '/signup', '/privacy', '/dashboard/profile', '/payment-return.html', '/favicon.svg', '/api/health'])(
    'when %s is fetched, then it carries the CSP, HSTS, nosniff, Referrer-Policy and Permissions-Policy',
    async (path) => {
      const headers = await headersOf(path);
      expect(headers.get('strict-transport-security')).toMatch(/max-age=\d{8,}/);
      expect(headers.get('x-content-type-options')).toBe('nosniff');
      expect(headers.get('referrer-policy')).toBe('strict-origin-when-cross-origin');
      // The site's own pages may use the camera and microphone (the visit), no frame or other origin may.
      expect(headers.get('permissions-policy')).toMatch(/camera=\(self\), microphone=\(self\)/);
      const csp = directives(headers.get('content-security-policy') ?? '');
      expect(csp['default-src']).toEqual(["'self'"]);
      expect(csp['script-src']).toEqual(["'self'"]);
      expect(csp['img-src']).toEqual(["'self'", 'data:']);
      expect(csp['frame-ancestors']).toEqual(["'self'"]);
      expect(csp['object-src']).toEqual(["'none'"]);
      expect(csp['frame-src']).toEqual(["'self'", SANDBOX_ORIGIN]);
      expect(csp['connect-src']).toEqual(
        expect.arrayContaining(["'self'", 'https://identitytoolkit.googleapis.com', 'https://securetoken.googleapis.com']),
      );
      // The whole policy is the emulators' one, and it lets the web SDK reach the Firestore emulator (video visits).
      expect(csp).toEqual(EMULATORS_CSP);
      expect(csp['connect-src']).toContain('http://127.0.0.1:8080');
    },
  );

  it('when malformed JSON reaches the Functions runtime through Hosting, then its 400 carries no stack trace', async () => {
    // The runtime parses JSON before the app; NODE_ENV=production (functions/.env.local, as on Cloud Functions) keeps its answer bare.
    const res = await fetch(`${SITE_URL}/api/feedback`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', 'X-Forwarded-For': '10.200.0.1' },
      body: '{"email": ',
    });
    expect(res.status).toBe(400);
    const text = await res.text();
    expect(text).not.toMatch(/\bat |node_modules|SyntaxError|\.js:\d+/);
  });

  it('when the API answers directly on the function, then it is nosniff too', async () => {
    const res = await fetch('http://127.0.0.1:5001/demo-healthcare/europe-west1/api/health');
    expect(res.headers.get('x-content-type-options')).toBe('nosniff');
  });
});

describe('Cache-Control through Hosting', () => {
  it.each(['/', '/packages', '/signup', '/dashboard/profile', '/payment-return.html'])(
    'when the page %s is fetched, then browsers must revalidate it (no-cache)',
    async (path) => {
      expect((await headersOf(path)).get('cache-control')).toBe('no-cache');
    },
  );

  it.each(['/api/packages', '/api/doctors?specialty=All', '/api/labs/prices', '/api/products'])(
    "when the catalog's %s is fetched, then the function's cacheable header reaches the browser and the CDN",
    async (path) => {
      expect((await headersOf(path)).get('cache-control')).toBe('public, max-age=60, s-maxage=300');
    },
  );

  it("when a patient's own record is fetched, then no shared cache may keep it (private, no-store)", async () => {
    const patient = await createActivatedPatient();
    const res = await fetch(`${SITE_URL}/api/patient/${patient.uid}`, {
      headers: { Authorization: `Bearer ${await idTokenFor(patient.email, patient.password)}` },
    });
    expect(res.status).toBe(200);
    expect(res.headers.get('cache-control')).toBe('private, no-store');
    expect(res.headers.get('content-security-policy')).toMatch(/default-src 'self'/);
  });

  it('when a patient route is called without a token, then its 401 is private, no-store too', async () => {
    const res = await fetch(`${SITE_URL}/api/appointments/pending`);
    expect(res.status).toBe(401);
    expect(res.headers.get('cache-control')).toBe('private, no-store');
  });
});

describe('the pages under the Content-Security-Policy in Chromium', () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
  });

  /** A page that records every CSP refusal Chromium reports on its console. */
  async function watchedPage(): Promise<{ page: Page; refused: string[] }> {
    const page = await (await newContext(browser, PHONE)).newPage();
    const refused: string[] = [];
    page.on('console', (msg) => {
      if (/Content Security Policy|Content-Security-Policy/i.test(msg.text())) refused.push(msg.text());
    });
    return { page, refused };
  }

  it('when a visitor opens home, signup, privacy and a dialog, then nothing is refused', async () => {
    const { page, refused } = await watchedPage();
    await page.goto('/');
    await pageShows(page, PAGE_HEADINGS['/']);
    await page.goto('/signup');
    await pageShows(page, PAGE_HEADINGS['/signup']);
    await page.goto('/privacy');
    await page.getByRole('heading', { name: 'How we look after your information' }).waitFor();
    // SweetAlert2 injects its stylesheet: the dialog must still look like one.
    await page.goto('/packages');
    await page.getByRole('button', { name: /Get Started/ }).click();
    await page.locator('.swal2-popup').waitFor();
    expect(await page.locator('.swal2-popup').evaluate((el) => getComputedStyle(el).display)).toBe('grid');
    expect(refused).toEqual([]);

    // The watch itself works: an inline script (what an injection would add) is refused and seen.
    const reported = page.waitForEvent('console', (msg) => /Content Security Policy/i.test(msg.text()));
    await page.evaluate(() => document.body.append(Object.assign(document.createElement('script'), { textContent: 'void 0' })));
    await reported;
    expect(refused).toEqual([expect.stringMatching(/script-src/)]);
  });

  it('when a patient logs in, opens the appointment page and the payment frame, then nothing is refused', async () => {
    const patient = await createActivatedPatient();
    const { page, refused } = await watchedPage();
    await loginThroughUi(page, patient);
    await page.goto('/appointment-page');
    await pageShows(page, PAGE_HEADINGS['/appointment-page']);
    await page.goto('/packages');
    await page.getByRole('button', { name: /Subscribe now.*Student/ }).click();
    const frame = page.frameLocator('iframe[title="Secure checkout"]');
    await frame.getByRole('button', { name: 'Pay' }).waitFor();
    expect(refused).toEqual([]);
  });
});
