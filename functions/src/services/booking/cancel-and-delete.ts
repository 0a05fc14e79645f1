import { logger } from 'firebase-functions';
import { heldSlot, appointmentFileRef, type StoredAppointment } from '../../store/appointments';
import { storedTime } from '../../store/converter';
import { refundRef } from '../../store/payments';
import { runTransaction } from '../../store/transaction';
import { badGateway, conflict } from '../../http/errors';
import { ProviderError } from '../../provider/provider';
import { formatGhs, formatWhen, ghanaTimestamp } from '../../api/format';
import { CURRENCY } from '../../api/prices';
import { type Appointment, APPOINTMENT_STATUS, type AppointmentCancellation, PAYMENT_STATUS } from '../../api/types';
import { CANCELLATION_POLICY, cancellationTerms, FREE_CANCELLATION_HOURS, LATE_CANCELLATION_FEE_PERCENT } from '../../api/policy';
import { accountEmail } from '../../notifications/mail';
import { notifyPatient } from '../../notifications/notify';
import { appointmentCancelled } from '../../notifications/templates';
import { APPOINTMENT_EXPIRED } from './payable-appointment';
import { paymentBeforeRemoval } from '../payments/recheck';
import { createDueRefund } from '../payments/refunds';
import { releaseBenefit } from '../packages/benefits';
import { withoutStaffOnly } from '../../api/record';
import { isVirtualVisit } from '../../api/visits';
import { endVisit, readVisit } from '../visits/room';
import { ownAppointment } from './appointments';
import { releaseAvailability } from './scheduling';

/**
 * The patient ending their own appointment: cancelling under the FAQ's policy (a refund Due when
 * it was paid) or deleting an unpaid one; both ask the provider first once a checkout has started.
 */

export const REFUND_POLICY = `This appointment can no longer be cancelled online. ${CANCELLATION_POLICY} To ask for a refund, call or e-mail us (see Contact Us) with your reference`;

function whyNotCancellable(a: Appointment): string {
  if (a.appointmentStatus === APPOINTMENT_STATUS.Cancelled) return 'This appointment is already cancelled.';
  if (a.appointmentStatus === APPOINTMENT_STATUS.Expired) return APPOINTMENT_EXPIRED;
  return `${REFUND_POLICY} ${a.clientReference}.`;
}

/** Which rule of the cancellation policy applies to this appointment now (api/policy.ts), for the answer and the dashboard. */
export function cancellationOf(a: Appointment, now = new Date()): AppointmentCancellation {
  const terms = cancellationTerms(a, now);
  if (!terms.allowed) return { allowed: false, reason: whyNotCancellable(a), policy: CANCELLATION_POLICY };
  const { rule, refundAmount, feeAmount } = terms;
  return {
    allowed: true,
    rule,
    paid: a.paymentStatus === PAYMENT_STATUS.Paid,
    refundAmount,
    feeAmount,
    currencyCode: CURRENCY,
    policy: CANCELLATION_POLICY,
  };
}

/** GET /appointments/{id}/cancellation: what cancelling would mean, before the patient confirms. */
export const getCancellation = async (patientId: string, appointmentId: string) =>
  cancellationOf((await ownAppointment(patientId, appointmentId)).appointment);

const ghs = formatGhs;

/** The answer's msg: which rule applied and what is refunded. */
export function cancelledMessage(c: AppointmentCancellation): string {
  if (!c.allowed || !c.paid) return 'Your appointment has been cancelled.';
  if (c.rule === 'free')
    return `Your appointment has been cancelled free of charge: ${ghs(c.refundAmount)} will be refunded to you.`;
  return (
    `Your appointment has been cancelled less than ${FREE_CANCELLATION_HOURS} hours before it, so a ${LATE_CANCELLATION_FEE_PERCENT}% ` +
    `late cancellation fee of ${ghs(c.feeAmount)} is kept: ${ghs(c.refundAmount)} will be refunded to you.`
  );
}

export const PAID_NOT_DELETED = 'This appointment has been paid, so it cannot be deleted.';
export const PAYMENT_IN_PROGRESS = 'A payment for this appointment may still be in progress. Please try again in a few minutes.';
export const PAYMENT_NOT_CHECKED =
  'We could not check the payment for this appointment with the payment provider just now, so it has not been deleted. ' +
  'Please try again in a few minutes.';
export const PAYMENT_NOT_CHECKED_CANCEL =
  'We could not check the payment for this appointment with the payment provider just now, so it has not been cancelled. ' +
  'Please try again in a few minutes.';

/**
 * Once a checkout has started, the patient may have paid while the provider's callback is
 * still on its way: the provider is asked first (a Paid answer is settled through markPaid).
 * 502 with `unreachable` when it cannot answer; the caller then changes nothing.
 */
async function paymentBefore(a: StoredAppointment, unreachable: string) {
  if (a.paymentStatus !== PAYMENT_STATUS.Unpaid || !a.checkoutStartedAt) return 'not-paid' as const;
  return paymentBeforeRemoval('appointment', a.appointmentId, a, new Date(a.checkoutStartedAt)).catch((err: unknown) => {
    if (!(err instanceof ProviderError)) throw err;
    logger.error('payment status check before a change failed', { appointmentId: a.appointmentId, error: err.message });
    throw badGateway(unreachable);
  });
}

export type CancelledAppointment = Appointment & { cancellation: AppointmentCancellation };

/**
 * Cancels under the FAQ's policy (api/policy.ts cancellationTerms): the doctor's slot is
 * freed, a video visit's room ends and, when it was paid, the refund the rule gives (all of it 12 hours or more before,
 * the other half later) is created Due in the same transaction, with a mail to the account.
 */
export async function cancelAppointment(
  patientId: string,
  appointmentId: string,
  now = new Date(),
): Promise<CancelledAppointment> {
  const { appointment } = await ownAppointment(patientId, appointmentId);
  const before = cancellationOf(appointment, now);
  if (!before.allowed) throw conflict(before.reason);
  if ((await paymentBefore(appointment, PAYMENT_NOT_CHECKED_CANCEL)) === 'in-progress') throw conflict(PAYMENT_IN_PROGRESS);
  const email = await accountEmail(patientId);
  return runTransaction(async (tx) => {
    // Read again: the provider's answer may have made it Paid, or a callback changed it since.
    const { ref, appointment: a } = await ownAppointment(patientId, appointmentId, tx);
    if (a.checkoutStartedAt !== appointment.checkoutStartedAt) throw conflict(PAYMENT_IN_PROGRESS);
    const cancellation = cancellationOf(a, now);
    if (!cancellation.allowed) throw conflict(cancellation.reason);
    const slot = await heldSlot(tx, a);
    const transactionId = a.transactionId ?? '';
    const owed = cancellation.paid && cancellation.refundAmount > 0;
    if (owed && (await tx.get(refundRef(a.clientReference, transactionId))).exists) throw conflict(whyNotCancellable(a));
    const visit = isVirtualVisit(a) ? await readVisit(tx, appointmentId) : undefined;
    const change = {
      appointmentStatus: APPOINTMENT_STATUS.Cancelled,
      declineByPatient: true,
      declinedDate: ghanaTimestamp(),
      // Off the desk's rebooking list (docs/front-desk.md).
      ...(a.needsRebooking ? { needsRebooking: false } : {}),
    };
    tx.update(ref, change);
    // A video visit's room closes with it: the rules shut both sides out, join answers 409.
    await endVisit(tx, visit, { actorUid: patientId, actorRole: 'patient' }, 'Cancelled', now);
    if (slot) tx.delete(slot);
    releaseAvailability(tx, a);
    releaseBenefit(tx, a);
    if (owed) {
      const what = `Appointment: ${a.requestedService}`;
      const why =
        cancellation.rule === 'free'
          ? `at least ${FREE_CANCELLATION_HOURS} hours before it, so nothing is charged`
          : `less than ${FREE_CANCELLATION_HOURS} hours before it, so a ${LATE_CANCELLATION_FEE_PERCENT}% late cancellation fee of ${ghs(cancellation.feeAmount)} is kept`;
      await createDueRefund(
        tx,
        {
          clientReference: a.clientReference,
          kind: 'appointment',
          recordId: a.appointmentId,
          patientId,
          amount: cancellation.refundAmount,
          currency: CURRENCY,
          reason: 'cancelled',
          transactionId,
          what,
        },
        email,
        `Your appointment (${a.requestedService}, ${formatWhen(a.requestedDay, a.requestedTime)}) was cancelled ${why}.`,
      );
    } else await notifyPatient(patientId, appointmentCancelled({ ...a, ...change }), { tx });
    return { ...withoutStaffOnly(a), ...change, cancellation };
  });
}

/** Why this appointment cannot be deleted, or undefined when it can (only Unpaid ones can). */
function whyNotDeletable(a: Appointment): string | undefined {
  if (a.paymentStatus === PAYMENT_STATUS.Unpaid) return undefined;
  if (a.paymentStatus !== PAYMENT_STATUS.Paid)
    return 'Only an unpaid appointment can be deleted. You can cancel this one instead.';
  return a.appointmentStatus === APPOINTMENT_STATUS.Pending
    ? `${PAID_NOT_DELETED} You can cancel it instead.`
    : `${PAID_NOT_DELETED} ${REFUND_POLICY} ${a.clientReference}.`;
}

/**
 * Deletes an Unpaid appointment with its file and slot; anything paid or free must be
 * cancelled instead. Once a checkout has started the provider is asked first, and the
 * appointment is kept as a tombstone (appointmentStatus 'Deleted', hidden from the patient)
 * so that a payment arriving later still finds it and becomes a refund.
 */
export async function deleteAppointment(patientId: string, appointmentId: string): Promise<void> {
  const { appointment } = await ownAppointment(patientId, appointmentId);
  const refusal = whyNotDeletable(appointment);
  if (refusal) throw conflict(refusal);
  const verdict = await paymentBefore(appointment, PAYMENT_NOT_CHECKED);
  if (verdict === 'paid') throw conflict(whyNotDeletable({ ...appointment, paymentStatus: PAYMENT_STATUS.Paid })!);
  if (verdict === 'in-progress') throw conflict(PAYMENT_IN_PROGRESS);
  await runTransaction(async (tx) => {
    // Read again: a callback may have marked it Paid, or a new checkout started, since the provider answered.
    const { ref, appointment: now } = await ownAppointment(patientId, appointmentId, tx);
    const refusalNow = whyNotDeletable(now);
    if (refusalNow) throw conflict(refusalNow);
    if (now.checkoutStartedAt !== appointment.checkoutStartedAt) throw conflict(PAYMENT_IN_PROGRESS);
    const slot = await heldSlot(tx, now);
    if (now.checkoutStartedAt)
      tx.update(ref, { appointmentStatus: APPOINTMENT_STATUS.Deleted, deletedAt: storedTime(new Date()), needsRebooking: false });
    else tx.delete(ref);
    tx.delete(appointmentFileRef(appointmentId));
    if (slot) tx.delete(slot);
    releaseAvailability(tx, now);
  });
}
