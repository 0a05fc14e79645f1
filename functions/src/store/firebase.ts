import { getApps, initializeApp } from 'firebase-admin/app';
import { getAuth } from 'firebase-admin/auth';
import { getFirestore } from 'firebase-admin/firestore';
import { DEMO_PROJECT_ID } from '../config';

/**
 * The one firebase-admin app. In Cloud Functions and the emulators the project comes from
 * the environment; elsewhere (tests, scripts) the demo project keeps us off production.
 */
function app() {
  return getApps()[0] ?? initializeApp({ projectId: process.env.GCLOUD_PROJECT ?? DEMO_PROJECT_ID });
}

export const db = () => getFirestore(app());
export const auth = () => getAuth(app());
