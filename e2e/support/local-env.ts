/**
 * The settings firebase-tools gives the Functions emulator: functions/.env.local (parameters) and
 * functions/.secret.local (secrets), both KEY=value lines written by the stack (scripts/lib/local-secrets.mjs).
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';

const FUNCTIONS = join(__dirname, '../../functions');

/** The KEY=value lines of functions/<file>; a missing file means the stack was never started. */
export function localEnv(file: '.env.local' | '.secret.local'): Record<string, string> {
  const values: Record<string, string> = {};
  for (const line of readFileSync(join(FUNCTIONS, file), 'utf8').split('\n')) {
    const match = /^([A-Z_][A-Z0-9_]*)=(.+)$/.exec(line.trim());
    if (match) values[match[1]] = match[2];
  }
  return values;
}

/** One secret the emulator holds; throws naming it when the stack has not written it. */
export function localSecret(name: string): string {
  const value = localEnv('.secret.local')[name];
  if (!value) throw new Error(`functions/.secret.local has no ${name}: start the stack first`);
  return value;
}
