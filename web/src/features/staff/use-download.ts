import { useState } from 'react';
import { showApiError } from '@/lib/dialogs';

/** A file download behind a button: `downloading` while it runs (the button is off); a failure is shown. */
export function useDownload(download: () => Promise<unknown>) {
  const [downloading, setDownloading] = useState(false);
  async function start() {
    setDownloading(true);
    try {
      await download();
    } catch (err) {
      await showApiError(err);
    } finally {
      setDownloading(false);
    }
  }
  return { downloading, start };
}
