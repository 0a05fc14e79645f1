import { Timestamp, type Transaction } from 'firebase-admin/firestore';
import { logger } from 'firebase-functions';
import { conflict } from '../../http/errors';
import { PAYMENT_STATUS, type Payer } from '../../api/types';
import { transactionStatus, type TransactionStatus } from '../../provider/provider';
import { storedTime } from '../../store/converter';
import { ledgerRef, paymentAlertRef, providerTransactionRef, refundRef, settlementLeaseRef } from '../../store/payments';
import { runTransaction } from '../../store/transaction';
import { accountEmail } from '../../notifications/mail';
import { notifyPatient } from '../../notifications/notify';
import { paymentReceived } from '../../notifications/templates';
import { createDueRefund, type RefundReason } from './refunds';
import { firestoreError, hasCode } from '../../store/error-codes';
import { CURRENCY } from '../../api/prices';
import type { DeskPaymentMethod } from '../../api/front-desk';
import type { StaffRole } from '../../api/staff';
import { writeAudit } from '../../store/staff';
import { describePayable, isRemoved, kindSettling, linksOf, type Payable, payableFrom } from './payable';

const cents = (amount: number) => Math.round(amount * 100);

/**
 * A payment taken at the desk (services/payments/desk-payments.ts), settled like the provider's: who
 * recorded it and how. Its TransactionStatus carries the record's own amount.
 */
export interface DeskSettlement {
  method: DeskPaymentMethod;
  providerReference?: string;
  recordedBy: { uid: string; role: StaffRole; email?: string };
}

/** The desk's payment is audited in the transaction that settles it, so the entry exists exactly when the payment does. */
const auditDesk = (tx: Transaction, desk: DeskSettlement, action: string, target: string, patientId: string) =>
  writeAudit({ actorUid: desk.recordedBy.uid, actorRole: desk.recordedBy.role, action, target, patientIds: [patientId] }, tx);

/**
 * paid: applied to its record now; already-paid: this very payment was applied before; refund-due:
 * recorded as owed back; refused: the provider's transaction already settled another record, so
 * this one stays unpaid and staff are alerted.
 */
export type MarkPaidOutcome = 'paid' | 'already-paid' | 'not-paid' | 'refund-due' | 'refused';

/** The provider whose transactions settle payables; the desk's mobile money references are counted apart. */
const PROVIDER = 'hubtel';

/**
 * A transaction that settled one record, named by a second (docs/money.md 'One transaction, one
 * settlement'): the second stays unpaid, and an alert (once per record and transaction) asks
 * staff to look, in the console and in the error log the monitoring watches.
 */
async function refuseSecondClaim(
  tx: Transaction,
  payable: Payable,
  status: TransactionStatus,
  settledReference: string,
): Promise<MarkPaidOutcome> {
  const alert = paymentAlertRef(`${PROVIDER}:${status.transactionId}_${payable.clientReference}`);
  if ((await tx.get(alert)).exists) return 'refused';
  tx.create(alert, {
    kind: 'transaction-claimed-twice',
    provider: PROVIDER,
    transactionId: status.transactionId,
    clientReference: payable.clientReference,
    payableKind: payable.kind,
    recordId: payable.ref.id,
    patientId: payable.patientId,
    amount: status.amount,
    settledReference,
    status: 'Open',
    createdAt: new Date().toISOString(),
  });
  logger.error('provider transaction claimed by a second payable: refused', {
    transactionId: status.transactionId,
    clientReference: payable.clientReference,
    settledReference,
  });
  return 'refused';
}

/**
 * Decides, inside the transaction, what a confirmed payment does: applied (Paid, with what
 * the record's kind does on payment: services/payments/payable.ts KindSettling) or a refund Due
 * with the reason it was not applied. The ledger entry (payments/{clientReference}, the applied
 * payment) or the refund is created here, so a replay of the same transactionId finds it.
 */
async function settle(
  tx: Transaction,
  payable: Payable,
  status: TransactionStatus,
  email: string | undefined,
  desk: DeskSettlement | undefined,
): Promise<MarkPaidOutcome> {
  const { clientReference, kind, ref } = payable;
  const ledgerEntry = ledgerRef(clientReference);
  const refund = refundRef(clientReference, status.transactionId);
  // The money's own record: a provider transaction, or a mobile money reference the desk typed (cash has none).
  const moneyRef =
    desk?.method === 'cash' || !status.transactionId
      ? undefined
      : providerTransactionRef(desk ? 'desk-momo' : PROVIDER, status.transactionId);
  const [snap, ledger, refunded, money] = await Promise.all([
    tx.get(ref),
    tx.get(ledgerEntry),
    tx.get(refund),
    moneyRef ? tx.get(moneyRef) : undefined,
  ]);
  if (ledger.data()?.transactionId === status.transactionId) return 'already-paid';
  if (refunded.exists) return 'refund-due';
  const settledElsewhere = money?.data()?.clientReference;
  if (settledElsewhere && settledElsewhere !== clientReference) {
    if (desk) throw conflict(`This mobile money reference was already recorded for another payment (${settledElsewhere}).`);
    return refuseSecondClaim(tx, payable, status, settledElsewhere);
  }
  const claimMoney = (outcome: 'paid' | 'refund-due') => {
    if (moneyRef)
      tx.set(moneyRef, {
        provider: desk ? 'desk-momo' : PROVIDER,
        transactionId: status.transactionId,
        clientReference,
        kind,
        record: ref.path,
        outcome,
        at: new Date().toISOString(),
      });
  };
  // Recorded at the desk twice: the second is a slip at the desk, not money taken twice.
  if (desk && ledger.data()?.source === 'desk')
    throw conflict(
      `This was already recorded as paid at the desk (${String(ledger.data()?.method)}) by ${String(ledger.data()?.recordedBy?.email ?? ledger.data()?.recordedBy?.uid)}.`,
    );
  const record = payableFrom(kind, ref, snap.data() ?? payable.data);
  const now = new Date();
  // What the record's kind reads and decides (its domain's records: a slot, a package period).
  const byKind = await kindSettling(tx, record, now);

  const reason = ((): RefundReason | undefined => {
    if (status.currencyCode !== CURRENCY || cents(status.amount) !== cents(record.amount)) return 'amount-mismatch';
    if (!snap.exists || isRemoved(record) || byKind.gone) return 'deleted';
    if (ledger.exists || record.data.paymentStatus === PAYMENT_STATUS.Paid) return 'duplicate';
    return byKind.refusal;
  })();
  if (reason) {
    claimMoney('refund-due');
    if (desk) await auditDesk(tx, desk, `payment.desk.refund-due`, ref.path, record.patientId);
    byKind.onRefundDue?.({ reason, amount: status.amount, transactionId: status.transactionId });
    await createDueRefund(
      tx,
      {
        clientReference,
        kind,
        recordId: ref.id,
        patientId: record.patientId,
        amount: status.amount,
        currency: status.currencyCode || CURRENCY,
        reason,
        transactionId: status.transactionId,
        ...(status.payer ? { paidFrom: status.payer } : {}),
        what: describePayable(record),
      },
      email,
    );
    return 'refund-due';
  }

  const provider = {
    paymentStatus: PAYMENT_STATUS.Paid,
    paymentDate: storedTime(now),
    paymentResponseCode: '0000',
    transactionId: status.transactionId,
    externalTransactionId: status.externalTransactionId,
    paymentMethod: status.paymentMethod,
    currencyCode: status.currencyCode,
    charges: status.charges,
    amountAfterCharges: status.amountAfterCharges,
    paymentSource: desk ? 'desk' : 'online',
  };
  claimMoney('paid');
  const paid = byKind.onPaid();
  tx.update(ref, { ...provider, ...paid.recordUpdate });
  tx.create(ledgerEntry, {
    clientReference,
    kind,
    record: ref.path,
    patientId: record.patientId,
    amount: record.amount,
    transactionId: status.transactionId,
    paidAt: now.toISOString(),
    // Where the money came in: the provider's checkout, or the desk (who, how, the mobile money reference).
    ...(desk
      ? {
          source: 'desk' as const,
          method: desk.method,
          ...(desk.providerReference ? { providerReference: desk.providerReference } : {}),
          recordedBy: desk.recordedBy,
        }
      : {
          source: 'online' as const,
          ...(status.payer ? { payer: status.payer } : {}),
          ...(paid.method ? { method: paid.method } : {}),
        }),
  });
  if (desk) await auditDesk(tx, desk, 'payment.desk.record', ref.path, record.patientId);
  if (!email) logger.warn('no e-mail address for the receipt', { clientReference });
  const { appointmentId, shortcode } = linksOf(record);
  await notifyPatient(
    record.patientId,
    paymentReceived({
      what: describePayable(record),
      amount: record.amount,
      clientReference,
      paidAt: now,
      appointmentId,
      shortcode,
    }),
    { tx },
  );
  return 'paid';
}

/** How long a settlement may hold its lease before another caller takes over (a crashed one). */
const SETTLEMENT_LEASE_MS = 30_000;
/** How long a caller waits for another's settlement of the same payment before answering busy. */
const SETTLEMENT_WAIT_MS = 15_000;

/** What an earlier settlement of this payment decided, if one finished. */
async function settledBefore(payable: Payable, status: TransactionStatus): Promise<MarkPaidOutcome | undefined> {
  const [ledger, refund] = await Promise.all([
    ledgerRef(payable.clientReference).get(),
    refundRef(payable.clientReference, status.transactionId).get(),
  ]);
  if (ledger.exists && ledger.get('transactionId') === status.transactionId) return 'already-paid';
  if (refund.exists) return 'refund-due';
  return undefined;
}

/** Takes the payment's settlement lease: a new one, or one whose holder has been gone too long. */
async function takeLease(lease: ReturnType<typeof settlementLeaseRef>): Promise<boolean> {
  const now = Date.now();
  const fresh = { at: Timestamp.fromMillis(now), expireAt: Timestamp.fromMillis(now + 24 * 60 * 60 * 1000) };
  try {
    await lease.create(fresh);
    return true;
  } catch (err) {
    if (!hasCode(err, 'ALREADY_EXISTS')) throw err;
  }
  const held = await lease.get();
  if (!held.exists || now - held.data()!.at.toMillis() < SETTLEMENT_LEASE_MS) return false;
  // Stale: take it over, unless someone else just did (the precondition fails).
  return lease.update(fresh, { lastUpdateTime: held.updateTime! }).then(
    () => true,
    () => false,
  );
}

/**
 * THE one place that settles a payment the provider confirmed: in one transaction, either
 * marked Paid (with one receipt) or a refund Due (with one refund mail), never neither and
 * never twice (replays and concurrent callbacks of one transactionId change nothing).
 * Concurrent callers of one payment do not contend in that transaction: one takes the
 * settlement lease, the others wait for its outcome (contended transactions on one document
 * abort after long lock waits: 20 at once left 19 answering 503 after ~36 s).
 */
export async function markPaid(payable: Payable, status: TransactionStatus, desk?: DeskSettlement): Promise<MarkPaidOutcome> {
  if (status.status !== 'Paid') return 'not-paid';
  const lease = settlementLeaseRef(payable.clientReference, status.transactionId);
  const giveUpAt = Date.now() + SETTLEMENT_WAIT_MS;
  for (;;) {
    const done = await settledBefore(payable, status);
    if (done) return done;
    if (await takeLease(lease)) break;
    if (Date.now() > giveUpAt) throw firestoreError('payment settlement busy', 'ABORTED');
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  try {
    const email = await accountEmail(payable.patientId);
    for (let attempt = 1; ; attempt++) {
      try {
        return await runTransaction((tx) => settle(tx, payable, status, email, desk));
      } catch (err) {
        // ALREADY_EXISTS: a settlement that took over a stale lease created the ledger entry or
        // refund first. Settling again reads what it wrote and decides (a replay, or a duplicate).
        if (hasCode(err, 'ALREADY_EXISTS') && attempt < 3) continue;
        throw err;
      }
    }
  } finally {
    await lease.delete().catch((err: unknown) => logger.warn('settlement lease not released', { error: String(err) }));
  }
}

/** What the provider knows of a record's payment: by its reference, or by its USSD session under that account. */
export function providerStatusOf(payable: Pick<Payable, 'data' | 'clientReference'>) {
  const ussd = payable.data.ussdCheckout;
  return ussd ? transactionStatus(ussd.sessionId, ussd.account) : transactionStatus(payable.clientReference);
}

/**
 * Asks the provider about a record and settles what it confirms. A record paid through the
 * USSD checkout (docs/ussd.md) is known to the provider by that session, under its account.
 */
export async function confirmWithProvider(payable: Payable, payer?: Payer): Promise<MarkPaidOutcome> {
  const status = await providerStatusOf(payable);
  if (!status) return 'not-paid';
  return markPaid(payable, payer ? { ...status, payer } : status);
}
