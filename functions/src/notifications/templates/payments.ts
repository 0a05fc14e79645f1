import { formatDate, formatGhs } from '../../api/format';
import { PAYABLE_KIND, type Refund } from '../../api/types';
import type { Notice } from '../notice';

/** Notices about money: a payment received, a refund that will follow. */

const SIGNATURE = 'ExpMed Health';

export interface PaymentReceipt {
  /** What was paid for, e.g. 'Appointment: Virtual Consultation'. */
  what: string;
  amount: number;
  clientReference: string;
  paidAt: Date;
  appointmentId?: string;
  /** Paid for something booked over USSD: the SMS names the code to dial to see it (docs/ussd.md). */
  shortcode?: string;
}

export function paymentReceived(p: PaymentReceipt): Notice {
  const date = formatDate(p.paidAt, { time: true });
  return {
    event: 'payment.received',
    ...(p.appointmentId ? { appointmentId: p.appointmentId } : {}),
    subject: `Payment received: ${p.what}`,
    paragraphs: [
      'Thank you: we have received your payment.',
      `What: ${p.what}`,
      `Amount: ${formatGhs(p.amount)}`,
      `Reference: ${p.clientReference}`,
      `Date: ${date} (Ghana time)`,
      SIGNATURE,
    ],
    sms: `Payment received: ${formatGhs(p.amount)} for ${p.what}. Ref ${p.clientReference}. ${p.shortcode ? `Dial ${p.shortcode} to see it.` : 'Thank you.'}`,
  };
}

export interface RefundNoticeInput extends Pick<
  Refund,
  'clientReference' | 'amount' | 'currency' | 'reason' | 'kind' | 'recordId'
> {
  what: string;
}

const WHY: Record<Refund['reason'], string> = {
  cancelled: 'the appointment had been cancelled',
  deleted: 'the appointment had been deleted',
  expired: 'the appointment had expired and its time was given to someone else',
  'amount-mismatch': 'the amount paid was not the amount due',
  duplicate: 'it had already been paid',
};

const money = (currency: string, amount: number) => (currency === 'GHS' ? formatGhs(amount) : `${currency} ${amount.toFixed(2)}`);

export interface RefundSentInput extends RefundNoticeInput {
  method: string;
  providerReference: string;
  refundedAt: Date;
}

/** The clinic has sent the refund: how much, how, when, and the reference to look it up by. */
export function refundSent(r: RefundSentInput): Notice {
  const amount = money(r.currency, r.amount);
  return {
    event: 'refund.sent',
    ...(r.kind === PAYABLE_KIND.appointment ? { appointmentId: r.recordId } : {}),
    subject: `Refund sent: ${amount} for ${r.what}`,
    paragraphs: [
      `We have refunded ${amount} to you for ${r.what}.`,
      `How: ${r.method}`,
      `Refund reference: ${r.providerReference}`,
      `Date: ${formatDate(r.refundedAt, { time: true })} (Ghana time)`,
      `Booking reference: ${r.clientReference}`,
      'If it has not reached you in 3 days, contact us with these references.',
      SIGNATURE,
    ],
    sms: `We have refunded ${amount} for ${r.what} by ${r.method}, ref ${r.providerReference}. Booking ref ${r.clientReference}.`,
  };
}

/** A refund will follow, and the patient needs to do nothing. `intro` says what happened when the caller knows better. */
export function refundDue(r: RefundNoticeInput, intro?: string): Notice {
  return {
    event: 'refund.due',
    ...(r.kind === PAYABLE_KIND.appointment ? { appointmentId: r.recordId } : {}),
    subject: `A refund will follow: ${r.what}`,
    paragraphs: [
      intro ?? `We received a payment of ${money(r.currency, r.amount)} for ${r.what}, but ${WHY[r.reason]}.`,
      `We will refund ${money(r.currency, r.amount)} to you. You do not need to do anything.`,
      `Reference: ${r.clientReference}`,
      'If you have a question, contact us with this reference.',
      SIGNATURE,
    ],
    sms: `We will refund ${money(r.currency, r.amount)} to you for ${r.what}; you need do nothing. Ref ${r.clientReference}.`,
  };
}
