import type { OrderStatus } from '../api/staff';
import type { OrderView } from '../api/types';
import { COLLECTIONS } from './collections';
import { typedConverter } from './converter';
import { db } from './firebase';
import { PAYABLE_TIMES } from './payments';

/** Firestore access for shop orders. */

/** status: its fulfilment by the clinic (api/staff.ts ORDER_FLOW), apart from paymentStatus. */
export type StoredOrder = Omit<OrderView, 'id'> & { emailAddress: string; createdAt: string; status: OrderStatus };

const orders = () => db().collection(COLLECTIONS.orders).withConverter(typedConverter<StoredOrder>(undefined, PAYABLE_TIMES));

export const newOrderRef = () => orders().doc();

/** One patient's orders, each with its id. */
export const ordersOf = async (patientId: string) =>
  (await orders().where('patientId', '==', patientId).get()).docs.map((d) => ({ ...d.data(), id: d.id }));
