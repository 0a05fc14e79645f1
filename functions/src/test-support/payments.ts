import { callbackToken } from '../http/gateway';

/**
 * For payment tests: helpers that steer the payment sandbox over HTTP (its address and the
 * provider configuration come from functions/.env.local through ./env.ts). The sandbox is the
 * provider's stand-in, not a mock.
 */

export const SANDBOX = process.env.PAYMENT_API_BASE as string;
export const CALLBACK_SECRET = process.env.PAYMENT_CALLBACK_SECRET as string;

/**
 * The path of the callback URL the clinic gave the provider for one payment (config callbackUrl):
 * its reference and the token made for it. `token` replaces the token (a forged one).
 */
export const callbackPath = (clientReference: string, token = callbackToken(CALLBACK_SECRET, 'payment', clientReference)) =>
  `/payment/callback/${encodeURIComponent(clientReference)}/${token}`;

export interface SandboxFaults {
  failInitiate?: 'http-500' | 'code' | 'hang';
  statusError?: 'http-500' | 'code';
  callback?: 'send' | 'drop';
  callbackDelayMs?: number;
  reportAmount?: number;
  /** The provider has no call to close a checkout (404), as the live one may not. */
  closeUnsupported?: boolean;
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
