/**
 * The browser pages the tests have open, so that a failing test can say which page it was on
 * (support/environment.ts adds their URL, title and heading to the failure). Every browser
 * comes from launchBrowser (support/browser.ts), which registers each page its contexts open,
 * popups and new tabs included. The record lives on the test file's global object, where the
 * Jest environment, which runs outside the test's module registry, can read it.
 */
import type { Browser, BrowserContext, Page } from 'playwright-core';

export const OPEN_PAGES_KEY = '__e2eOpenPages';

/** Each open page and when it last opened an address (ms since the epoch). */
export type OpenPages = Map<Page, number>;

const openPages = (): OpenPages => {
  const scope = globalThis as unknown as Record<string, OpenPages | undefined>;
  return (scope[OPEN_PAGES_KEY] ??= new Map());
};

function track(page: Page) {
  openPages().set(page, Date.now());
  page.on('framenavigated', (frame) => {
    if (frame === page.mainFrame()) openPages().set(page, Date.now());
  });
  page.on('close', () => openPages().delete(page));
}

function trackContext(context: BrowserContext) {
  context.pages().forEach(track);
  context.on('page', track);
}

/** Registers every page that contexts of `browser` open, from now on. */
export function trackPages(browser: Browser): Browser {
  const newContext = browser.newContext.bind(browser);
  browser.newContext = async (options) => {
    const context = await newContext(options);
    trackContext(context);
    return context;
  };
  return browser;
}
