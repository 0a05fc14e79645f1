/**
 * After a deploy, a phone still holding an older page asks for script chunks the new build
 * no longer has. Hosting answers those 404 (firebase.json: the app shell is rewritten for
 * every path but /assets/), never the HTML shell as a script, and the site recovers from a
 * chunk that fails to download: it reloads once (the fresh page names chunks that exist) and,
 * when that fails too, says so in plain words with Try again, without reloading in a loop
 * (web/src/lib/chunk-recovery.ts). Real Hosting emulator and Chromium; Playwright's routing
 * plays the failed download.
 */
import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import type { BrowserContext, Page } from 'playwright-core';
import { seriousViolations } from './support/axe';
import { SITE_URL, PHONE, useBrowser } from './support/browser';
import { STAFF_LOGINS } from './support/staff';

jest.setTimeout(90_000);

const browser = useBrowser();
const ASSETS = join(__dirname, '..', 'web', 'dist', 'assets');
/** A chunk of the build Hosting serves, by the start of its name (e.g. 'faqs-page-'). */
const builtChunk = (prefix: string) => {
  const name = readdirSync(ASSETS).find((f) => f.startsWith(prefix) && f.endsWith('.js'));
  if (!name) throw new Error(`No ${prefix}*.js in web/dist/assets: build first (npm run build).`);
  return name;
};

describe('assets after a deploy', () => {
  it('when a chunk the build does not have is asked for, then Hosting answers 404, not the app shell, and no browser keeps that 404 long', async () => {
    const res = await fetch(`${SITE_URL}/assets/faqs-page-0ld8uild.js`);
    expect(res.status).toBe(404);
    // After a rollback the file is back: a browser may keep the 404 an hour at most, the CDN until the next release purges it.
    expect(res.headers.get('cache-control')).not.toMatch(/immutable/);
    expect(Number(/(?:^|[ ,])max-age=(\d+)/.exec(res.headers.get('cache-control') ?? '')?.[1] ?? 0)).toBeLessThanOrEqual(3600);
    expect(res.headers.get('content-type')).not.toMatch(/javascript/);
    expect(await res.text()).not.toContain('<div id="root"');
  });

  it('when a chunk of this build is asked for, then it is JavaScript, kept an hour by browsers and until the next release by the CDN', async () => {
    const res = await fetch(`${SITE_URL}/assets/${builtChunk('faqs-page-')}`);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/javascript/);
    expect(res.headers.get('cache-control')).toBe('public, max-age=3600, s-maxage=31536000');
  });

  it.each(['/dashboard', '/staff/roles', '/assets', '/assetsx/y'])(
    'when %s (a page path, not a file under /assets/) is opened, then the app shell answers, not cached',
    async (path) => {
      const res = await fetch(`${SITE_URL}${path}`);
      expect(res.status).toBe(200);
      expect(res.headers.get('cache-control')).toBe('no-cache');
      expect(await res.text()).toContain('<div id="root"');
    },
  );
});

/**
 * A tab whose downloads of the chunk named `prefix...js` fail while the page is in one of its
 * first `failingLoads` loads; `loads()` counts the page's loads (each reload is one).
 */
async function pageWithFailingChunk(prefix: string, failingLoads: number) {
  // No service worker: it would answer some downloads from its own cache, out of the routing's sight.
  const context: BrowserContext = await browser().newContext({ viewport: PHONE, baseURL: SITE_URL, serviceWorkers: 'block' });
  const page: Page = await context.newPage();
  let loads = 0;
  page.on('request', (request) => {
    if (request.isNavigationRequest() && request.frame() === page.mainFrame()) loads++;
  });
  let failed = 0;
  const chunk = new RegExp(`/assets/${prefix}[^/]*\\.js$`);
  await context.route(chunk, async (route) => {
    if (loads > failingLoads) return route.continue();
    failed++;
    return route.abort('internetdisconnected');
  });
  return { page, loads: () => loads, failed: () => failed, heal: () => context.unroute(chunk) };
}

const notLoaded = (page: Page) => page.getByRole('heading', { level: 1, name: 'This page did not load' });

/**
 * The error screen as the person reads it, with the page's load it came on: a failure then
 * says which error reached the screen (a chunk failure, or something else) and when.
 */
const errorScreen = async (tab: { page: Page; loads: () => number }) => ({
  load: tab.loads(),
  text: await tab.page.locator('main').innerText(),
});
/** What the screen says after the automatic reload, when the chunk failed on that load too. */
const CHUNK_FAILED_AFTER_ONE_RELOAD = {
  load: 2,
  text: expect.stringContaining('Part of the site could not be downloaded'),
};

describe('a page whose chunk fails to download', () => {
  it('when it fails once, then the page reloads once on its own and shows the page', async () => {
    const tab = await pageWithFailingChunk('faqs-page-', 1);
    await tab.page.goto('/faqs');
    await tab.page.waitForFunction(() => document.documentElement.dataset.app === 'ready');
    await tab.page.getByRole('heading', { level: 1, name: 'Frequently asked questions' }).waitFor();
    expect(tab.failed()).toBeGreaterThan(0);
    expect(tab.loads()).toBe(2);
    expect(await notLoaded(tab.page).count()).toBe(0);
  });

  it('when it fails twice, then after one reload the page says so in plain words, and Try again loads it once the network is back', async () => {
    const tab = await pageWithFailingChunk('faqs-page-', 2);
    await tab.page.goto('/faqs');
    await notLoaded(tab.page).waitFor();
    // Shown instead of reloading again: exactly one automatic reload, no loop.
    expect(await errorScreen(tab)).toEqual(CHUNK_FAILED_AFTER_ONE_RELOAD);
    await tab.page.getByText(/could not be downloaded.*Check that you are online, then try again/).waitFor();
    expect(await tab.page.title()).toMatch(/^This page did not load/);
    expect(await seriousViolations(tab.page, 'chunk failure page')).toEqual([]);

    await tab.heal();
    await tab.page.getByRole('button', { name: 'Try again' }).click();
    await tab.page.getByRole('heading', { level: 1, name: 'Frequently asked questions' }).waitFor();
    expect(tab.loads()).toBe(3);
  });

  it('when the staff console’s chunk fails twice, then the console says so after one reload', async () => {
    const tab = await pageWithFailingChunk('staff-layout-', 2);
    await tab.page.goto('/staff');
    await notLoaded(tab.page).waitFor();
    expect(await errorScreen(tab)).toEqual(CHUNK_FAILED_AFTER_ONE_RELOAD);
    expect(await tab.page.getByRole('form', { name: 'Staff sign in' }).count()).toBe(0);

    await tab.heal();
    await tab.page.getByRole('button', { name: 'Try again' }).click();
    const signIn = tab.page.getByRole('form', { name: 'Staff sign in' });
    await signIn.getByLabel('Email Address').fill(STAFF_LOGINS.staff);
    expect(tab.loads()).toBe(3);
  });
});
