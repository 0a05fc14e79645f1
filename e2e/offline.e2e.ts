import type { Browser, BrowserContext, Page } from 'playwright-core';
import { launchBrowser, newContext, PHONE } from './support/browser';

let browser: Browser;
let context: BrowserContext;
let page: Page;
beforeAll(async () => {
  browser = await launchBrowser();
});
beforeEach(async () => {
  context = await newContext(browser, PHONE, { serviceWorkers: 'allow' });
  page = await context.newPage();
});
afterEach(async () => {
  await context?.close();
});
afterAll(async () => {
  await browser?.close();
});

/** The first visit: the page loads, then the service worker installs and takes control. */
async function firstVisit(path: string): Promise<void> {
  await page.goto(path, { waitUntil: 'load' });
  await page.waitForFunction(() => navigator.serviceWorker.controller !== null, undefined, { timeout: 20_000 });
}

/** Every URL the page's caches hold. */
const cachedUrls = (): Promise<string[]> =>
  page.evaluate(async () => {
    const urls: string[] = [];
    for (const name of await caches.keys()) {
      for (const request of await (await caches.open(name)).keys()) urls.push(request.url);
    }
    return urls;
  });

const heading = (name: string) => page.getByRole('heading', { level: 1, name });

describe('the offline app shell', () => {
  it('when a visitor comes back with the network off, then the home page and a public page they saw open from the cache', async () => {
    await firstVisit('/');
    await page.goto('/faqs');
    await heading('Frequently asked questions').waitFor();
    // The worker keeps a page once it has arrived (web/public/sw.js keepPage): wait for that, not for a quiet network.
    await page.waitForFunction(async () => (await caches.match('/faqs')) !== undefined);

    await context.setOffline(true);
    await page.reload();
    await heading('Frequently asked questions').waitFor({ timeout: 10_000 });
    await page.goto('/');
    await heading('Welcome to ExpMed Health: quality care wherever you are in Ghana').waitFor({ timeout: 10_000 });
  });

  it('when the network is off, then an API request fails instead of answering from a cache, and no API answer was ever cached', async () => {
    await firstVisit('/packages');
    const online = await page.evaluate(() => fetch('/api/packages').then((r) => r.status));
    expect(online).toBe(200);

    await context.setOffline(true);
    // no-store: past the browser's own HTTP cache (the catalog may be kept 60 s), so only the
    // service worker could answer.
    const offline = await page.evaluate(() =>
      fetch('/api/packages', { cache: 'no-store' }).then(
        (r) => `answered ${r.status}`,
        () => 'failed',
      ),
    );
    expect(offline).toBe('failed');
    const urls = await cachedUrls();
    expect(urls.length).toBeGreaterThan(0);
    expect(urls.filter((url) => /\/api\/|\/payment/.test(new URL(url).pathname))).toEqual([]);
  });
});
