import { FieldValue } from 'firebase-admin/firestore';
import { badRequest } from '../http/errors';
import { newClientReference } from '../payments/client-reference';
import type { OrderLine, OrderView, Product } from '../api/types';
import { COLLECTIONS } from '../store/collections';
import { db } from '../store/firebase';

const round2 = (n: number) => Math.round(n * 100) / 100;

/** A shop order: prices and the total come from the catalog, never from the browser. */
export async function createOrder(
  caller: { uid: string; email?: string },
  items: { productId: string; quantity: number }[],
): Promise<OrderView> {
  const ids = items.map((i) => i.productId);
  if (new Set(ids).size !== ids.length) throw badRequest('items: each product may appear only once; set its quantity instead.');
  const snaps = await db().getAll(...ids.map((id) => db().collection(COLLECTIONS.products).doc(id)));
  const unknown = snaps.filter((s) => !s.exists).map((s) => s.id);
  if (unknown.length) throw badRequest(`items: there is no product '${unknown.join("', '")}'.`);
  const lines: OrderLine[] = snaps.map((snap, i) => {
    const product = snap.data() as Product;
    return {
      productId: snap.id,
      productName: product.productName,
      price: product.price,
      quantity: items[i].quantity,
      lineTotal: round2(product.price * items[i].quantity),
    };
  });
  const ref = db().collection(COLLECTIONS.orders).doc();
  const order = {
    patientId: caller.uid,
    items: lines,
    amount: round2(lines.reduce((sum, l) => sum + l.lineTotal, 0)),
    currencyCode: 'GHS' as const,
    paymentStatus: 'Unpaid' as const,
    clientReference: newClientReference(),
    emailAddress: caller.email ?? '',
  };
  // status: its fulfilment by the clinic (api/staff.ts ORDER_FLOW), apart from paymentStatus.
  await ref.create({ ...order, status: 'Pending', createdAt: FieldValue.serverTimestamp() });
  const { emailAddress: _e, ...shown } = order;
  return { ...shown, id: ref.id };
}
