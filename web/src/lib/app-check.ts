import { APP_CHECK_HEADER } from '@api/app-check';
import { env } from '@/lib/env';

/**
 * The App Check header for an API write (the API refuses writes without one in production:
 * functions/src/http/app-check.ts). The token is fetched at a write's submit, never with a
 * page: the first load pays neither for App Check nor for reCAPTCHA Enterprise. Builds
 * without a site key (the emulators) send nothing.
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

/** Downloads App Check's code (only its code: no token, no reCAPTCHA) once someone moves into a form, so their submit waits less. */
export function warmAppCheckOnFormFocus(): void {
  if (!env.appCheckSiteKey || typeof document === 'undefined') return;
  const warm = (event: FocusEvent) => {
    if (!(event.target instanceof Element) || !event.target.closest('form')) return;
    document.removeEventListener('focusin', warm);
    void import('@/lib/app-check-client');
  };
  document.addEventListener('focusin', warm);
}
