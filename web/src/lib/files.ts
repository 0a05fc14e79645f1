/**
 * Files the site hands to the person: saved to the device, or opened in a tab of their own.
 * Both go through object URLs (blob:), never data: URLs: the site's Content-Security-Policy
 * (firebase.json) lets no script fetch a data: URL, and navigating to a blob: URL needs no
 * directive at all, so the policy stays as tight as it is.
 */

/** How long an object URL outlives its use: the new tab or the download has read it by then. */
const KEEP_URL_MS = 60_000;

/** Saves `blob` as `fileName` through a temporary link. */
export function saveBlob(blob: Blob, fileName: string): void {
  const url = URL.createObjectURL(blob);
  Object.assign(document.createElement('a'), { href: url, download: fileName }).click();
  setTimeout(() => URL.revokeObjectURL(url), KEEP_URL_MS);
}

/**
 * Opens the file `load` fetches (an image or a PDF) in a new tab, where the browser shows it
 * with its own viewer. Call it straight from the click: the tab opens at once, while the
 * click still counts as the person's (after a slow download a browser would block a popup),
 * says what it is waiting for, and shows the file once it has arrived. When the browser
 * allows no new tab, the file is saved instead. If loading fails the tab closes and the
 * error is thrown for the page to show.
 */
export async function openInNewTab(load: () => Promise<Blob>, fileName: string): Promise<void> {
  const tab = window.open('', '_blank');
  if (tab) {
    tab.opener = null; // the file's tab gets no handle on the site's
    tab.document.title = fileName;
    tab.document.body.textContent = `Opening ${fileName}…`;
  }
  let blob: Blob;
  try {
    blob = await load();
  } catch (err) {
    tab?.close();
    throw err;
  }
  if (!tab) return saveBlob(blob, fileName);
  const url = URL.createObjectURL(blob);
  tab.location.replace(url);
  setTimeout(() => URL.revokeObjectURL(url), KEEP_URL_MS);
}
