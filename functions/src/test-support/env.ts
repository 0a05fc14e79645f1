/**
 * Points firebase-admin at the local emulators (ports from firebase.json, the one place
 * that holds them) unless the test runner already did, and gives the in-process app the
 * params and secrets the Functions emulator reads (functions/.env.local and .secret.local:
 * the payment and SMS APIs of the provider sandbox), so every test talks to the same parts.
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

for (const file of ['.env.local', '.secret.local']) {
  for (const line of readFileSync(join(__dirname, '../../', file), 'utf8').split('\n')) {
    const match = /^([A-Z_][A-Z0-9_]*)=(.*)$/.exec(line.trim());
    if (match) process.env[match[1]] ??= match[2];
  }
}
