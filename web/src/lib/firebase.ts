import { browserLocalPersistence, connectAuthEmulator, indexedDBLocalPersistence, initializeAuth } from 'firebase/auth';
import { env } from '@/lib/env';
import { firebaseApp as app } from '@/lib/firebase-app';

// Loaded lazily: pages that never sign in never pay for Firebase Auth.

// initializeAuth rather than getAuth: the site signs in by e-mail only, and getAuth's popup and
// redirect support would load a script from apis.google.com on every page that uses Auth.
export const auth = initializeAuth(app, { persistence: [indexedDBLocalPersistence, browserLocalPersistence] });

if (env.useAuthEmulator) {
  connectAuthEmulator(auth, `http://${location.hostname}:9099`, { disableWarnings: true });
}

/** The signed-in user's ID token, or undefined when nobody is signed in. */
export async function currentIdToken(): Promise<string | undefined> {
  await auth.authStateReady();
  return auth.currentUser ? auth.currentUser.getIdToken() : undefined;
}
