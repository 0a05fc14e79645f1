import { createHash, randomInt, timingSafeEqual } from 'node:crypto';

/** How long a code may be used, how long before another may be sent, how many wrong tries kill it. */
export const CODE_TTL_MS = 24 * 60 * 60 * 1000;
export const RESEND_WAIT_MS = 5 * 60 * 1000;
export const MAX_WRONG_TRIES = 5;

const initial = (name: string) => /[A-Z]/.exec(name.toUpperCase())?.[0] ?? 'X';

/**
 * The patient code (the original site's format): last-name initial, first-name initial, a random number of at
 * least 4 digits (6 here, so that guessing within the allowed tries is hopeless), and the
 * last 2 digits of the phone. Made on the server only.
 */
export function makeCode(firstName: string, lastName: string, contactNumber: string): string {
  const digits = String(randomInt(100_000, 1_000_000));
  return `${initial(lastName)}${initial(firstName)}${digits}${contactNumber.slice(-2)}`;
}

/** Codes are compared without case or spaces: people copy them from e-mails by hand. */
const canonical = (code: string) => code.replace(/\s/g, '').toUpperCase();

/** What is stored: a hash bound to the patient, never the code itself. */
export function hashCode(patientId: string, code: string): string {
  return createHash('sha256')
    .update(`${patientId}:${canonical(code)}`)
    .digest('hex');
}

export function codeMatches(patientId: string, code: string, storedHash: string): boolean {
  const given = Buffer.from(hashCode(patientId, code), 'hex');
  const stored = Buffer.from(storedHash, 'hex');
  return given.length === stored.length && timingSafeEqual(given, stored);
}
