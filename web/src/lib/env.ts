/**
 * The one place that reads the build's environment: web/.env.emulators for the local stack,
 * web/.env.<project-id> for a Firebase project (web/.env.example). The Firebase web config is
 * public identifiers, not secrets; vite.config.ts refuses a project build that lacks any of it.
 */
export interface Env {
  firebase: { apiKey: string; authDomain: string; projectId: string; appId?: string };
  useAuthEmulator: boolean;
  /** Where the local build's Firestore is (the emulator); undefined in production (the real project). */
  firestoreEmulator?: { host: string; port: number };
  apiBase: string;
  /** reCAPTCHA Enterprise site key for App Check; none on the emulators (the API does not enforce it there). */
  appCheckSiteKey?: string;
  /** Which build this is (CI sets VITE_RELEASE to the commit), so an error report names it. */
  release: string;
}

const vars = import.meta.env;
const text = (value: unknown) => (typeof value === 'string' && value.trim() ? value.trim() : undefined);

export const env: Env = {
  firebase: {
    apiKey: text(vars.VITE_FIREBASE_API_KEY) ?? '',
    authDomain: text(vars.VITE_FIREBASE_AUTH_DOMAIN) ?? '',
    projectId: text(vars.VITE_FIREBASE_PROJECT_ID) ?? '',
    appId: text(vars.VITE_FIREBASE_APP_ID),
  },
  useAuthEmulator: vars.VITE_USE_EMULATORS === 'true',
  // The visit's signalling (lib/firestore.ts) talks to the local Firestore emulator on the emulator build.
  firestoreEmulator: vars.VITE_USE_EMULATORS === 'true' ? { host: '127.0.0.1', port: 8080 } : undefined,
  apiBase: '/api',
  appCheckSiteKey: text(vars.VITE_RECAPTCHA_ENTERPRISE_SITE_KEY),
  release: text(vars.VITE_RELEASE) ?? '',
};
