import { existsSync, readFileSync } from 'node:fs';
import { networkInterfaces } from 'node:os';
import { join } from 'node:path';
import { chromium, type Browser, type BrowserContext, type BrowserContextOptions, type Page } from 'playwright-core';
import { emulatorAddress } from './emulators';
import { trackPages } from './open-pages';

/** The site as the Hosting emulator serves it. */
export const SITE_URL = `http://${emulatorAddress('hosting')}`;

/** Debian's Chromium (`apt-get install -y chromium`): the full browser, for its PDF viewer. */
const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
/**
 * Chromium's headless shell (Debian's chromium-headless-shell, built from the same source): the
 * same Blink, V8 and WebRTC without the browser's window and UI, which Playwright itself uses for
 * headless runs. It renders and runs the site as Chromium does for about a third less CPU, calls
 * included (the suite is CPU-bound; docs/testing.md has the figures). It has no PDF viewer, so a
 * file that opens a PDF asks for the full browser (`pdf`). Where it is not installed, Chromium
 * runs everything.
 */
const HEADLESS_SHELL = process.env.CHROMIUM_HEADLESS_SHELL_PATH ?? '/usr/bin/chromium-headless-shell';

/**
 * The shell's WebRTC gathers no candidate on the loopback interface, flag or not (in a network
 * namespace with only `lo` it found none, where the full browser connects over 127.0.0.1), so
 * two of its pages call each other over another interface. A machine with none makes its calls
 * in the full browser.
 */
function shellCanCall(): boolean {
  return Object.values(networkInterfaces()).some((addresses) => addresses?.some((address) => !address.internal));
}

export const PHONE = { width: 390, height: 844 };
export const DESKTOP = { width: 1280, height: 800 };

/**
 * Chromium's flags, in one list the scripts that drive it read too (scripts/bench-visit.mjs):
 * `args` for every launch; `fakeMediaArgs` a made-up camera and microphone that it grants
 * without asking, for the visit's tests, which make calls between two contexts. WebRTC skips
 * the loopback interface unless told otherwise, and a test machine's network namespace may have
 * nothing else.
 */
const FLAGS = JSON.parse(readFileSync(join(__dirname, '../../scripts/lib/chromium-flags.json'), 'utf8')) as {
  args: string[];
  fakeMediaArgs: string[];
};

/**
 * What a file needs of its browser: `calls` a made-up camera and microphone, granted without
 * asking, for two pages in a video call; `pdf` the full browser's PDF viewer.
 */
export interface BrowserNeeds {
  calls?: boolean;
  pdf?: boolean;
}

export async function launchBrowser({ calls = false, pdf = false }: BrowserNeeds = {}): Promise<Browser> {
  if (!existsSync(CHROMIUM)) throw new Error(`Chromium not found at ${CHROMIUM}: apt-get install -y chromium`);
  const full = pdf || (calls && !shellCanCall()) || !existsSync(HEADLESS_SHELL);
  const browser = await chromium.launch({
    executablePath: full ? CHROMIUM : HEADLESS_SHELL,
    headless: true,
    args: [...FLAGS.args, ...(calls ? FLAGS.fakeMediaArgs : [])],
  });
  // A failing test names the page it was on (support/environment.ts).
  return trackPages(browser);
}

/**
 * Public pages arrive as prerendered HTML: their buttons are on screen before React has taken
 * them over, and a tap before that does nothing. A person waits for the page to respond;
 * the tests wait for the app's ready mark (RootLayout) after every page.goto.
 */
function gotoWaitsForApp(page: Page): Page {
  const goto = page.goto.bind(page);
  page.goto = async (url, options) => {
    const response = await goto(url, options);
    await page.waitForFunction(() => document.documentElement.dataset.app === 'ready', undefined, { timeout: 30_000 });
    return response;
  };
  return page;
}

/**
 * A fresh visitor's browser. The offline shell's service worker (web/public/sw.js) is blocked
 * unless a file asks for it with `serviceWorkers: 'allow'`: every context would install it
 * again (the shell and its entry files fetched and cached once more) and route each request
 * of its pages through it, about a seventh of a browser file's CPU (docs/testing.md). The
 * files that check the worker and the clean console ask for it.
 */
export async function newContext(
  browser: Browser,
  viewport = DESKTOP,
  options: BrowserContextOptions = {},
): Promise<BrowserContext> {
  const context = await browser.newContext({ viewport, baseURL: SITE_URL, serviceWorkers: 'block', ...options });
  if (options.javaScriptEnabled === false) return context; // no app to wait for
  const newPage = context.newPage.bind(context);
  context.newPage = async () => gotoWaitsForApp(await newPage());
  return context;
}

/** One browser per test file: launched before its tests, closed after them. Call at the top of a file. */
export function useBrowser(options: BrowserNeeds = {}): () => Browser {
  let browser: Browser | undefined;
  beforeAll(async () => {
    browser = await launchBrowser(options);
  });
  afterAll(async () => {
    await browser?.close();
  });
  return () => {
    if (!browser) throw new Error('The browser is not launched yet: use it inside a test or hook.');
    return browser;
  };
}
