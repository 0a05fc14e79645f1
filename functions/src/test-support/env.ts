/**
 * Points firebase-admin at the local emulators (ports from firebase.json, the one place
 * that holds them) unless the test runner already did.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { DEMO_PROJECT_ID } from '../config';

const { emulators } = JSON.parse(readFileSync(join(__dirname, '../../../firebase.json'), 'utf8')) as {
  emulators: Record<string, { host: string; port: number }>;
};
const address = (name: string) => `${emulators[name].host}:${emulators[name].port}`;

process.env.GCLOUD_PROJECT ??= DEMO_PROJECT_ID;
process.env.FIRESTORE_EMULATOR_HOST ??= address('firestore');
process.env.FIREBASE_AUTH_EMULATOR_HOST ??= address('auth');
