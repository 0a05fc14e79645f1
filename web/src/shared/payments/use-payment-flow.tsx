import { useCallback, useState } from 'react';
import { ERROR_TITLE, PAYMENT_ERROR } from '@api/messages';
import { SpinnerOverlay } from '@/components/spinner';
import { useSession } from '@/shared/session/session';
import { ApiError } from '@/lib/api-client';
import { showError, showInfo, showSuccess } from '@/lib/dialogs';
import { checkPayment, initiatePayment, type CheckedPayment } from '@/shared/payments/api/payments';
import { PaymentModal } from '@/shared/payments/components/payment-modal';
import { PAYMENT_STATUS } from '@api/types';

export interface PaymentRequest {
  clientReference: string;
  /** The summary's Payment line, e.g. 'Subscription for package'. */
  paymentText: string;
  amount?: number;
  /** Shown in the success dialog. */
  successText?: string;
  /** Pre-fills the mobile money number on the provider's page (never a card number). */
  phone?: string;
}

function withPhone(url: string, phone: string | undefined): string {
  if (!phone) return url;
  const u = new URL(url);
  u.searchParams.set('phone', phone.replace(/[\s-]/g, ''));
  return u.toString();
}

type Open = PaymentRequest & { checkoutUrl: string };

/** 502/network/server faults get PAYMENT_ERROR's sentence; a 4xx keeps the server's own words. */
const messageOf = (err: unknown) =>
  err instanceof ApiError && err.status >= 400 && err.status < 500 && err.status !== 401 ? err.message : PAYMENT_ERROR;

/**
 * The whole payment of a record the server already priced: start the provider's checkout,
 * show it in the 'Make Payment' modal, and when the modal closes ask the server to check
 * with the provider. Render `element` once; call `pay(...)`.
 */
export function usePaymentFlow({ onPaid }: { onPaid?: (record: CheckedPayment) => void } = {}) {
  const [busy, setBusy] = useState(false);
  const [open, setOpen] = useState<Open | null>(null);
  const session = useSession({ unhurried: true });
  // The patient's own number is the likely mobile money wallet: filled in, still editable on the provider's page.
  const ownPhone = session.status === 'signed-in' ? session.patient?.contactNumber : undefined;

  const pay = useCallback(
    async (request: PaymentRequest) => {
      setBusy(true);
      try {
        const checkout = await initiatePayment({ clientReference: request.clientReference });
        setOpen({ ...request, checkoutUrl: withPhone(checkout.checkoutDirectUrl, request.phone ?? ownPhone) });
      } catch (err) {
        await showError(messageOf(err), ERROR_TITLE);
      } finally {
        setBusy(false);
      }
    },
    [ownPhone],
  );

  const close = useCallback(async () => {
    if (!open) return;
    setOpen(null);
    setBusy(true);
    let record: CheckedPayment | undefined;
    try {
      record = await checkPayment({ clientReference: open.clientReference });
    } catch (err) {
      setBusy(false);
      await showError(err instanceof ApiError && err.status === 502 ? err.message : PAYMENT_ERROR, ERROR_TITLE);
      return;
    }
    setBusy(false);
    if (record.paymentStatus === PAYMENT_STATUS.Paid) {
      await showSuccess(
        'Payment Successful',
        open.successText ?? 'Thank you: we have received your payment and e-mailed a receipt.',
      );
      onPaid?.(record);
    } else {
      await showInfo('Your payment was not completed. You can try again whenever you are ready.', 'Payment not completed');
    }
  }, [open, onPaid]);

  const element = (
    <>
      <SpinnerOverlay show={busy} />
      {open && (
        <PaymentModal
          open
          checkoutUrl={open.checkoutUrl}
          paymentText={open.paymentText}
          amount={open.amount}
          onClose={() => void close()}
        />
      )}
    </>
  );

  return { pay, busy, element };
}
