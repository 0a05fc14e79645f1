import type { OrderStatus } from '../api/staff';
import type { OrderView } from '../api/types';
import { COLLECTIONS } from './collections';
import { plainValue, typedCollection } from './converter';
import { db } from './firebase';
import { byStatus, pageOf } from './pages';
import { PAYABLE_TIMES, payableStore, type CheckoutFields } from './payments';

/** Firestore access for shop orders. */

/** status: its fulfilment by the clinic (api/staff.ts ORDER_FLOW), apart from paymentStatus. */
export type StoredOrder = Omit<OrderView, 'id'> & {
  emailAddress: string;
  createdAt: string;
  status: OrderStatus;
  /** The provider's, once paid (services/payments/settlement.ts). */
  transactionId?: string;
};

const orders = () => typedCollection<StoredOrder>(COLLECTIONS.orders, PAYABLE_TIMES);

export const newOrderRef = () => orders().doc();

/** One patient's orders, each with its id. */
export const ordersOf = async (patientId: string) =>
  (await orders().where('patientId', '==', patientId).get()).docs.map((d) => ({ ...d.data(), id: d.id }));

export const orderRef = (id: string) => db().collection(COLLECTIONS.orders).doc(id);

/** An order as payments reads it. */
export type PayableOrder = StoredOrder & CheckoutFields;
export const orderPayables = payableStore<PayableOrder>(COLLECTIONS.orders);

/** Paid orders not yet dispatched: the overview's count and the orders list's toDispatch filter are the same query. */
const ordersToDispatch = () =>
  db().collection(COLLECTIONS.orders).where('status', '==', 'Pending').where('paymentStatus', '==', 'Paid');

export const countOrdersToDispatch = async (): Promise<number> => (await ordersToDispatch().count().get()).data().count;

export const orderPage = <T>(
  filter: { status?: string; toDispatch?: boolean },
  limit: number,
  cursor: string | undefined,
  map: (id: string, d: StoredOrder) => T,
) =>
  pageOf(
    db().collection(COLLECTIONS.orders),
    filter.toDispatch
      ? ordersToDispatch().orderBy('createdAt', 'desc')
      : byStatus(COLLECTIONS.orders, filter.status, 'createdAt'),
    limit,
    cursor,
    map,
  );

/** One order, as plain JSON, or undefined. */
export async function orderById(id: string): Promise<StoredOrder | undefined> {
  const snap = await orderRef(id).get();
  return snap.exists ? (plainValue(snap.data()) as StoredOrder) : undefined;
}

export async function ordersOfPatient(patientId: string): Promise<{ id: string; data: StoredOrder }[]> {
  const snap = await db().collection(COLLECTIONS.orders).where('patientId', '==', patientId).get();
  return snap.docs.map((d) => ({ id: d.id, data: plainValue(d.data()) as StoredOrder }));
}
