import { FieldValue, type Transaction } from 'firebase-admin/firestore';
import { logger } from 'firebase-functions';
import { ussdConfig } from '../../config';
import {
  DIRECT_DEBIT_CHANNEL,
  DIRECT_DEBIT_NOTICE_DAYS,
  DIRECT_DEBIT_RETRIES,
  MANDATE_STATUS,
  mandateCharge,
  maskMsisdn,
} from '../../api/direct-debit';
import { daysMs, SUBSCRIPTION_STATUS } from '../../api/subscriptions-contract';
import { PAYMENT_STATUS } from '../../api/types';
import { CURRENCY } from '../../api/prices';
import { newClientReference } from '../../provider/client-reference';
import { chargeDirectDebit } from '../../provider/direct-debit';
import { ProviderError } from '../../provider/provider';
import { notifyPatient } from '../../notifications/notify';
import { chargeComing, chargeFailed, priceRise } from '../../notifications/templates/direct-debit';
import { storedTime } from '../../store/converter';
import { activeMandatesDueBefore, mandateRef, type StoredMandate } from '../../store/mandates';
import { noticeRecordRef, renewalRef, subscriptionRef, type StoredSubscription } from '../../store/subscriptions';
import { runTransaction } from '../../store/transaction';
import { confirmWithProvider } from '../payments/settlement';
import { findPayable, type Payable, recordOf } from '../payments/payable';
import { renewalPayable } from './subscription-periods';
import { audit, priceNow, stopMandate } from './direct-debit';
import { renewLink } from './subscription-calendar';
import { periodOf } from './subscriptions';

/** The scheduled side of direct debit (docs/direct-debit.md): the notice before, the charge, its failure, the daily run. */

/** A charge sent this long ago with no result is asked about (its callback may have been lost). */
const CHARGE_ANSWER_MS = 60 * 60 * 1000;

/** What every notice about a mandate names: the package, the number it takes from (masked) and where to renew by hand. */
const noticeOf = (m: StoredMandate, subscription: StoredSubscription) => ({
  packageTitle: subscription.packageTitle,
  maskedNumber: maskMsisdn(m.msisdn),
  link: renewLink(),
});

/**
 * What this mandate takes now (api/direct-debit.ts mandateCharge): the package's price, a rise
 * only PRICE_RISE_NOTICE_DAYS after the patient is told of it, which happens here, once.
 */
async function amountToTake(
  tx: Transaction,
  subscriptionId: string,
  m: StoredMandate,
  subscription: StoredSubscription,
  now: Date,
): Promise<number> {
  const { amount, remember, tell } = mandateCharge(m, await priceNow(subscription), now);
  tx.update(mandateRef(subscriptionId), {
    agreedAmount: remember.agreedAmount,
    priceRiseAmount: remember.priceRiseAmount ?? FieldValue.delete(),
    priceRiseFrom: remember.priceRiseFrom ? storedTime(remember.priceRiseFrom) : FieldValue.delete(),
  });
  if (tell) {
    await audit(tx, 'system', m.patientId, 'mandate.price-rise', subscriptionId);
    await notifyPatient(
      m.patientId,
      priceRise({
        ...noticeOf(m, subscription),
        was: amount,
        amount: tell.amount,
        from: tell.from,
        shortcode: ussdConfig().shortcode,
      }),
      { tx },
    );
  }
  return amount;
}

/** A renewal record that a direct-debit charge was sent for. */
export const isDirectDebitCharge = (p: Payable) => recordOf(renewalPayable, p)?.method === 'direct-debit';

type ChargeStep = 'charged' | 'noticed' | 'none';

/**
 * Sends one period's charge. Inside the transaction, the mandate is read again: Cancelled since
 * the job's query (a stop pressed a moment ago), or a charge already in flight, and nothing is sent.
 */
export async function chargeMandate(subscriptionId: string, now = new Date()): Promise<ChargeStep> {
  const charge = await runTransaction(async (tx) => {
    const ref = mandateRef(subscriptionId);
    const m = (await tx.get(ref)).data();
    const subscription = (await tx.get(subscriptionRef(subscriptionId))).data();
    if (!m || m.status !== MANDATE_STATUS.Active || Date.parse(m.nextChargeAt) > now.getTime() || m.chargeSentAt)
      return undefined;
    // A package stopped meanwhile is not charged (the job's turn ends the mandate).
    if (!subscription || subscription.renews === false || periodOf(subscription).status === SUBSCRIPTION_STATUS.Cancelled)
      return undefined;
    const { periodEnd } = periodOf(subscription);
    if (!periodEnd) return undefined;
    const renewal = renewalRef(subscriptionId, periodEnd);
    const open = (await tx.get(renewal)).data();
    if (open?.paymentStatus === PAYMENT_STATUS.Paid) {
      // Renewed by checkout meanwhile: the next charge is at the new end.
      tx.update(ref, { nextChargeAt: storedTime(periodEnd), failures: 0 });
      return undefined;
    }
    const amount = await amountToTake(tx, subscriptionId, m, subscription, now);
    const clientReference = open?.clientReference ?? newClientReference();
    const record = { amount, method: 'direct-debit' as const, directDebitAt: storedTime(now) };
    if (open) tx.update(renewal, record);
    else
      tx.create(renewal, {
        subscriptionId,
        patientId: m.patientId,
        packageId: subscription.packageId,
        packageTitle: subscription.packageTitle,
        currencyCode: CURRENCY,
        paymentStatus: PAYMENT_STATUS.Unpaid,
        clientReference,
        createdAt: now.toISOString(),
        amount,
        method: 'direct-debit',
        directDebitAt: now.toISOString(),
      });
    tx.update(ref, { chargeReference: clientReference, chargeSentAt: storedTime(now) });
    await audit(tx, 'system', m.patientId, 'mandate.charge', subscriptionId);
    return {
      clientReference,
      amount,
      msisdn: m.msisdn,
      channel: DIRECT_DEBIT_CHANNEL[m.network],
      title: subscription.packageTitle,
    };
  });
  if (!charge) return 'none';
  try {
    await chargeDirectDebit({
      clientReference: charge.clientReference,
      msisdn: charge.msisdn,
      channel: charge.channel,
      amount: charge.amount,
      description: `Renewal of ${charge.title} (direct debit)`,
    });
  } catch (err) {
    if (!(err instanceof ProviderError)) throw err;
    await chargeFailedFor(subscriptionId, charge.clientReference, 'the mobile money network could not be reached.', now);
  }
  return 'charged';
}

/**
 * A charge that failed (the callback said so, the provider could not be reached, or it never
 * answered): told by SMS and tried again a day later, up to DIRECT_DEBIT_RETRIES times; a mandate
 * revoked at the network, or the last retry, ends the mandate, and the package lapses as any does.
 * Only the charge in flight counts, so a second callback changes nothing.
 */
export async function chargeFailedFor(subscriptionId: string, clientReference: string, reason: string, now = new Date()) {
  await runTransaction(async (tx) => {
    const ref = mandateRef(subscriptionId);
    const m = (await tx.get(ref)).data();
    const subscription = (await tx.get(subscriptionRef(subscriptionId))).data();
    if (!m || m.chargeReference !== clientReference || !m.chargeSentAt || !subscription) return;
    const renewal = renewalRef(subscriptionId, periodOf(subscription).periodEnd!);
    const record = (await tx.get(renewal)).data();
    if (record?.paymentStatus === PAYMENT_STATUS.Paid) return;
    const failures = m.failures + 1;
    const revoked = /revoked/i.test(reason);
    const ends = revoked || failures > DIRECT_DEBIT_RETRIES || m.status !== MANDATE_STATUS.Active;
    const retryAt = new Date(now.getTime() + daysMs(1));
    tx.update(ref, {
      failures,
      lastFailure: reason,
      chargeReference: FieldValue.delete(),
      chargeSentAt: FieldValue.delete(),
      ...(ends
        ? m.status === MANDATE_STATUS.Active
          ? {
              status: MANDATE_STATUS.Cancelled,
              cancelledAt: storedTime(now),
              endedBecause: revoked ? 'revoked' : 'charges-failed',
            }
          : {}
        : { nextChargeAt: storedTime(retryAt) }),
    });
    if (record) tx.update(renewal, { method: FieldValue.delete(), directDebitAt: FieldValue.delete() });
    await audit(tx, 'system', m.patientId, 'mandate.charge-failed', subscriptionId);
    await notifyPatient(
      m.patientId,
      chargeFailed({
        ...noticeOf(m, subscription),
        amount: Number(record?.amount ?? 0),
        reason,
        ...(ends ? {} : { retryAt: retryAt.toISOString() }),
      }),
      { tx },
    );
  });
}

/** The payment callback said a direct-debit charge failed (and the provider did not say Paid). */
export async function directDebitFailed(payable: Payable, reason: string, now = new Date()) {
  const renewal = recordOf(renewalPayable, payable);
  if (renewal) await chargeFailedFor(renewal.subscriptionId, payable.clientReference, reason, now);
}

/** The notice DIRECT_DEBIT_NOTICE_DAYS before the charge: when, how much, how to stop; once per period. */
async function noticeBefore(subscriptionId: string, now: Date): Promise<ChargeStep> {
  return runTransaction(async (tx) => {
    const m = (await tx.get(mandateRef(subscriptionId))).data();
    const subscription = (await tx.get(subscriptionRef(subscriptionId))).data();
    if (!m || m.status !== MANDATE_STATUS.Active || m.failures > 0 || !subscription) return 'none';
    const record = noticeRecordRef(subscriptionId, m.nextChargeAt, 'direct-debit');
    if ((await tx.get(record)).exists) return 'none';
    const amount = await amountToTake(tx, subscriptionId, m, subscription, now);
    tx.create(record, { subscriptionId, kind: 'direct-debit', periodEnd: storedTime(m.nextChargeAt), at: storedTime(now) });
    await notifyPatient(
      m.patientId,
      chargeComing({ ...noticeOf(m, subscription), chargeAt: m.nextChargeAt, amount, shortcode: ussdConfig().shortcode }),
      { tx },
    );
    return 'noticed';
  });
}

/**
 * One mandate's turn in the job: a package stopped ends the mandate; a charge with no answer for
 * an hour is asked about; then the notice or the charge, whichever is due. (A period renewed by
 * checkout moved nextChargeAt on when it settled: services/packages/subscription-periods.ts.)
 */
async function mandateTurn(subscriptionId: string, m: StoredMandate, now: Date): Promise<ChargeStep> {
  const subscription = (await subscriptionRef(subscriptionId).get()).data();
  const period = subscription ? periodOf(subscription) : undefined;
  if (!subscription || period?.status === SUBSCRIPTION_STATUS.Cancelled || subscription.renews === false) {
    await stopMandate(
      subscriptionId,
      { by: 'system', because: 'package-stopped', sentence: 'Your package no longer renews:' },
      now,
    );
    return 'none';
  }
  if (m.chargeSentAt && m.chargeReference) {
    if (now.getTime() - Date.parse(m.chargeSentAt) < CHARGE_ANSWER_MS) return 'none';
    const renewal = await findPayable(m.chargeReference);
    if (renewal && (await confirmWithProvider(renewal)) !== 'not-paid') return 'none';
    await chargeFailedFor(subscriptionId, m.chargeReference, 'the mobile money network did not answer.', now);
    return 'none';
  }
  return Date.parse(m.nextChargeAt) <= now.getTime() ? chargeMandate(subscriptionId, now) : noticeBefore(subscriptionId, now);
}

export interface DirectDebitRun {
  noticed: number;
  charged: number;
  complete: boolean;
}

/**
 * The scheduled side (runs hourly before the subscription calendar, index.ts): every Active
 * mandate whose next charge is within DIRECT_DEBIT_NOTICE_DAYS gets its notice, and, once due, its charge.
 */
export async function runDirectDebits({
  now = new Date(),
  deadline = Date.now() + 60_000,
  batchSize = 100,
  only,
}: {
  now?: Date;
  deadline?: number;
  batchSize?: number;
  /** These subscriptions' mandates only: tests share one emulator and must not charge each other's. */
  only?: string[];
} = {}): Promise<DirectDebitRun> {
  const until = new Date(now.getTime() + daysMs(DIRECT_DEBIT_NOTICE_DAYS));
  const result: DirectDebitRun = { noticed: 0, charged: 0, complete: true };
  let query = activeMandatesDueBefore(until, batchSize);
  for (;;) {
    const snap = await query.get();
    for (const doc of snap.docs) {
      if (Date.now() >= deadline) return { ...result, complete: false };
      if (only && !only.includes(doc.id)) continue;
      try {
        const step = await mandateTurn(doc.id, doc.data(), now);
        if (step === 'charged') result.charged++;
        if (step === 'noticed') result.noticed++;
      } catch (err) {
        logger.error('direct debit turn failed', { subscriptionId: doc.id, error: String(err) });
      }
    }
    if (snap.size < batchSize) return result;
    query = query.startAfter(snap.docs[snap.size - 1]);
  }
}
