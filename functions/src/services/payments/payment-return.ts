import { logger } from 'firebase-functions';
import { formatDate, formatGhs } from '../../api/format';
import { PAYMENT_STATUS, type PaymentReturn, type RefundReason } from '../../api/types';
import { notFound } from '../../http/errors';
import { ProviderError } from '../../provider/provider';
import { ledgerRef, refundsOfReference } from '../../store/payments';
import { findPayable, isRemoved, kindOf } from './payable';
import { confirmWithProvider } from './settlement';

/**
 * The return page's answer (docs/money.md, "The return page"): what became of the payment, in
 * words. A record whose checkout started and that is unpaid, or paid at the desk, is first checked
 * with the provider (as /payment/check does), so a payment made a moment ago is settled (or made a
 * refund Due) before the page is told.
 */

/** Why a payment taken could not be applied, as the refund sentence says it. */
const WHY_REFUNDED: Record<RefundReason, string> = {
  duplicate: 'this had already been paid',
  cancelled: 'the booking had been cancelled',
  expired: 'the booking had expired',
  deleted: 'the booking had been removed',
  'amount-mismatch': 'the amount did not match the bill',
};

export async function paymentReturn(
  clientReference: string,
  returned: 'success' | 'cancelled',
): Promise<{ answer: PaymentReturn; msg: string }> {
  let payable = await findPayable(clientReference);
  if (!payable || isRemoved(payable)) throw notFound('No payment with that reference was found.');
  // Paid at the desk, yet a checkout was opened: a link the provider could not close may have taken money too.
  const unpaidOnline = payable.data.paymentStatus !== PAYMENT_STATUS.Paid || payable.data.paymentSource === 'desk';
  if (unpaidOnline && payable.data.checkoutStartedAt) {
    try {
      await confirmWithProvider(payable);
      payable = (await findPayable(clientReference)) ?? payable;
    } catch (err) {
      if (!(err instanceof ProviderError)) throw err;
      logger.warn('payment return: provider not answering', { clientReference, error: err.message });
      return {
        answer: { outcome: 'waiting' },
        msg: 'We cannot confirm this payment just now. If you paid, it will show as paid within a few minutes.',
      };
    }
  }
  const [ledger, refunds] = await Promise.all([ledgerRef(clientReference).get(), refundsOfReference(clientReference)]);
  // A payment taken now that the record could not take: said first, since it is money owed back.
  const refund = refunds.find((r) => r.status === 'Due' || r.status === 'Refunded');
  const entry = ledger.data();
  if (refund) {
    const clinic = refund.reason === 'duplicate' && entry?.source === 'desk';
    const why = clinic ? `this was already settled at the clinic on ${formatDate(entry.paidAt)}` : WHY_REFUNDED[refund.reason];
    return {
      answer: { outcome: 'refund-due' },
      msg: `We received ${formatGhs(refund.amount)}, but ${why}, so it will be refunded to you. The clinic will send it back and tell you by SMS.`,
    };
  }
  if (payable.data.paymentStatus === PAYMENT_STATUS.Paid && entry) {
    if (entry.source === 'desk')
      return {
        answer: { outcome: 'paid-at-clinic', paidAt: entry.paidAt },
        msg: `This payment was already settled at the clinic on ${formatDate(entry.paidAt)}; nothing was taken.`,
      };
    return {
      answer: { outcome: 'paid', paidAt: entry.paidAt },
      msg: `Thank you: your payment of ${formatGhs(entry.amount)} was received on ${formatDate(entry.paidAt)}.`,
    };
  }
  // A booking cancelled or expired: an unpaid return took nothing, and will not.
  const over = kindOf(payable.kind).closedAs?.(payable.data);
  if (returned === 'cancelled' || over)
    return {
      answer: { outcome: 'not-paid' },
      msg: over
        ? `No payment was made: this booking is ${over}, and nothing was taken.`
        : 'The payment was cancelled: nothing was taken.',
    };
  return {
    answer: { outcome: 'waiting' },
    msg: 'We have not received this payment yet. If you approved it on your phone, this page will say so within a few minutes.',
  };
}
