/** What the dashboard offers and says about a booked time: moving it, and how long an unpaid one is held. */
import { appointmentStartsAt, canCancel, RESCHEDULABLE_STATES, UNPAID_HOLD_MINUTES, unpaidHoldEndsAt } from '@api/policy';
import { reschedulingTerms } from '@api/scheduling';
import { type Appointment, APPOINTMENT_STATUS, PAYMENT_STATUS } from '@api/types';

/**
 * Whether the dashboard offers Reschedule: the server's rule (@api/scheduling) applied here
 * too, so the button shows only when a move would be accepted; the server still decides.
 */
export const mayReschedule = (a: Appointment, now = new Date()) => reschedulingTerms(a, now).allowed;

/**
 * Why the dashboard offers no Reschedule on a booking that is still ahead (too close to its
 * time, or moved too often): the server's own sentence; undefined when it may move or is over.
 */
export function rescheduleNote(a: Appointment, now = new Date()): string | undefined {
  if (!RESCHEDULABLE_STATES.includes(a.appointmentStatus) || appointmentStartsAt(a) <= now) return undefined;
  const terms = reschedulingTerms(a, now);
  return terms.allowed ? undefined : terms.reason;
}

/** Ghana time is UTC: 'HH:mm' of an instant. */
const ghanaClock = (at: Date) => at.toISOString().slice(11, 16);

/** What the dashboard says about holding the time of an unpaid or expired booking of a paid service. */
export function holdNote(a: Appointment, now = new Date()): string | undefined {
  if (!a.requiresPayment) return undefined;
  if (a.appointmentStatus === APPOINTMENT_STATUS.Expired)
    return 'This booking expired: it was not paid in time, so its time was released. Book again to choose a new time.';
  if (a.appointmentStatus !== APPOINTMENT_STATUS.Pending || a.paymentStatus !== PAYMENT_STATUS.Unpaid) return undefined;
  const ends = unpaidHoldEndsAt(a);
  if (ends.getTime() <= now.getTime())
    // Not released yet (the server's check runs every few minutes): paying now starts a new hold.
    return `We held this time until ${ghanaClock(ends)}. It is still yours for now, but it will be released within minutes unless you pay now.`;
  return `We hold this time for ${UNPAID_HOLD_MINUTES} minutes after booking: pay by ${ghanaClock(ends)} or it will be released.`;
}

/**
 * A booking the clinic must move (a closed day or the doctor away: docs/front-desk.md): why, what
 * the clinic will do, and the patient's choices, as the SMS and e-mail said; undefined otherwise.
 */
export function rebookingNote(a: Appointment, now = new Date()): string | undefined {
  if (!a.needsRebooking || !RESCHEDULABLE_STATES.includes(a.appointmentStatus)) return undefined;
  const why = a.needsRebookingReason ? ` (${a.needsRebookingReason})` : '';
  const paid = a.paymentStatus === PAYMENT_STATUS.Paid && a.consultationFee > 0;
  const choices = [
    mayReschedule(a, now) ? 'choose a new time yourself with Reschedule' : undefined,
    canCancel(a, now) ? `cancel it free of charge${paid ? ' with a full refund' : ''}` : undefined,
  ].filter(Boolean);
  return (
    `This booking needs a new time: the clinic cannot see you then${why}. We will call you on ${a.contactNumber} to agree one.` +
    (paid ? ' Your payment is kept for the new time, or refunded in full if you prefer.' : '') +
    (choices.length ? ` Or you can ${choices.join(', or ')}.` : '')
  );
}
