import type { OrderView } from '../api/types';
import { COLLECTIONS } from './collections';
import { typedConverter } from './converter';
import { db } from './firebase';
import { PAYABLE_TIMES } from './payments';

/** Firestore access for shop orders. */

export type StoredOrder = Omit<OrderView, 'id'> & { emailAddress: string; createdAt: string };

const orders = () => db().collection(COLLECTIONS.orders).withConverter(typedConverter<StoredOrder>(undefined, PAYABLE_TIMES));

export const newOrderRef = () => orders().doc();

/** One patient's orders, each with its id. */
export const ordersOf = async (patientId: string) =>
  (await orders().where('patientId', '==', patientId).get()).docs.map((d) => ({ ...d.data(), id: d.id }));
