import { useSearchParams } from 'react-router-dom';
import { formatDate, formatGhs } from '@api/format';
import type { OrderStatus } from '@api/staff';
import { itemsOf } from '@/features/staff/api/console-query';
import { orderStatusOf, useOrders, useSetOrderStatus, type StaffOrder } from '@/features/money/api/orders-api';
import { PagedCards, StateBadge, StatusChips, StepButtons, StaffPage } from '@/features/staff/components/list-parts';
import { confirm, showApiError } from '@/lib/dialogs';
import { PAYMENT_STATUS } from '@api/types';
import { formatPhone } from '@api/ghana-phone';

const ORDER_STATUSES: OrderStatus[] = ['Pending', 'Dispatched', 'Delivered', 'Cancelled'];
/** The work queue: Paid orders not yet sent (the overview's 'orders to dispatch'). */
const TO_DISPATCH = 'To dispatch';
type Shown = OrderStatus | typeof TO_DISPATCH;

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

/** The moves offered: an order is dispatched only once it is paid (the server refuses it too). */
export const movesOf = (order: Pick<StaffOrder, 'status' | 'paymentStatus'>) =>
  ORDER_MOVES[order.status].filter((m) => m.to !== 'Dispatched' || order.paymentStatus === 'Paid');

function OrderItem({ order }: { order: StaffOrder }) {
  const setStatus = useSetOrderStatus();
  const status = orderStatusOf(order);
  const moves = movesOf(order);
  async function move(to: OrderStatus) {
    if (to === 'Cancelled') {
      const refund =
        order.paymentStatus === PAYMENT_STATUS.Paid ? ` ${formatGhs(order.amount)} paid will be due for refund.` : '';
      if (!(await confirm('Cancel order?', 'Yes, cancel', `Order ${order.clientReference}.${refund}`))) return;
    }
    await setStatus.mutateAsync({ recordId: order.id, status: to }).catch((err: unknown) => showApiError(err));
  }
  return (
    <li className="staff-card" aria-label={`Order ${order.clientReference}`}>
      <div className="staff-card-head">
        <h2>Order {order.clientReference}</h2>
        <span className="staff-list-badges">
          <StateBadge state={status} />
          <StateBadge state={order.paymentStatus} />
        </span>
      </div>
      <p>
        <strong>{order.customerName || 'Customer'}</strong> ·{' '}
        {order.contactNumber ? <a href={`tel:${order.contactNumber}`}>{formatPhone(order.contactNumber)}</a> : 'no phone'} ·
        ordered {formatDate(order.createdAt, { time: true })}
      </p>
      <p>Deliver to: {order.deliveryAddress || 'no address on the record: call the customer'}</p>
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
      {status === 'Pending' && order.paymentStatus !== 'Paid' && (
        <p className="staff-muted">Not paid yet: it can be dispatched once paid.</p>
      )}
      <StepButtons
        steps={moves}
        keyOf={(m) => m.to}
        ending={(m) => m.to === 'Cancelled'}
        about={`order ${order.clientReference}`}
        busy={setStatus.isPending}
        onPick={(m) => void move(m.to)}
      />
    </li>
  );
}

/** Orders: who, where and what; the Paid ones to dispatch first, then by delivery state. */
export default function OrdersPage() {
  const [params, setParams] = useSearchParams();
  const asked = params.get('show');
  const shown: Shown | undefined =
    asked === null || asked === 'to-dispatch' ? TO_DISPATCH : ORDER_STATUSES.find((s) => s === asked);
  const list = useOrders(shown === TO_DISPATCH ? { toDispatch: true } : { status: shown });
  const items = itemsOf(list.data);
  const show = (next: Shown | undefined) =>
    setParams({ show: next === TO_DISPATCH ? 'to-dispatch' : (next ?? 'all') }, { replace: true });
  return (
    <StaffPage title="Orders">
      <StatusChips<Shown>
        label="Order status"
        options={[TO_DISPATCH, undefined, ...ORDER_STATUSES]}
        value={shown}
        onChange={show}
      />
      <PagedCards
        query={list}
        items={items}
        empty={shown === TO_DISPATCH ? 'No paid orders waiting to be dispatched.' : 'No orders here.'}
      >
        {(o) => <OrderItem key={o.id} order={o} />}
      </PagedCards>
    </StaffPage>
  );
}
