/** The SweetAlert2 dialogs the site answers with (web/src/lib/dialogs.ts). */
import type { Page } from 'playwright-core';

/**
 * Waits until the page's dialog is titled `title` (e.g. 'Saved!'). A failure says what the
 * dialog said instead (an API error, a slot just taken) rather than only that time ran out.
 * A dialog on its way out (SweetAlert2's `swal2-hide`, kept in the page for its closing
 * animation) does not count: two 'Saved!' in a row would otherwise let the second wait match
 * the first one closing, click its OK and leave the new one open over the page.
 */
export async function dialogSays(page: Page, title: string, timeout?: number): Promise<void> {
  try {
    await page.locator('.swal2-popup:not(.swal2-hide) .swal2-title').getByText(title).waitFor({ timeout });
  } catch (err) {
    const shown = await page
      .locator('.swal2-popup')
      .innerText({ timeout: 1_000 })
      .catch(() => 'no dialog');
    throw new Error(`The dialog did not say "${title}"; it showed: ${JSON.stringify(shown)}\n${(err as Error).message}`);
  }
}

/**
 * Waits until the dialog has gone. While it is open (and closing) SweetAlert2 hides the page
 * from assistive technology, so a role query on the page finds nothing: "the row is gone"
 * would pass at once, before the change the dialog confirmed has happened.
 */
export async function dialogCloses(page: Page): Promise<void> {
  await page.locator('.swal2-container').waitFor({ state: 'detached' });
}
