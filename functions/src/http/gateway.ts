import { createHmac, timingSafeEqual } from 'node:crypto';

/**
 * The proof a gateway request carries (docs/security.md 'Trust on every channel'). A provider
 * that can send no header or signature (Hubtel's Programmable Services) is given URLs with a
 * secret path segment; a provider given one callback URL per payment gets a token for that
 * payment only (an HMAC of its reference), so a URL that reaches a log authorises nothing else.
 * A secret's value may hold two values, comma-separated, while it is rotated: the first signs,
 * either is accepted.
 */

/** The values a secret holds: one, or two during a rotation ('new,old'). */
export const secretValues = (secret: string): string[] =>
  secret
    .split(',')
    .map((value) => value.trim())
    .filter(Boolean);

/** Whether `given` is exactly `expected`, compared in constant time; never when either is empty. */
export function sameSecret(given: unknown, expected: string): boolean {
  if (typeof given !== 'string' || !given || !expected) return false;
  const a = Buffer.from(given);
  const b = Buffer.from(expected);
  return a.length === b.length && timingSafeEqual(a, b);
}

/** Whether `given` is one of the secret's values. */
export const isOneOf = (given: unknown, secret: string): boolean =>
  secretValues(secret).some((value) => sameSecret(given, value));

/** What a callback token is for: a payment's callback, or a mandate's decision (docs/direct-debit.md). */
export type CallbackPurpose = 'payment' | 'preapproval';

const tokenOf = (key: string, purpose: CallbackPurpose, reference: string) =>
  createHmac('sha256', key).update(`${purpose}:${reference}`).digest('base64url');

/** The token a callback URL for this one reference carries, signed with the secret's first value. */
export function callbackToken(secret: string, purpose: CallbackPurpose, reference: string): string {
  const [key] = secretValues(secret);
  if (!key) throw new Error('The callback secret is not set.');
  return tokenOf(key, purpose, reference);
}

/** Whether `token` was made for this reference with one of the secret's values. */
export const isCallbackToken = (secret: string, purpose: CallbackPurpose, reference: string, token: unknown): boolean =>
  secretValues(secret).some((key) => sameSecret(token, tokenOf(key, purpose, reference)));
