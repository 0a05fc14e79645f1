/**
 * For payment tests: the same provider configuration the Functions emulator reads
 * (functions/.env.local and .secret.local, pointing at the payment sandbox), and helpers
 * that steer the sandbox over HTTP. The sandbox is the provider's stand-in, not a mock.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';

for (const file of ['.env.local', '.secret.local']) {
  for (const line of readFileSync(join(__dirname, '../../', file), 'utf8').split('\n')) {
    const match = /^([A-Z_][A-Z0-9_]*)=(.*)$/.exec(line.trim());
    if (match) process.env[match[1]] ??= match[2];
  }
}

export const SANDBOX = process.env.PAYMENT_API_BASE as string;
export const CALLBACK_SECRET = process.env.PAYMENT_CALLBACK_SECRET as string;

export interface SandboxFaults {
  failInitiate?: 'http-500' | 'code' | 'hang';
  statusError?: 'http-500' | 'code';
  callback?: 'send' | 'drop';
  callbackDelayMs?: number;
  reportAmount?: number;
}

async function post(path: string, body: unknown) {
  const res = await fetch(`${SANDBOX}${path}`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify(body),
  });
  if (!res.ok) throw new Error(`sandbox ${path} answered ${res.status}: ${await res.text()}`);
  return res.json();
}

/** Faults for one clientReference only, so tests running in parallel do not disturb each other. */
export const setFaults = (clientReference: string, faults: SandboxFaults) =>
  post('/__control/faults', { clientReference, faults });
export const resetFaults = (clientReference: string) => post('/__control/reset', { clientReference });

/** Pays the latest checkout of a reference as a person pressing Pay would (the callback follows unless dropped). */
export const payInSandbox = (clientReference: string) =>
  post('/__control/pay', { clientReference, method: 'mobilemoney', channel: 'mtn-gh', phone: '0241234567' });
