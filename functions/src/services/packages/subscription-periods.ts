import { FieldValue, type Timestamp, type Transaction } from 'firebase-admin/firestore';
import { PERIOD_DAYS } from '../../api/policy';
import { daysMs, isLive, renewedPeriod, SUBSCRIPTION_STATUS } from '../../api/subscriptions-contract';
import { PAYABLE_KIND, type PayableKind, PAYMENT_STATUS } from '../../api/types';
import { storedTime } from '../../store/converter';
import { subscriptionRef, subscriptionsQuery, type StoredRenewal, type StoredSubscription } from '../../store/subscriptions';
import { mandateRef } from '../../store/mandates';
import { periodOf } from './subscriptions';

/**
 * What paying a subscription or a renewal does to its period (called by services/payments/settlement.ts
 * settle, inside the settlement transaction, after its reads): `gone` when the subscription
 * a renewal was for no longer exists (the payment becomes a refund Due); else the fields for
 * the paid record and apply(), the writes to the subscriptions it changes.
 */
/** A change to a stored record as written: its times as Timestamps, a field removed with FieldValue.delete(). */
type StoredChange<T> = { [K in keyof T]?: T[K] | Timestamp | FieldValue };

export interface PeriodSettlement {
  gone: boolean;
  recordUpdate: StoredChange<StoredSubscription> | StoredChange<StoredRenewal>;
  apply: () => void;
}

const none: PeriodSettlement = { gone: false, recordUpdate: {}, apply: () => undefined };

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

export async function periodOnPayment(
  tx: Transaction,
  kind: PayableKind,
  recordId: string,
  data: { patientId: string; subscriptionId?: string },
  now: Date,
): Promise<PeriodSettlement> {
  if (kind === PAYABLE_KIND.subscription) {
    // Switching package: the one paid now starts at once; the patient's other running
    // packages stop renewing and keep their benefits to their own periodEnd.
    const others = (await subscriptionsInTx(tx, data.patientId)).filter(
      (s) => s.id !== recordId && s.data.status !== SUBSCRIPTION_STATUS.Cancelled && isLive(periodOf(s.data), now),
    );
    const periodEnd = new Date(now.getTime() + daysMs(PERIOD_DAYS));
    return {
      gone: false,
      recordUpdate: activeFields(now, periodEnd),
      apply: () => {
        for (const s of others)
          tx.update(subscriptionRef(s.id), {
            status: SUBSCRIPTION_STATUS.Cancelled,
            renews: false,
            cancelledAt: storedTime(now),
            replacedBy: recordId,
          });
      },
    };
  }
  if (kind === PAYABLE_KIND.renewal) {
    const ref = subscriptionRef(String(data.subscriptionId));
    const subscription = (await tx.get(ref)).data();
    if (!subscription) return { ...none, gone: true };
    const mandate = await tx.get(mandateRef(ref.id));
    // From the later of now and the old periodEnd; a cancelled or expired one runs again: it was paid for.
    const { periodStart, periodEnd } = renewedPeriod(periodOf(subscription), now);
    return {
      gone: false,
      recordUpdate: { periodEnd: storedTime(periodEnd) },
      apply: () => {
        tx.update(ref, activeFields(periodStart, periodEnd));
        // A direct debit (docs/direct-debit.md) charges next at the new end, whoever paid this period.
        if (mandate.exists)
          tx.update(mandate.ref, {
            nextChargeAt: storedTime(periodEnd),
            failures: 0,
            chargeReference: FieldValue.delete(),
            chargeSentAt: FieldValue.delete(),
          });
      },
    };
  }
  return none;
}

/** The patient's subscriptions read in the transaction (a patient has few). */
async function subscriptionsInTx(tx: Transaction, patientId: string) {
  const snap = await tx.get(subscriptionsQuery(patientId));
  return snap.docs.map((d) => ({ id: d.id, data: d.data() }));
}
