// The public pages arrive as HTML rendered at build time (web/prerender.mjs), and React takes
// them over in the browser. What a phone shows before any script runs, and that taking over
// neither fails nor changes the page.
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { newContext, PHONE, SITE_URL, useBrowser } from './support/browser';
import { PAGE_HEADINGS, pageHeading } from './support/pages';

const browser = useBrowser();

/** Every page the build prerendered, read from the built files themselves. */
const DIST = join(__dirname, '..', 'web', 'dist');
const PRERENDERED = readdirSync(DIST)
  .filter((file) => file.endsWith('.html'))
  .map((file) => /data-prerendered="([^"]+)"/.exec(readFileSync(join(DIST, file), 'utf8'))?.[1])
  .filter((path): path is string => path !== undefined)
  .sort();

/** The page's own heading (support/pages.ts), not just any heading. */
const headingOf = (path: string) => {
  const heading = PAGE_HEADINGS[path as keyof typeof PAGE_HEADINGS];
  if (!heading) throw new Error(`${path} is prerendered but has no heading in e2e/support/pages.ts`);
  return heading;
};

describe('prerendered public pages', () => {
  it('when the site is built, then the home page and the main public pages are prerendered', () => {
    expect(PRERENDERED).toEqual(
      expect.arrayContaining(['/', '/packages', '/signup', '/appointment-page', '/faqs', '/contact-us']),
    );
  });

  it('when a phone has not run any script yet, then each page already shows its heading, its own title and the footer, and its forms cannot be sent', async () => {
    const context = await newContext(browser(), PHONE, { javaScriptEnabled: false });
    const page = await context.newPage();
    for (const path of PRERENDERED) {
      await page.goto(path);
      await expect(pageHeading(page, headingOf(path)).isVisible()).resolves.toBe(true);
      await expect(page.getByRole('contentinfo').isVisible()).resolves.toBe(true);
      // Until the app runs, the newsletter form is disabled: a plain browser submit would send it as a GET.
      await expect(page.getByRole('button', { name: 'Subscribe', exact: true }).isDisabled()).resolves.toBe(true);
      // ... and so is every other form's submit button (the booking form, the prescription check).
      const submits = await page
        .locator('form button[type="submit"]')
        .evaluateAll((buttons) =>
          buttons.map((b) => `${(b as HTMLButtonElement).innerText.trim()}: ${(b as HTMLButtonElement).matches(':disabled')}`),
        );
      expect(submits.filter((s) => !s.endsWith(': true')).map((s) => `${path} ${s}`)).toEqual([]);
      const title = await page.title();
      expect(title).toMatch(/ExpMed Health/);
      if (path !== '/') expect(title).not.toBe('ExpMed Health – Healthcare at home and online in Ghana');
    }
    await context.close();
  });

  it('when the app takes over each page, then nothing is logged as an error, the page keeps its heading and title, and its forms work', async () => {
    const context = await newContext(browser(), PHONE);
    const page = await context.newPage();
    const errors: string[] = [];
    page.on('pageerror', (err) => errors.push(`${page.url()}: ${err.message}`));
    page.on('console', (msg) => {
      if (msg.type() === 'error') errors.push(`${page.url()}: ${msg.text()}`);
    });
    for (const path of PRERENDERED) {
      const html = await (await fetch(`${SITE_URL}${path}`)).text();
      const prerenderedTitle = /<title>([^<]*)<\/title>/
        .exec(html)?.[1]
        .replaceAll('&lt;', '<')
        .replaceAll('&gt;', '>')
        .replaceAll('&amp;', '&');
      await page.goto(path);
      await expect(page.title()).resolves.toBe(prerenderedTitle);
      await expect(pageHeading(page, headingOf(path)).isVisible()).resolves.toBe(true);
      await expect(page.getByRole('button', { name: 'Subscribe', exact: true }).isEnabled()).resolves.toBe(true);
    }
    expect(errors).toEqual([]);
    await context.close();
  });
});
