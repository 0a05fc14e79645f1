import { Timestamp } from 'firebase-admin/firestore';
import { COLLECTIONS } from './collections';
import { db } from './firebase';

/**
 * Firestore access for throttling (http/rate-limit.ts): one document per allowed request,
 * keyed by a hash, never an address or a uid. `expiresAt` lets a TTL policy delete old ones.
 */
export interface RateLimitSlot {
  key: string;
  expiresAt: Timestamp;
}

const slots = () => db().collection(COLLECTIONS.rateLimits);

/** How many slots of this key are taken (a hint where to start: create() decides). */
export const slotsTaken = async (key: string): Promise<number> =>
  (await slots().where('key', '==', key).count().get()).data().count;

/** Takes slot number `slot` of the key; fails with ALREADY_EXISTS when someone has it. */
export const takeRateLimitSlot = (key: string, slot: number, expiresAt: Timestamp) =>
  slots()
    .doc(`${key}-${slot}`)
    .create({ key, expiresAt } satisfies RateLimitSlot);
