import { useCallback, useState } from 'react';
import { showApiError } from '@/lib/dialogs';

/**
 * A call the person started from a button: `busy` while it runs (to disable the button or
 * show the spinner), and a failure's message in the site's alert. `busy` clears once the
 * alert is closed, so nothing can be pressed again behind it.
 */
export function useBusy() {
  const [busy, setBusy] = useState(false);
  const run = useCallback(async (work: () => Promise<void>) => {
    setBusy(true);
    try {
      await work();
    } catch (err) {
      await showApiError(err);
    } finally {
      setBusy(false);
    }
  }, []);
  return [busy, run] as const;
}
