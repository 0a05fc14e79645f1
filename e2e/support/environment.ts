/**
 * The end-to-end tests' Jest environment: Node's, plus one thing. When a test (or a hook)
 * fails, its message starts with the page(s) it was on: address, title and main heading, as
 * the person would see them. "Timeout waiting for heading 'Staff & roles'" then says whether
 * the page was the one expected, a crash screen, or still the sign-in form.
 */
import type { Circus } from '@jest/types';
import { TestEnvironment } from 'jest-environment-node';
import type { Page } from 'playwright-core';
import { OPEN_PAGES_KEY, type OpenPages } from './open-pages';

/** Pages are asked with this much patience: a page that hangs must not hang the report. */
const ASK_MS = 2000;

const within = <T>(work: Promise<T>, fallback: T) =>
  Promise.race([work.catch(() => fallback), new Promise<T>((resolve) => setTimeout(() => resolve(fallback), ASK_MS))]);

async function describePage(page: Page): Promise<string> {
  const title = await within(page.title(), '(no answer)');
  const heading = await within(
    page.evaluate(() => (document.querySelector('main h1') ?? document.querySelector('h1, h2'))?.textContent?.trim() ?? ''),
    '',
  );
  // An open dialog (SweetAlert2's among them) is what the person is looking at: a confirm still
  // waiting, an error, or nothing where the test expected one.
  const dialogs = await within(
    page.evaluate(() =>
      [...document.querySelectorAll<HTMLElement>('[role="dialog"], [role="alertdialog"]')]
        .filter((d) => d.checkVisibility())
        .map((d) => d.innerText.replace(/\s+/g, ' ').trim().slice(0, 160)),
    ),
    [] as string[],
  );
  const shown = dialogs.map((text) => `, dialog "${text}"`).join('');
  return `${page.url()} (title "${title}"${heading ? `, heading "${heading}"` : ', no heading'}${shown})`;
}

export default class E2eEnvironment extends TestEnvironment {
  private testStartedAt = 0;

  /** The pages the failing test used (opened or navigated since it started), else the last one used. */
  private pagesOfThisTest(): Page[] {
    const open = (this.global as Record<string, unknown>)[OPEN_PAGES_KEY] as OpenPages | undefined;
    if (!open?.size) return [];
    const used = [...open].filter(([, at]) => at >= this.testStartedAt).map(([page]) => page);
    return used.length ? used : [[...open].sort(([, a], [, b]) => b - a)[0][0]];
  }

  async handleTestEvent(event: Circus.Event): Promise<void> {
    if (event.name === 'test_start') this.testStartedAt = Date.now();
    if (event.name !== 'test_fn_failure' && event.name !== 'hook_failure') return;
    // Made inside the test's realm: `instanceof Error` is false here, the shape is what counts.
    const error = event.error as { message?: unknown; stack?: unknown } | null | undefined;
    const pages = this.pagesOfThisTest();
    if (typeof error !== 'object' || error === null || pages.length === 0) return;
    const where = `On ${(await Promise.all(pages.map(describePage))).join('\n   and ')}`;
    // Jest prints a failure from its stack, which starts with the message (jest-message-util).
    if (typeof error.stack === 'string') error.stack = `${where}\n${error.stack}`;
    else error.message = `${where}\n${String(error.message)}`;
  }
}
