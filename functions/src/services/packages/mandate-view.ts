import { DIRECT_DEBIT_RETRIES, MANDATE_STATUS, type MandateView, mandateCharge, maskMsisdn } from '../../api/direct-debit';
import { daysMs } from '../../api/subscriptions-contract';
import type { StoredMandate } from '../../store/mandates';

/** What the mandate looks like on the subscription's answer; `price` is the package's price now. */
export function mandateView(subscriptionId: string, m: StoredMandate, price?: number, now = new Date()): MandateView {
  const active = m.status === MANDATE_STATUS.Active;
  const amount = price === undefined ? undefined : mandateCharge(m, price, now).amount;
  return {
    subscriptionId,
    status: m.status,
    network: m.network,
    maskedNumber: maskMsisdn(m.msisdn),
    verificationType: m.verificationType ?? 'USSD',
    failures: m.failures,
    ...(active ? { nextChargeAt: m.nextChargeAt } : {}),
    ...(active && amount !== undefined ? { nextChargeAmount: amount } : {}),
    ...(m.approvedAt ? { approvedAt: m.approvedAt } : {}),
    ...(m.cancelledAt ? { cancelledAt: m.cancelledAt } : {}),
  };
}

/** For the subscription calendar: a package whose mandate is still charging (failed, retrying) is not expired yet. */
export function stillCharging(m: StoredMandate | undefined, periodEnd: string, now: Date): boolean {
  return (
    m?.status === MANDATE_STATUS.Active &&
    m.failures <= DIRECT_DEBIT_RETRIES &&
    now.getTime() < Date.parse(periodEnd) + daysMs(DIRECT_DEBIT_RETRIES + 1)
  );
}
