/** What the dashboard offers and says about a booked time: moving it, and how long an unpaid one is held. */
import { UNPAID_HOLD_MINUTES, unpaidHoldEndsAt } from '@api/policy';
import { reschedulingTerms } from '@api/scheduling';
import { type Appointment, APPOINTMENT_STATUS, PAYMENT_STATUS } from '@api/types';

/**
 * Whether the dashboard offers Reschedule: the server's rule (@api/scheduling) applied here
 * too, so the button shows only when a move would be accepted; the server still decides.
 */
export const mayReschedule = (a: Appointment, now = new Date()) => reschedulingTerms(a, now).allowed;

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
    return `The hold on this time ended at ${ghanaClock(ends)}: pay now, or it will be released.`;
  return `We hold this time for ${UNPAID_HOLD_MINUTES} minutes after booking: pay by ${ghanaClock(ends)} or it will be released.`;
}
