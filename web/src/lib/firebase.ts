import { initializeApp } from 'firebase/app';
import { connectAuthEmulator, getAuth } from 'firebase/auth';
import { env } from '@/lib/env';

/** The one Firebase app in the browser. Loaded lazily: pages that never sign in never pay for it. */
const app = initializeApp(env.firebase);

export const auth = getAuth(app);

if (env.useAuthEmulator) {
  connectAuthEmulator(auth, `http://${location.hostname}:9099`, { disableWarnings: true });
}

/** The signed-in user's ID token, or undefined when nobody is signed in. */
export async function currentIdToken(): Promise<string | undefined> {
  await auth.authStateReady();
  return auth.currentUser ? auth.currentUser.getIdToken() : undefined;
}
