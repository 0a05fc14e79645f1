/** axe-core as the browser tests run it: serious and critical violations only, at phone and desktop width. */
import AxeBuilder from '@axe-core/playwright';
import type { Page } from 'playwright-core';
import { DESKTOP, PHONE } from './browser';
import { pageShows } from './pages';

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
  const { violations } = await new AxeBuilder({ page })
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

/**
 * The page is loaded once it shows its own heading (not any heading: support/pages.ts), its
 * data has come (the network is quiet) and no spinner or loading line is left.
 */
export async function settle(page: Page, heading: string | RegExp) {
  await pageShows(page, heading);
  await page.waitForLoadState('networkidle');
  await page.getByText('Just a moment ...').waitFor({ state: 'detached' });
  await page.locator('.loading').first().waitFor({ state: 'detached' });
}

/** Resolves once the page has drawn a frame at its current size (resize listeners, media queries applied). */
const nextFrame = (page: Page) =>
  page.evaluate(() => new Promise<void>((resolve) => requestAnimationFrame(() => requestAnimationFrame(() => resolve()))));

/** Opens `path`, waits for `heading`, and runs axe at phone width, then (same page, resized) at desktop width. */
export async function checkRoute(page: Page, path: string, heading: string | RegExp): Promise<string[]> {
  await page.setViewportSize(PHONE);
  await page.goto(path);
  await settle(page, heading);
  const found = await seriousViolations(page, `${path} @390`);
  await page.setViewportSize(DESKTOP);
  await nextFrame(page);
  return [...found, ...(await seriousViolations(page, `${path} @1280`))];
}
