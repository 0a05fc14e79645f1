import { FieldValue } from 'firebase-admin/firestore';
import { badRequest } from '../../http/errors';
import { newClientReference } from '../../provider/client-reference';
import type { OrderLine, OrderView } from '../../api/types';
import { productsById } from '../../store/catalog';
import { newOrderRef } from '../../store/orders';
import { ORDER_STATUS } from '../../api/staff';
import { CURRENCY } from '../../api/prices';

const round2 = (n: number) => Math.round(n * 100) / 100;

/** A shop order: prices and the total come from the catalog, never from the browser. */
export async function createOrder(
  caller: { uid: string; email?: string },
  items: { productId: string; quantity: number }[],
): Promise<OrderView> {
  const ids = items.map((i) => i.productId);
  if (new Set(ids).size !== ids.length)
    throw badRequest('Products: each product may appear only once; set its quantity instead.');
  const { found: products, missing } = await productsById(ids);
  if (missing.length) throw badRequest(`Products: there is no product '${missing.join("', '")}'.`);
  const lines: OrderLine[] = products.map((product, i) => ({
    productId: product.id,
    productName: product.productName,
    price: product.price,
    quantity: items[i].quantity,
    lineTotal: round2(product.price * items[i].quantity),
  }));
  const ref = newOrderRef();
  const order = {
    patientId: caller.uid,
    items: lines,
    amount: round2(lines.reduce((sum, l) => sum + l.lineTotal, 0)),
    currencyCode: CURRENCY,
    paymentStatus: 'Unpaid' as const,
    clientReference: newClientReference(),
    emailAddress: caller.email ?? '',
  };
  // status: its fulfilment by the clinic (api/staff.ts ORDER_FLOW), apart from paymentStatus.
  await ref.create({ ...order, status: ORDER_STATUS.Pending, createdAt: FieldValue.serverTimestamp() });
  const { emailAddress: _e, ...shown } = order;
  return { ...shown, id: ref.id };
}
