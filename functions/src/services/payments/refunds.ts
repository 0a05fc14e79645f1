import type { Transaction } from 'firebase-admin/firestore';
import { logger } from 'firebase-functions';
import { type Refund, REFUND_STATUS } from '../../api/types';
import { refundRef } from '../../store/payments';
import { notifyPatient } from '../../notifications/notify';
import { refundDue } from '../../notifications/templates';

/**
 * Money the provider took that the clinic owes back (docs/money.md). A refund
 * is only ever created inside the transaction that decided it, under an id made of the
 * clientReference and the provider's transactionId: a replayed or concurrent confirmation of
 * the same payment finds it (or fails ALREADY_EXISTS) and never makes a second one.
 */
export type RefundReason = Refund['reason'];

/** A refund about to be created: the stored fields it starts with, and what was paid for. */
export type DueRefund = Pick<
  Refund,
  'clientReference' | 'kind' | 'recordId' | 'patientId' | 'amount' | 'currency' | 'reason' | 'transactionId' | 'paidFrom'
> & {
  /** What was paid for, for the mail (e.g. 'Appointment: Virtual Consultation'). */
  what: string;
};

/**
 * Writes the refund (status Due) and its mail in the caller's transaction. The caller has
 * read refundRef() in the same transaction and seen that it does not exist.
 */
export async function createDueRefund(tx: Transaction, r: DueRefund, email: string | undefined, intro?: string): Promise<void> {
  const { what: _what, ...fields } = r;
  tx.create(refundRef(r.clientReference, r.transactionId), {
    ...fields,
    status: REFUND_STATUS.Due,
    createdAt: new Date().toISOString(),
  });
  logger.warn('refund due', { clientReference: r.clientReference, reason: r.reason, amount: r.amount });
  if (!email) logger.warn('no e-mail address for the refund mail', { clientReference: r.clientReference });
  await notifyPatient(r.patientId, refundDue(r, intro), { tx });
}
