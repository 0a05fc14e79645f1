import { getToken, initializeAppCheck, ReCaptchaEnterpriseProvider } from 'firebase/app-check';
import { env } from '@/lib/env';
import { firebaseApp } from '@/lib/firebase-app';

/**
 * App Check with reCAPTCHA Enterprise (score-based, invisible): loads Google's script and keeps
 * a token fresh. Only production builds have a site key; app-check.ts imports this on demand.
 */
const appCheck = initializeAppCheck(firebaseApp, {
  provider: new ReCaptchaEnterpriseProvider(env.appCheckSiteKey ?? ''),
  isTokenAutoRefreshEnabled: true,
});

/** A valid App Check token (cached by the SDK until it nears expiry). */
export const appCheckToken = async (): Promise<string> => (await getToken(appCheck)).token;
