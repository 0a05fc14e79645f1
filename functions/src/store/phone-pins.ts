import type { Transaction } from 'firebase-admin/firestore';
import { COLLECTIONS } from './collections';
import { typedCollection } from './converter';

/**
 * phonePins/{patientId} (docs/ussd.md 'The PIN'): the 4-digit PIN that changes made by phone
 * need, as a salted scrypt hash, never the PIN; the wrong tries since the last right one, and when
 * three of them locked it. Only the server reads or writes it (firestore.rules).
 */
export interface StoredPhonePin {
  /** scrypt of the PIN with `salt`, hex. */
  hash: string;
  salt: string;
  failures: number;
  lockedAt?: string;
  setAt: string;
}

const pins = () => typedCollection<StoredPhonePin>(COLLECTIONS.phonePins, ['setAt', 'lockedAt']);

export const phonePinRef = (patientId: string) => pins().doc(patientId);

export const readPhonePin = async (patientId: string, tx?: Transaction) => {
  const ref = phonePinRef(patientId);
  return (tx ? await tx.get(ref) : await ref.get()).data();
};
