import { connectFirestoreEmulator, getFirestore } from 'firebase/firestore';
import { env } from '@/lib/env';
import { firebaseApp as app } from '@/lib/firebase-app';

/**
 * Firestore in the browser: only the visit's signalling and chat use it (every other read
 * and write goes through the API), so only the visit page's chunk imports this module and
 * the web Firestore SDK with it. The local build talks to the emulator, a production build
 * to the project in its Firebase config (lib/env.ts decides which).
 */
export const db = getFirestore(app);

if (env.firestoreEmulator) {
  connectFirestoreEmulator(db, env.firestoreEmulator.host, env.firestoreEmulator.port);
}
