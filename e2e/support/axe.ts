/** axe-core as the browser tests run it: serious and critical violations only, at phone and desktop width. */
import AxeBuilder from '@axe-core/playwright';
import type { Page } from 'playwright-core';
import { DESKTOP, PHONE } from './browser';

/** Rule id, impact and the CSS targets of every serious or critical violation on the page now. */
export async function seriousViolations(page: Page, label: string): Promise<string[]> {
  // Contrast is measured on what is painted: let opening fades and slides (SweetAlert2's, the
  // drawers') finish first. Endless ones (a spinner) are not waited for.
  await page.waitForFunction(
    () => document.getAnimations().every((a) => a.playState !== 'running' || a.effect?.getTiming().iterations === Infinity),
    undefined,
    { timeout: 10_000 },
  );
  // Only violations are read: axe then skips collecting every passing node, which is most of its time.
  const { violations } = await new AxeBuilder({ page }).options({ resultTypes: ['violations'] }).analyze();
  return violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => `${label}: ${v.id} (${v.impact}) ${v.help} -> ${v.nodes.map((n) => n.target.join(' ')).join(' | ')}`);
}

/** The page is loaded once its lazy chunk has rendered a heading and the network is quiet. */
export async function settle(page: Page) {
  await page.locator('main h1').first().waitFor();
  await page.waitForLoadState('networkidle');
  await page.getByText('Just a moment ...').waitFor({ state: 'detached' });
}

/** Opens `path` and runs axe at phone width, then (same page, resized) at desktop width. */
export async function checkRoute(page: Page, path: string): Promise<string[]> {
  await page.setViewportSize(PHONE);
  await page.goto(path);
  await settle(page);
  const found = await seriousViolations(page, `${path} @390`);
  await page.setViewportSize(DESKTOP);
  await page.waitForTimeout(100);
  return [...found, ...(await seriousViolations(page, `${path} @1280`))];
}
