import { initializeApp } from 'firebase/app';
import { env } from '@/lib/env';

/** The one Firebase app in the browser, shared by Auth and App Check; loaded only with them. */
export const firebaseApp = initializeApp(env.firebase);
