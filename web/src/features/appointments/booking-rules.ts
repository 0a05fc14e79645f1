/** What the dashboard offers and says about a booked time: moving it, and how long an unpaid one is held. */
import {
  FREE_CANCELLATION_HOURS,
  RESCHEDULE_LIMIT,
  UNPAID_HOLD_MINUTES,
  appointmentStartsAt,
  unpaidHoldEndsAt,
} from '@api/policy';
import type { Appointment } from '@api/types';

const HOUR_MS = 60 * 60 * 1000;
const MOVABLE_STATES = ['Pending', 'Accepted'];

/** How many times the patient has moved it (the server counts; older records have no count). */
const movesSoFar = (a: Appointment) => (a as Appointment & { rescheduleCount?: number }).rescheduleCount ?? 0;

/**
 * Whether the dashboard offers Reschedule: the server's rule (@api/policy) mirrored, so the
 * button shows only when a move would be accepted; the server still decides.
 */
export const mayReschedule = (a: Appointment, now = new Date()) =>
  MOVABLE_STATES.includes(a.appointmentStatus) &&
  appointmentStartsAt(a).getTime() - now.getTime() >= FREE_CANCELLATION_HOURS * HOUR_MS &&
  movesSoFar(a) < RESCHEDULE_LIMIT;

/** Ghana time is UTC: 'HH:mm' of an instant. */
const ghanaClock = (at: Date) => at.toISOString().slice(11, 16);

/** What the dashboard says about holding the time of an unpaid or expired booking of a paid service. */
export function holdNote(a: Appointment, now = new Date()): string | undefined {
  if (!a.requiresPayment) return undefined;
  if (a.appointmentStatus === 'Expired')
    return 'This booking expired: it was not paid in time, so its time was released. Book again to choose a new time.';
  if (a.appointmentStatus !== 'Pending' || a.paymentStatus !== 'Unpaid') return undefined;
  const ends = unpaidHoldEndsAt(a);
  if (ends.getTime() <= now.getTime())
    return `The hold on this time ended at ${ghanaClock(ends)}: pay now, or it will be released.`;
  return `We hold this time for ${UNPAID_HOLD_MINUTES} minutes after booking: pay by ${ghanaClock(ends)} or it will be released.`;
}
