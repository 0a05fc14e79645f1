import type { Transaction } from 'firebase-admin/firestore';
import { logger } from 'firebase-functions';
import { escapeHtml } from '../api/format';
import type { Refund } from '../api/types';
import { refundRef } from '../store/payments';
import { queueMail } from './mail';

/**
 * Money the provider took that the clinic owes back (design.md 'Money, continued'). A refund
 * is only ever created inside the transaction that decided it, under an id made of the
 * clientReference and the provider's transactionId: a replayed or concurrent confirmation of
 * the same payment finds it (or fails ALREADY_EXISTS) and never makes a second one.
 */
export type RefundReason = Refund['reason'];

/** A refund about to be created: the stored fields it starts with, and what was paid for. */
export type DueRefund = Pick<
  Refund,
  'clientReference' | 'kind' | 'recordId' | 'patientId' | 'amount' | 'currency' | 'reason' | 'transactionId'
> & {
  /** What was paid for, for the mail (e.g. 'Appointment: Virtual Consultation'). */
  what: string;
};

const WHY: Record<RefundReason, string> = {
  cancelled: 'the appointment had been cancelled',
  deleted: 'the appointment had been deleted',
  expired: 'the appointment had expired and its time was given to someone else',
  'amount-mismatch': 'the amount paid was not the amount due',
  duplicate: 'it had already been paid',
};

const money = (currency: string, amount: number) => `${currency} ${amount.toFixed(2)}`;

/** The patient's mail: a refund will follow, and they need to do nothing. */
export function refundMail(to: string, r: DueRefund, intro?: string) {
  const lines = [
    intro ?? `We received a payment of ${money(r.currency, r.amount)} for ${r.what}, but ${WHY[r.reason]}.`,
    `We will refund ${money(r.currency, r.amount)} to you. You do not need to do anything.`,
    `Reference: ${r.clientReference}`,
    'If you have a question, contact us with this reference.',
    'ExpMed Health',
  ];
  return {
    to,
    message: {
      subject: `A refund will follow: ${r.what}`,
      text: lines.join('\n\n'),
      html: lines.map((l) => `<p>${escapeHtml(l)}</p>`).join(''),
    },
  };
}

/**
 * Writes the refund (status Due) and its mail in the caller's transaction. The caller has
 * read refundRef() in the same transaction and seen that it does not exist.
 */
export async function createDueRefund(tx: Transaction, r: DueRefund, email: string | undefined, intro?: string): Promise<void> {
  const { what: _what, ...fields } = r;
  tx.create(refundRef(r.clientReference, r.transactionId), { ...fields, status: 'Due', createdAt: new Date().toISOString() });
  logger.warn('refund due', { clientReference: r.clientReference, reason: r.reason, amount: r.amount });
  if (email) await queueMail(refundMail(email, r, intro), tx);
  else logger.warn('no e-mail address for the refund mail', { clientReference: r.clientReference });
}
