import { PAYABLE_KIND } from '../../api/types';
import { orderPayables, type PayableOrder } from '../../store/orders';
import type { PayableKindImpl } from '../payments/payable';

/** A shop order as a payable (docs/money.md "Payables"): paying it marks it Paid, nothing more. */
export const orderPayable: PayableKindImpl<PayableOrder> = {
  kind: PAYABLE_KIND.order,
  store: orderPayables,
  amount: (o) => o.amount,
  describe: (o) => `Order: ${o.items.map((i) => `${i.quantity} x ${i.productName}`).join(', ')}`,
  refundSent: async () => ({ what: 'your order', apply: () => undefined }),
};
