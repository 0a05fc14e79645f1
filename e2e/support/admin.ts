/**
 * firebase-admin against the emulators, for setting up and reading what the site stores.
 */
import { getApps, initializeApp } from 'firebase-admin/app';
import { getAuth } from 'firebase-admin/auth';
import { getFirestore } from 'firebase-admin/firestore';
import { emulatorAddress } from './emulators';

export const PROJECT_ID = 'demo-healthcare';

process.env.GCLOUD_PROJECT ??= PROJECT_ID;
process.env.FIRESTORE_EMULATOR_HOST ??= emulatorAddress('firestore');
process.env.FIREBASE_AUTH_EMULATOR_HOST ??= emulatorAddress('auth');

const admin = () => getApps().find((a) => a.name === 'e2e') ?? initializeApp({ projectId: PROJECT_ID }, 'e2e');
export const adminDb = () => getFirestore(admin());
export const adminAuth = () => getAuth(admin());

/** The documents of a collection whose field equals a value unique to one test. */
export async function storedWhere(collection: string, field: string, value: string): Promise<Record<string, unknown>[]> {
  return (await adminDb().collection(collection).where(field, '==', value).get()).docs.map((d) => d.data());
}

/** Reads until the value is what the test waits for (the server works asynchronously), or time runs out. */
export async function waitUntil<T>(read: () => Promise<T>, ok: (value: T) => boolean, timeoutMs = 15_000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  let value = await read();
  while (!ok(value) && Date.now() < deadline) {
    await new Promise((r) => setTimeout(r, 250));
    value = await read();
  }
  return value;
}
