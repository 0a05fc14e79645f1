import type { SubscriptionView } from '../api/types';
import { COLLECTIONS } from './collections';
import { typedConverter } from './converter';
import { db } from './firebase';
import { PAYABLE_TIMES } from './payments';

/** Firestore access for package subscriptions. */

/** A subscription as stored: the answer's fields but the package joined in from the catalog. */
export type StoredSubscription = Omit<SubscriptionView, 'id' | 'packagePrice' | 'packageItems' | 'daysLeft'> & {
  emailAddress: string;
  createdAt: string;
};

const subscriptions = () =>
  db().collection(COLLECTIONS.subscriptions).withConverter(typedConverter<StoredSubscription>(undefined, PAYABLE_TIMES));

export const newSubscriptionRef = () => subscriptions().doc();
export const subscriptionRef = (id: string) => subscriptions().doc(id);

/** One patient's subscriptions with their ids: a patient has few. */
export async function subscriptionsOf(patientId: string) {
  const snap = await subscriptions().where('patientId', '==', patientId).get();
  return snap.docs.map((d) => ({ id: d.id, data: d.data() }));
}
