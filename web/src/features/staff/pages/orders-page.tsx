import { useState } from 'react';
import { formatGhs } from '@api/format';
import type { OrderStatus } from '@api/staff';
import { usePageTitle } from '@/components/page-title';
import { itemsOf, orderStatusOf, useOrders, useSetOrderStatus, type StaffOrder } from '@/features/staff/api/staff-api';
import { ListState, LoadMore, PageHeader, StateBadge, StatusChips } from '@/features/staff/components/list-parts';
import { confirm, showApiError } from '@/lib/dialogs';
import { PAYMENT_STATUS } from '@api/types';

const ORDER_STATUSES: OrderStatus[] = ['Pending', 'Dispatched', 'Delivered', 'Cancelled'];

/** Where an order may go next (Pending -> Dispatched -> Delivered; Cancelled while not delivered), and the button's words. */
const ORDER_MOVES: Record<OrderStatus, { to: OrderStatus; label: string }[]> = {
  Pending: [
    { to: 'Dispatched', label: 'Dispatch' },
    { to: 'Cancelled', label: 'Cancel' },
  ],
  Dispatched: [
    { to: 'Delivered', label: 'Delivered' },
    { to: 'Cancelled', label: 'Cancel' },
  ],
  Delivered: [],
  Cancelled: [],
};

function OrderItem({ order }: { order: StaffOrder }) {
  const setStatus = useSetOrderStatus();
  const status = orderStatusOf(order);
  async function move(to: OrderStatus) {
    if (to === 'Cancelled') {
      const refund =
        order.paymentStatus === PAYMENT_STATUS.Paid ? ` ${formatGhs(order.amount)} paid will be due for refund.` : '';
      if (!(await confirm('Cancel order?', 'Yes, cancel', `Order ${order.clientReference}.${refund}`))) return;
    }
    await setStatus.mutateAsync({ orderId: order.id, status: to }).catch((err: unknown) => showApiError(err));
  }
  return (
    <li className="staff-card">
      <div className="staff-card-head">
        <h2>Order {order.clientReference}</h2>
        <span className="staff-list-badges">
          <StateBadge state={status} />
          <StateBadge state={order.paymentStatus} />
        </span>
      </div>
      <ul className="staff-lines">
        {order.items.map((line) => (
          <li key={line.productId}>
            {line.quantity} × {line.productName} <span>{formatGhs(line.lineTotal)}</span>
          </li>
        ))}
      </ul>
      <p>
        <strong>Total {formatGhs(order.amount)}</strong>
      </p>
      {ORDER_MOVES[status].length > 0 && (
        <div className="form-actions">
          {ORDER_MOVES[status].map((m) => (
            <button
              key={m.to}
              type="button"
              className={m.to === 'Cancelled' ? 'btn btn-outline' : 'btn btn-primary'}
              disabled={setStatus.isPending}
              onClick={() => void move(m.to)}
            >
              {m.label}
              <span className="visually-hidden"> order {order.clientReference}</span>
            </button>
          ))}
        </div>
      )}
    </li>
  );
}

/** Orders: by delivery state, moved Pending -> Dispatched -> Delivered, or Cancelled (with its refund). */
export default function OrdersPage() {
  usePageTitle('Orders');
  const [status, setStatus] = useState<OrderStatus | undefined>('Pending');
  const list = useOrders(status);
  const items = itemsOf(list.data);
  return (
    <div className="staff-page">
      <PageHeader title="Orders" />
      <StatusChips label="Order status" options={[undefined, ...ORDER_STATUSES]} value={status} onChange={setStatus} />
      <ListState
        loading={list.isPending}
        error={list.error}
        empty="No orders here."
        isEmpty={items.length === 0}
        onRetry={() => void list.refetch()}
      >
        <ul className="staff-cards">
          {items.map((o) => (
            <OrderItem key={o.id} order={o} />
          ))}
        </ul>
        <LoadMore hasMore={list.hasNextPage} loading={list.isFetchingNextPage} onMore={() => void list.fetchNextPage()} />
      </ListState>
    </div>
  );
}
