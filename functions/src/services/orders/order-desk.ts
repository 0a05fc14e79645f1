import { Timestamp } from 'firebase-admin/firestore';
import { CURRENCY } from '../../api/prices';
import { ORDER_FLOW, ORDER_STATUS, type OrderStatus, type Page, type StaffOrder } from '../../api/staff';
import { type Patient, PAYMENT_STATUS } from '../../api/types';
import { conflict, notFound } from '../../http/errors';
import { accountEmail } from '../../notifications/mail';
import { COLLECTIONS } from '../../store/collections';
import { plainValue } from '../../store/converter';
import { orderById, orderPage, orderRef, type StoredOrder } from '../../store/orders';
import { patientsById } from '../../store/patients';
import { refundRef } from '../../store/payments';
import { writeAudit } from '../../store/staff';
import { runTransaction } from '../../store/transaction';
import { createDueRefund } from '../payments/refunds';
import { audit, pageShown, type Staff } from '../shared/staff-access';

/** The clinic's side of shop orders: the list, one order, and its way out (dispatch, delivery, cancellation). */

type OrderRow = Omit<StaffOrder, 'customerName' | 'contactNumber' | 'deliveryAddress'>;

export const asOrder = (id: string, d: StoredOrder): OrderRow => {
  const { emailAddress: _e, transactionId: _t, ...rest } = d;
  return { ...rest, status: (d.status as OrderStatus | undefined) ?? 'Pending', id } as OrderRow;
};

/** Who an order goes to, from the customer's patient record: name, phone, and the address it is delivered to. */
function withCustomer(order: OrderRow, patient: Patient | undefined): StaffOrder {
  const name = `${String(patient?.firstName ?? '')} ${String(patient?.lastName ?? '')}`.trim();
  const address = String(patient?.address ?? '').trim();
  const town = String(patient?.patientLocation ?? '').trim();
  return {
    ...order,
    customerName: name,
    contactNumber: String(patient?.contactNumber ?? ''),
    deliveryAddress: [address, town].filter(Boolean).join(', '),
  };
}

/** GET /staff/orders: a page, each order with its customer (one getAll of their records); the entry names whose orders were shown. */
export async function listOrders(
  staff: Staff,
  filter: { status?: OrderStatus; toDispatch?: boolean },
  limit: number,
  cursor?: string,
): Promise<Page<StaffOrder>> {
  const page = await orderPage(filter, limit, cursor, asOrder);
  const customers = await patientsById(page.items.map((o) => o.patientId));
  const shown = pageShown(
    { status: filter.status, toDispatch: filter.toDispatch ? 'true' : undefined, cursor },
    { patientIds: page.items.map((o) => o.patientId) },
  );
  await writeAudit(audit(staff, 'order.list', COLLECTIONS.orders, shown));
  return { ...page, items: page.items.map((o) => withCustomer(o, customers.get(o.patientId))) };
}

/** GET /staff/orders/{id}: one order with its customer; the entry names the customer. */
export async function orderDetail(staff: Staff, id: string): Promise<StaffOrder> {
  const data = await orderById(id);
  if (!data) throw notFound('We could not find that order.');
  const order = asOrder(id, data);
  const customers = await patientsById([order.patientId]);
  await writeAudit(audit(staff, 'order.read', `${COLLECTIONS.orders}/${id}`, { patientIds: [order.patientId] }));
  return withCustomer(order, customers.get(order.patientId));
}

/**
 * POST /staff/orders/{id}/status: Pending -> Dispatched -> Delivered, or Cancelled before it
 * is delivered. Only a paid order goes out; a paid order cancelled gets its refund (Due) and mail.
 */
export async function setOrderStatus(staff: Staff, id: string, status: Exclude<OrderStatus, 'Pending'>): Promise<StaffOrder> {
  const ref = orderRef(id);
  const patientId = (await ref.get()).get('patientId');
  const email = typeof patientId === 'string' ? await accountEmail(patientId) : undefined;
  return runTransaction(async (tx) => {
    const snap = await tx.get(ref);
    if (!snap.exists) throw notFound('We could not find that order.');
    const order = snap.data()!;
    const current = (order.status as OrderStatus | undefined) ?? 'Pending';
    if (!ORDER_FLOW[current].includes(status)) throw conflict(`This order is ${current}: it cannot be marked ${status}.`);
    const paid = order.paymentStatus === PAYMENT_STATUS.Paid;
    if (status === ORDER_STATUS.Dispatched && !paid) throw conflict('This order is not paid yet: it cannot be dispatched.');
    const refund =
      paid && status === ORDER_STATUS.Cancelled
        ? refundRef(String(order.clientReference), String(order.transactionId ?? ''))
        : undefined;
    const refundExists = refund ? (await tx.get(refund)).exists : false;
    const change = { status, statusUpdatedAt: Timestamp.now(), statusUpdatedBy: staff.email ?? staff.uid };
    tx.update(ref, change);
    await writeAudit(audit(staff, `order.${status.toLowerCase()}`, ref.path, { patientIds: [String(order.patientId)] }), tx);
    if (refund && !refundExists) {
      await createDueRefund(
        tx,
        {
          clientReference: String(order.clientReference),
          kind: 'order',
          recordId: id,
          patientId: String(order.patientId),
          amount: Number(order.amount),
          currency: String(order.currencyCode ?? CURRENCY),
          reason: 'cancelled',
          transactionId: String(order.transactionId ?? ''),
          what: 'your order',
        },
        email,
        'The clinic cancelled your order, so nothing is charged.',
      );
    }
    const customer = await patientsById([String(order.patientId)]);
    return withCustomer(asOrder(id, plainValue({ ...order, ...change }) as StoredOrder), customer.get(String(order.patientId)));
  });
}
