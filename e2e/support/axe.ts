/** axe-core as the browser tests run it: serious and critical violations only, at phone and desktop width. */
import AxeBuilder from '@axe-core/playwright';
import { readFileSync } from 'node:fs';
import type { BrowserContext, Page, Request } from 'playwright-core';
import { DESKTOP, PHONE } from './browser';
import { pageShows } from './pages';

/**
 * axe-core, minified, comes with every document of a context once axe has checked one of its
 * pages: an init script, compiled as the page loads. Left to itself AxeBuilder sends its
 * unminified source (1.3 MB) and runs it twice for every check (the two axe files alone: 76-79
 * -> 66 CPU-s, docs/testing.md); told its source is ';', it injects nothing and configures the
 * axe already there.
 */
const AXE_SOURCE = readFileSync(require.resolve('axe-core/axe.min.js'), 'utf8');
const contextsWithAxe = new WeakSet<BrowserContext>();

/** Makes sure axe is in the page and its frames, as AxeBuilder's own injection did. */
async function putAxeInPage(page: Page): Promise<void> {
  const context = page.context();
  if (!contextsWithAxe.has(context)) {
    contextsWithAxe.add(context);
    await context.addInitScript({ content: AXE_SOURCE });
  }
  // Documents (the page's, its frames') loaded before the init script was added have not got it.
  for (const frame of page.frames()) {
    if (!(await frame.evaluate(() => 'axe' in window).catch(() => true))) await frame.evaluate(AXE_SOURCE);
  }
}

/** Rule id, impact and the CSS targets of every serious or critical violation on the page now. */
export async function seriousViolations(page: Page, label: string): Promise<string[]> {
  // Contrast is measured on what is painted: let opening fades and slides (SweetAlert2's, the
  // drawers') finish first. Endless ones (a spinner) are not waited for.
  await page.waitForFunction(
    () => document.getAnimations().every((a) => a.playState !== 'running' || a.effect?.getTiming().iterations === Infinity),
    undefined,
    { timeout: 10_000 },
  );
  // Legacy mode runs axe once in the page, reaching its same-origin frames; the default opens a
  // blank page for every check to merge the frames' results, which doubled the accessibility
  // suites' time. It does not reach a cross-origin frame: the one the site shows, the payment
  // provider's checkout, is checked as a page of its own (accessibility.e2e.ts).
  // Only violations are read: axe then skips collecting every passing node, which is most of its time.
  await putAxeInPage(page);
  const { violations } = await new AxeBuilder({ page, axeSource: ';' })
    .setLegacyMode()
    .options({ resultTypes: ['violations'] })
    .analyze();
  return violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => `${label}: ${v.id} (${v.impact}) ${v.help} -> ${v.nodes.map((n) => n.target.join(' ')).join(' | ')}`);
}

/** axe with the dialog open, at the page's current width. */
export async function checkDialog(page: Page, label: string, dialog: ReturnType<Page['locator']>): Promise<string[]> {
  await dialog.waitFor();
  return seriousViolations(page, label);
}

/** Requests each page has under way, counted from before its goto (checkRoute). */
const underWay = new WeakMap<Page, Set<Request>>();

function trackRequests(page: Page): Set<Request> {
  let requests = underWay.get(page);
  if (!requests) {
    const open = new Set<Request>();
    page.on('request', (request) => open.add(request));
    page.on('requestfinished', (request) => open.delete(request));
    page.on('requestfailed', (request) => open.delete(request)); // a navigation's aborted loads among them
    underWay.set(page, (requests = open));
  }
  return requests;
}

/** How long no request may be under way before the page's data counts as come. */
const QUIET_MS = 150;

/**
 * Resolves once no request of the page has been under way for QUIET_MS: the data has come.
 * Playwright's 'networkidle' is the same with 500 ms of quiet, a fixed half second per page
 * that the axe suites paid on every route; a request the page makes next starts as the one
 * before it ends (or while a script it needs loads, itself a request), well within 150 ms.
 */
async function networkQuiet(requests: Set<Request>, timeoutMs = 15_000) {
  const giveUpAt = Date.now() + timeoutMs;
  let quietSince = Date.now();
  for (;;) {
    if (requests.size > 0) quietSince = Date.now();
    else if (Date.now() - quietSince >= QUIET_MS) return;
    if (Date.now() > giveUpAt)
      throw new Error(`Still loading after ${timeoutMs} ms: ${[...requests].map((r) => r.url()).join(', ')}`);
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
}

/**
 * The page is loaded once it shows its own heading (not any heading: support/pages.ts), its
 * data has come (the network is quiet) and no spinner or loading line is left.
 */
export async function settle(page: Page, heading: string | RegExp) {
  const requests = underWay.get(page);
  await pageShows(page, heading);
  // A page whose requests were not counted from before its goto waits as Playwright does (and is counted from now on).
  if (requests) await networkQuiet(requests);
  else {
    trackRequests(page);
    await page.waitForLoadState('networkidle');
  }
  await page.getByText('Just a moment ...').waitFor({ state: 'detached' });
  await page.locator('.loading').first().waitFor({ state: 'detached' });
}

/** Resolves once the page has drawn a frame at its current size (resize listeners, media queries applied). */
const nextFrame = (page: Page) =>
  page.evaluate(() => new Promise<void>((resolve) => requestAnimationFrame(() => requestAnimationFrame(() => resolve()))));

/** Opens `path`, waits for `heading`, and runs axe at phone width, then (same page, resized) at desktop width. */
export async function checkRoute(page: Page, path: string, heading: string | RegExp): Promise<string[]> {
  await page.setViewportSize(PHONE);
  trackRequests(page);
  await page.goto(path);
  await settle(page, heading);
  const found = await seriousViolations(page, `${path} @390`);
  await page.setViewportSize(DESKTOP);
  await nextFrame(page);
  return [...found, ...(await seriousViolations(page, `${path} @1280`))];
}
