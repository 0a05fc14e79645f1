/** The shop's orders as the desk sees and moves them (docs/front-desk.md; shapes in @api/staff). */
import type { OrderStatus, StaffOrder } from '@api/staff';
import { staffKeys, usePaged, useStatusChange } from '@/features/staff/api/console-query';

export type { StaffOrder } from '@api/staff';

export const orderStatusOf = (order: StaffOrder): OrderStatus => order.status;

/** Orders by status, or `toDispatch`: the Paid ones not yet dispatched (what the overview counts). */
export const useOrders = (filter: { status?: OrderStatus; toDispatch?: boolean }) =>
  usePaged<StaffOrder>([...staffKeys.orders, filter.toDispatch ? 'to-dispatch' : (filter.status ?? 'all')], '/staff/orders', {
    status: filter.status,
    toDispatch: filter.toDispatch ? 'true' : undefined,
  });

/** A cancelled order may owe a refund, and the patient's page lists their orders. */
export const useSetOrderStatus = () =>
  useStatusChange<OrderStatus, StaffOrder>('orders', [staffKeys.orders, staffKeys.refunds, staffKeys.patients]);
