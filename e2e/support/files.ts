/**
 * Files the site opens in a tab of their own (prescriptions): what that tab shows, read as
 * a person would see it. An image is shown by Chromium's image view; a PDF by its PDF viewer,
 * an extension frame inside the tab, reached through the DevTools protocol.
 */
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { waitUntil } from './admin';

/** Clicks `open` and resolves with the tab it opens, once that tab shows a blob: URL (the file, not the waiting text). */
export async function tabOpenedBy(context: BrowserContext, open: () => Promise<void>): Promise<Page> {
  const [tab] = await Promise.all([context.waitForEvent('page'), open()]);
  await tab.waitForURL(/^blob:/);
  await tab.waitForLoadState('load');
  return tab;
}

/** Chromium's console lines about a Content-Security-Policy refusal on `page`, as they come. */
export function cspRefusals(page: Page): string[] {
  const refused: string[] = [];
  page.on('console', (msg) => {
    if (/Content Security Policy|Content-Security-Policy/i.test(msg.text())) refused.push(msg.text());
  });
  return refused;
}

/** The image a tab shows on its own (Chromium's image view): its natural size, 0 x 0 while it is not decoded. */
export const shownImageSize = (tab: Page) =>
  tab.evaluate(() => {
    const img = document.querySelector('img');
    return { type: document.contentType, width: img?.naturalWidth ?? 0, height: img?.naturalHeight ?? 0 };
  });

const PDF_VIEWER = 'chrome-extension://mhjfbmdgcfjbbpaeojofohoefgiehjai/';

/**
 * The page count Chromium's PDF viewer shows in its toolbar ('1 / 2') for the PDF in `tab`:
 * the viewer has parsed the file. Undefined while the viewer has not shown it (after 15 s).
 */
export async function pdfViewerPageCount(browser: Browser, tab: Page): Promise<number | undefined> {
  const { targetInfo } = await (await tab.context().newCDPSession(tab)).send('Target.getTargetInfo');
  const cdp = await browser.newBrowserCDPSession();
  try {
    const viewer = await waitUntil(
      async () =>
        (await cdp.send('Target.getTargets')).targetInfos.find(
          (t) => t.url.startsWith(PDF_VIEWER) && t.parentId === targetInfo.targetId,
        ),
      Boolean,
    );
    if (!viewer) return undefined;
    const { sessionId } = await cdp.send('Target.attachToTarget', { targetId: viewer.targetId, flatten: false });
    let nextId = 0;
    const evaluate = (expression: string) =>
      new Promise<unknown>((resolve) => {
        const id = ++nextId;
        const onMessage = (event: { sessionId?: string; message: string }) => {
          const message = JSON.parse(event.message) as { id: number; result?: { result?: { value?: unknown } } };
          if (event.sessionId !== sessionId || message.id !== id) return;
          cdp.off('Target.receivedMessageFromTarget', onMessage);
          resolve(message.result?.result?.value);
        };
        cdp.on('Target.receivedMessageFromTarget', onMessage);
        void cdp.send('Target.sendMessageToTarget', {
          sessionId,
          message: JSON.stringify({ id, method: 'Runtime.evaluate', params: { expression, returnByValue: true } }),
        });
      });
    // The toolbar's page selector reads '/ 0' while the viewer loads, e.g. '1 / 2' once it has read the document.
    const pages = await waitUntil(
      () =>
        evaluate(
          `document.querySelector('pdf-viewer')?.shadowRoot?.querySelector('viewer-toolbar')?.shadowRoot
            ?.querySelector('viewer-page-selector')?.shadowRoot?.textContent ?? ''`,
        ),
      (text) => /\/\s*[1-9]/.test(String(text)),
    );
    const count = /\/\s*([1-9]\d*)/.exec(String(pages))?.[1];
    return count === undefined ? undefined : Number(count);
  } finally {
    await cdp.detach();
  }
}
