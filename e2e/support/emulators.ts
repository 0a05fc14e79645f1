/** Emulator addresses, read from firebase.json: the one place that holds them. */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';

const { emulators } = JSON.parse(readFileSync(join(__dirname, '../../firebase.json'), 'utf8')) as {
  emulators: Record<string, { host: string; port: number }>;
};

/** host:port of an emulator named in firebase.json (auth, firestore, hosting, ...). */
export const emulatorAddress = (name: string) => `${emulators[name].host}:${emulators[name].port}`;
