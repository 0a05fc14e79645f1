import { getToken, initializeAppCheck, ReCaptchaEnterpriseProvider, type AppCheck } from 'firebase/app-check';
import { env } from '@/lib/env';
import { firebaseApp } from '@/lib/firebase-app';

/**
 * App Check with reCAPTCHA Enterprise (score-based, invisible). Only production builds have a
 * site key; app-check.ts imports this on demand. Importing it starts nothing: App Check (and
 * Google's reCAPTCHA script with it) starts at the first token asked for, at a write's submit.
 */
let appCheck: AppCheck | undefined;

/** A valid App Check token (cached by the SDK until it nears expiry; kept fresh from then on). */
export async function appCheckToken(): Promise<string> {
  appCheck ??= initializeAppCheck(firebaseApp, {
    provider: new ReCaptchaEnterpriseProvider(env.appCheckSiteKey ?? ''),
    isTokenAutoRefreshEnabled: true,
  });
  return (await getToken(appCheck)).token;
}
