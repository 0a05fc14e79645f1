import { APP_CHECK_HEADER } from '@api/app-check';
import { env } from '@/lib/env';

/**
 * The App Check header for an API write (the API refuses writes without one in production:
 * functions/src/http/app-check.ts). App Check and reCAPTCHA Enterprise load on the first
 * write, or when a visitor first focuses a form, never with a page: the home page's first load
 * does not pay for them. Builds without a site key (the emulators) send nothing.
 */
export async function appCheckHeaders(): Promise<Record<string, string>> {
  if (!env.appCheckSiteKey) return {};
  try {
    const { appCheckToken } = await import('@/lib/app-check-client');
    return { [APP_CHECK_HEADER]: await appCheckToken() };
  } catch {
    // No token (reCAPTCHA blocked or offline): the API's 401 tells the person to reload.
    return {};
  }
}

/** Starts App Check as soon as someone moves into a form, so their first submit does not wait for it. */
export function warmAppCheckOnFormFocus(): void {
  if (!env.appCheckSiteKey || typeof document === 'undefined') return;
  const warm = (event: FocusEvent) => {
    if (!(event.target instanceof Element) || !event.target.closest('form')) return;
    document.removeEventListener('focusin', warm);
    void import('@/lib/app-check-client');
  };
  document.addEventListener('focusin', warm);
}
