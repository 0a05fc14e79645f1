/** The header an App Check token travels in, from the site (web/src/lib/app-check.ts) to the API (http/app-check.ts). */
export const APP_CHECK_HEADER = 'X-Firebase-AppCheck';
