import { randomBytes, scrypt, timingSafeEqual } from 'node:crypto';
import { promisify } from 'node:util';
import type { PhonePinState } from '../../api/front-desk';
import { PHONE_PIN_DIGITS, PHONE_PIN_TRIES } from '../../api/policy';
import { notFound } from '../../http/errors';
import { findPatient } from '../../store/patients';
import { auditAs, type Staff } from '../shared/staff-access';
import { hasCode } from '../../store/error-codes';
import { phonePinRef, readPhonePin } from '../../store/phone-pins';
import { runTransaction } from '../../store/transaction';

/**
 * The PIN that changes made by phone need (docs/ussd.md 'The PIN'): on USSD (and voice) the
 * network proves the number, not who holds the phone, so cancelling, changing a package or a
 * mandate and sending medicine to an address ask for it. Set on the first such action, kept as a
 * salted scrypt hash; three wrong tries in a row lock it until the person resets it from their
 * web account or at the desk after an ID check.
 */

const derive = promisify(scrypt) as (pin: string, salt: string, keylen: number) => Promise<Buffer>;
const KEY_BYTES = 32;

export const PIN_FORMAT = new RegExp(`^\\d{${PHONE_PIN_DIGITS}}$`);

/** A salted digest of a PIN typed once, so a session can compare the second typing without keeping the PIN. */
export const pinDigest = async (pin: string, salt: string) => (await derive(pin, salt, KEY_BYTES)).toString('hex');

export async function phonePinState(patientId: string): Promise<PhonePinState> {
  const pin = await readPhonePin(patientId);
  return !pin ? 'none' : pin.lockedAt ? 'locked' : 'set';
}

/** Sets the first PIN; false when one was set meanwhile (another session): that one stands. */
export async function setPhonePin(patientId: string, pin: string): Promise<boolean> {
  const salt = randomBytes(16).toString('hex');
  const hash = (await derive(pin, salt, KEY_BYTES)).toString('hex');
  try {
    await phonePinRef(patientId).create({ hash, salt, failures: 0, setAt: new Date().toISOString() });
    return true;
  } catch (err) {
    if (hasCode(err, 'ALREADY_EXISTS')) return false;
    throw err;
  }
}

export type PinCheck = { result: 'right' } | { result: 'wrong'; triesLeft: number } | { result: 'locked' } | { result: 'none' };

/** Checks a PIN: a wrong one counts (the third locks it); a right one clears the count. */
export async function checkPhonePin(patientId: string, pin: string): Promise<PinCheck> {
  const stored = await readPhonePin(patientId);
  if (!stored) return { result: 'none' };
  if (stored.lockedAt) return { result: 'locked' };
  const given = await derive(pin, stored.salt, KEY_BYTES);
  const right = timingSafeEqual(given, Buffer.from(stored.hash, 'hex'));
  // The count is kept in a transaction, so two tries at once cannot both be the "second".
  return runTransaction(async (tx) => {
    const now = await readPhonePin(patientId, tx);
    if (!now) return { result: 'none' } as const;
    if (now.lockedAt) return { result: 'locked' } as const;
    const ref = phonePinRef(patientId);
    if (right) {
      if (now.failures) tx.update(ref, { failures: 0 });
      return { result: 'right' } as const;
    }
    const failures = now.failures + 1;
    const locked = failures >= PHONE_PIN_TRIES;
    tx.update(ref, { failures, ...(locked ? { lockedAt: new Date().toISOString() } : {}) });
    return locked ? ({ result: 'locked' } as const) : ({ result: 'wrong', triesLeft: PHONE_PIN_TRIES - failures } as const);
  });
}

/** Forgets the PIN (the person on their account, or the desk after an ID check): the next change by phone sets a new one. */
export async function resetPhonePin(patientId: string): Promise<boolean> {
  const ref = phonePinRef(patientId);
  const existed = (await ref.get()).exists;
  if (existed) await ref.delete();
  return existed;
}

/** The desk forgets a person's PIN after an ID check (audited, naming them). */
export async function resetPhonePinAtDesk(staff: Staff, patientId: string): Promise<boolean> {
  if (!(await findPatient(patientId))) throw notFound('We could not find that person.');
  const reset = await resetPhonePin(patientId);
  await auditAs(staff, { action: 'phone-pin.reset', target: `patients/${patientId}`, patientIds: [patientId] });
  return reset;
}
