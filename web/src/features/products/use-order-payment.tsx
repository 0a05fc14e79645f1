import { useState } from 'react';
import { ERROR_TITLE, PAYMENT_ERROR } from '@api/messages';
import { useLocation, useNavigate } from 'react-router-dom';
import { SpinnerOverlay } from '@/components/spinner';
import { createOrder } from '@/shared/payments/api/orders';
import { isSignedIn, promptLogin } from '@/lib/login-prompt';
import { usePaymentFlow } from '@/shared/payments/use-payment-flow';
import type { ProductOrder } from '@/features/products/api/pay-order';
import { ApiError } from '@/lib/api-client';
import { showError } from '@/lib/dialogs';

/**
 * Confirm Payment on the shop's checkout: log in if needed, create the order (the server
 * prices it from the catalog), then pay it through the same Make Payment modal.
 */
export function useOrderPayment() {
  const navigate = useNavigate();
  const location = useLocation();
  const [busy, setBusy] = useState(false);
  const payment = usePaymentFlow({ onPaid: () => navigate('/products') });

  async function payForOrder(order: ProductOrder) {
    setBusy(true);
    try {
      if (!(await isSignedIn().catch(() => false))) {
        setBusy(false);
        const to = await promptLogin(`${location.pathname}${location.search}`);
        if (to) navigate(to);
        return;
      }
      const created = await createOrder({ items: [{ productId: order.productId, quantity: order.quantity }] });
      setBusy(false);
      await payment.pay({
        clientReference: created.clientReference,
        paymentText: `Order: ${order.quantity} x ${order.productName}`,
        amount: created.amount,
        phone: order.method === 'mobile-money' ? order.mobileMoney?.phone : undefined,
        successText: 'Thank you: your order is paid and we have e-mailed your receipt. We will call you to arrange delivery.',
      });
    } catch (err) {
      setBusy(false);
      const clientFault = err instanceof ApiError && err.status >= 400 && err.status < 500 && err.status !== 401;
      await showError(clientFault ? err.message : PAYMENT_ERROR, ERROR_TITLE);
    }
  }

  const element = (
    <>
      <SpinnerOverlay show={busy} />
      {payment.element}
    </>
  );
  return { payForOrder, element };
}
