import { FieldValue, type Timestamp, type Transaction } from 'firebase-admin/firestore';
import { PERIOD_DAYS } from '../../api/policy';
import { daysMs, isLive, renewedPeriod, SUBSCRIPTION_STATUS } from '../../api/subscriptions-contract';
import { PAYABLE_KIND, PAYMENT_STATUS } from '../../api/types';
import { storedTime } from '../../store/converter';
import {
  renewalPayables,
  subscriptionPayables,
  subscriptionRef,
  subscriptionsQuery,
  type PayableRenewal,
  type PayableSubscription,
  type StoredRenewal,
  type StoredSubscription,
} from '../../store/subscriptions';
import { mandateRef } from '../../store/mandates';
import type { PayableKindImpl } from '../payments/payable';
import { periodOf } from './subscriptions';

/**
 * A subscription and a renewal as payables (docs/money.md "Payables"): what paying one does to
 * the package's period, inside the settlement transaction (services/payments/settlement.ts).
 * A renewal whose subscription no longer exists is gone (the payment becomes a refund Due).
 */

/** A change to a stored record as written: its times as Timestamps, a field removed with FieldValue.delete(). */
type StoredChange<T> = { [K in keyof T]?: T[K] | Timestamp | FieldValue };

const activeFields = (periodStart: Date, periodEnd: Date) => ({
  status: SUBSCRIPTION_STATUS.Active,
  paymentStatus: PAYMENT_STATUS.Paid,
  isActive: true,
  renews: true,
  periodStart: storedTime(periodStart),
  periodEnd: storedTime(periodEnd),
  startDate: storedTime(periodStart),
  endDate: storedTime(periodEnd),
  cancelledAt: FieldValue.delete(),
});

export const subscriptionPayable: PayableKindImpl<PayableSubscription> = {
  kind: PAYABLE_KIND.subscription,
  store: subscriptionPayables,
  amount: (s) => s.amount,
  describe: (s) => `Subscription for ${s.packageTitle ?? 'package'}`,

  /**
   * Its first period starts now. Switching package: the one paid now starts at once; the
   * patient's other running packages stop renewing and keep their benefits to their own periodEnd.
   */
  async settling(tx, { ref, patientId }, now) {
    const others = (await subscriptionsInTx(tx, patientId)).filter(
      (s) => s.id !== ref.id && s.data.status !== SUBSCRIPTION_STATUS.Cancelled && isLive(periodOf(s.data), now),
    );
    const periodEnd = new Date(now.getTime() + daysMs(PERIOD_DAYS));
    return {
      onPaid() {
        for (const s of others)
          tx.update(subscriptionRef(s.id), {
            status: SUBSCRIPTION_STATUS.Cancelled,
            renews: false,
            cancelledAt: storedTime(now),
            replacedBy: ref.id,
          });
        const recordUpdate: StoredChange<StoredSubscription> = activeFields(now, periodEnd);
        return { recordUpdate };
      },
    };
  },

  refundSent: async () => ({ what: 'your package', apply: () => undefined }),
};

export const renewalPayable: PayableKindImpl<PayableRenewal> = {
  kind: PAYABLE_KIND.renewal,
  store: renewalPayables,
  amount: (r) => r.amount,
  describe: (r) => `Renewal of ${r.packageTitle ?? 'package'}`,

  /** Moves its subscription's periodEnd on, from the later of now and the old periodEnd; a cancelled or expired one runs again: it was paid for. */
  async settling(tx, { data }, now) {
    const ref = subscriptionRef(String(data.subscriptionId));
    const subscription = (await tx.get(ref)).data();
    if (!subscription) return { gone: true, onPaid: () => ({}) };
    const mandate = await tx.get(mandateRef(ref.id));
    const { periodStart, periodEnd } = renewedPeriod(periodOf(subscription), now);
    return {
      onPaid() {
        tx.update(ref, activeFields(periodStart, periodEnd));
        // A direct debit (docs/direct-debit.md) charges next at the new end, whoever paid this period.
        if (mandate.exists)
          tx.update(mandate.ref, {
            nextChargeAt: storedTime(periodEnd),
            failures: 0,
            chargeReference: FieldValue.delete(),
            chargeSentAt: FieldValue.delete(),
          });
        const recordUpdate: StoredChange<StoredRenewal> = { periodEnd: storedTime(periodEnd) };
        // A mandate's charge (docs/direct-debit.md): its own method in revenue.
        return { recordUpdate, ...(data.method === 'direct-debit' ? { method: 'direct-debit' as const } : {}) };
      },
    };
  },

  refundSent: async () => ({ what: 'your package renewal', apply: () => undefined }),
};

/** The patient's subscriptions read in the transaction (a patient has few). */
async function subscriptionsInTx(tx: Transaction, patientId: string) {
  const snap = await tx.get(subscriptionsQuery(patientId));
  return snap.docs.map((d) => ({ id: d.id, data: d.data() }));
}
