/**
 * The closed sets of states and kinds the product has, one constants object each, with their
 * types. A leaf: it imports nothing, so policy.ts and types.ts both build on it without a
 * cycle (types.ts re-exports it, so `@api/types` still names them all).
 */

/** A record's payment: Unpaid until the server settles it Paid; Not Applicable when free; Trial for a package's free trial. */
export const PAYMENT_STATUS = { Unpaid: 'Unpaid', Paid: 'Paid', NotApplicable: 'Not Applicable', Trial: 'Trial' } as const;
export type PaymentStatus = Exclude<(typeof PAYMENT_STATUS)[keyof typeof PAYMENT_STATUS], 'Trial'>;

/**
 * Every state an appointment can be in: the staff lifecycle (api/staff.ts LIFECYCLE), Expired
 * (an unpaid hold lapsed) and Deleted (a hidden tombstone kept once a checkout started, so a
 * late payment still finds it: docs/money.md).
 */
export const APPOINTMENT_STATUS = {
  Pending: 'Pending',
  Accepted: 'Accepted',
  Declined: 'Declined',
  Cancelled: 'Cancelled',
  Expired: 'Expired',
  /** A home visit whose clinician has set off (docs/front-desk.md). */
  OnTheWay: 'OnTheWay',
  CheckedIn: 'CheckedIn',
  NoShow: 'NoShow',
  Completed: 'Completed',
  Deleted: 'Deleted',
} as const;
export type AppointmentStatus = (typeof APPOINTMENT_STATUS)[keyof typeof APPOINTMENT_STATUS];

/** How people read a state (the stored values run words together): patients and the console alike. */
const STATUS_WORDS: Partial<Record<AppointmentStatus, string>> = {
  OnTheWay: 'On the way',
  CheckedIn: 'Checked in',
  NoShow: 'No-show',
};
export const appointmentStatusWords = (status: string): string => STATUS_WORDS[status as AppointmentStatus] ?? status;

/** The records a payment can be for (each found by its clientReference). */
export const PAYABLE_KIND = {
  subscription: 'subscription',
  appointment: 'appointment',
  order: 'order',
  renewal: 'renewal',
} as const;
export type PayableKind = (typeof PAYABLE_KIND)[keyof typeof PAYABLE_KIND];

/** Money owed back: Due until staff mark it Refunded with the provider's reference. */
export const REFUND_STATUS = { Due: 'Due', Refunded: 'Refunded' } as const;
export type RefundStatus = (typeof REFUND_STATUS)[keyof typeof REFUND_STATUS];
/** Why a confirmed payment was not applied, or the part of a paid appointment owed back (docs/money.md). */
export const REFUND_REASON = {
  cancelled: 'cancelled',
  deleted: 'deleted',
  expired: 'expired',
  amountMismatch: 'amount-mismatch',
  duplicate: 'duplicate',
} as const;
export type RefundReason = (typeof REFUND_REASON)[keyof typeof REFUND_REASON];
