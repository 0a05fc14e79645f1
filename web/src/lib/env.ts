/**
 * The one place that reads the build's environment. Production builds get the Firebase
 * web config from VITE_FIREBASE_* variables (public identifiers, not secrets); without
 * them the app is a local build and talks to the Auth emulator of the demo project.
 */
export interface Env {
  firebase: { apiKey: string; authDomain: string; projectId: string; appId?: string };
  useAuthEmulator: boolean;
  /** Where the local build's Firestore is (the emulator); undefined in production (the real project). */
  firestoreEmulator?: { host: string; port: number };
  apiBase: string;
}

const vars = import.meta.env;
const apiKey = vars.VITE_FIREBASE_API_KEY as string | undefined;

export const env: Env = apiKey
  ? {
      firebase: {
        apiKey,
        authDomain: String(vars.VITE_FIREBASE_AUTH_DOMAIN ?? ''),
        projectId: String(vars.VITE_FIREBASE_PROJECT_ID ?? ''),
        appId: vars.VITE_FIREBASE_APP_ID as string | undefined,
      },
      useAuthEmulator: false,
      apiBase: '/api',
    }
  : {
      firebase: { apiKey: 'demo-api-key', authDomain: 'demo-healthcare.firebaseapp.com', projectId: 'demo-healthcare' },
      useAuthEmulator: true,
      firestoreEmulator: { host: '127.0.0.1', port: 8080 },
      apiBase: '/api',
    };

if (!apiKey && import.meta.env.PROD && !['localhost', '127.0.0.1'].includes(globalThis.location?.hostname ?? '')) {
  console.warn('This build has no Firebase config (VITE_FIREBASE_API_KEY); it only works against the local emulators.');
}
