/** firebase-admin against the Firestore emulator, for checking what the site stored. */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { getApps, initializeApp } from 'firebase-admin/app';
import { getFirestore } from 'firebase-admin/firestore';

const { emulators } = JSON.parse(readFileSync(join(__dirname, '../../firebase.json'), 'utf8')) as {
  emulators: Record<string, { host: string; port: number }>;
};
process.env.GCLOUD_PROJECT ??= 'demo-healthcare';
process.env.FIRESTORE_EMULATOR_HOST ??= `${emulators.firestore.host}:${emulators.firestore.port}`;

const app = () => getApps().find((a) => a.name === 'e2e') ?? initializeApp({ projectId: process.env.GCLOUD_PROJECT }, 'e2e');
export const storeDb = () => getFirestore(app());

/** The documents of a collection whose field equals a value unique to one test. */
export async function storedWhere(collection: string, field: string, value: string): Promise<Record<string, unknown>[]> {
  return (await storeDb().collection(collection).where(field, '==', value).get()).docs.map((d) => d.data());
}
