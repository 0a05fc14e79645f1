import { FieldValue } from 'firebase-admin/firestore';
import { shortcodeFor } from '../../config';
import { badRequest, conflict } from '../../http/errors';
import { UNPAID_HOLD_MINUTES } from '../../api/policy';
import { stateInWords } from '../../api/staff';
import { APPOINTMENT_STATUS, PAYABLE_KIND } from '../../api/types';
import { appointmentPayables, appointmentRef, doctorSlotRef, type PayableAppointment } from '../../store/appointments';
import type { PayableKindImpl } from '../payments/payable';

/** An appointment as a payable (docs/money.md "Payables"): its fee, and what paying a booking does to it. */

export const APPOINTMENT_EXPIRED = `This appointment expired because it was not paid within ${UNPAID_HOLD_MINUTES} minutes. Please book again.`;

/** Appointments the desk may no longer take money for. */
const ENDED_AT_DESK = ['Cancelled', 'Declined', 'Deleted', 'NoShow', 'Completed'];

export const appointmentPayable: PayableKindImpl<PayableAppointment> = {
  kind: PAYABLE_KIND.appointment,
  store: appointmentPayables,
  amount: (a) => a.consultationFee,
  describe: (a) => `Appointment: ${a.requestedService ?? 'consultation'}`,
  isRemoved: (a) => a.appointmentStatus === APPOINTMENT_STATUS.Deleted,

  whyNotPayable(a, where) {
    if (a.requiresPayment === false) return badRequest('This appointment needs no payment.');
    if (where === 'desk')
      return ENDED_AT_DESK.includes(a.appointmentStatus)
        ? conflict(`This appointment is ${stateInWords(a.appointmentStatus)}: there is nothing to pay.`)
        : undefined;
    if (a.appointmentStatus === APPOINTMENT_STATUS.Cancelled)
      return conflict('This appointment was cancelled: there is nothing to pay.');
    if (a.appointmentStatus === APPOINTMENT_STATUS.Expired) return conflict(APPOINTMENT_EXPIRED);
    return undefined;
  },

  closedAs(a) {
    if (a.appointmentStatus === APPOINTMENT_STATUS.Cancelled) return 'cancelled';
    if (a.appointmentStatus === APPOINTMENT_STATUS.Expired) return 'expired';
    return undefined;
  },

  // Only an appointment is booked over USSD (channel 'USSD'): its receipt names the code to dial.
  links: (id, a) => ({ appointmentId: id, shortcode: shortcodeFor(a) }),

  /** A late payment for an Expired appointment whose time is still free books it again; a taken time is a refund. */
  async settling(tx, { ref, data, patientId }) {
    const expired = data.appointmentStatus === APPOINTMENT_STATUS.Expired ? data : undefined;
    const slot =
      expired?.doctorId && expired.requestedTime
        ? await tx.get(doctorSlotRef(expired.doctorId, expired.requestedDay, expired.requestedTime))
        : undefined;
    const cancelled = data.appointmentStatus === APPOINTMENT_STATUS.Cancelled;
    return {
      gone: data.appointmentStatus === APPOINTMENT_STATUS.Deleted,
      refusal: cancelled ? 'cancelled' : expired && slot?.exists ? 'expired' : undefined,
      onPaid() {
        if (!expired) return {};
        if (slot) tx.create(slot.ref, { appointmentId: ref.id, patientId });
        return { recordUpdate: { appointmentStatus: APPOINTMENT_STATUS.Pending, expiredAt: FieldValue.delete() } };
      },
    };
  },

  /** A refunded appointment carries what was refunded and when, so the dashboard says "Refunded" instead of Paid. */
  async refundSent(tx, refund) {
    const appointment = await tx.get(appointmentRef(refund.recordId));
    return {
      what: appointment.exists ? `your ${String(appointment.get('requestedService'))}` : 'your appointment',
      apply(refundedAt) {
        if (appointment.exists)
          tx.update(appointment.ref, {
            refundedAmount: FieldValue.increment(refund.amount),
            refundedAt: refundedAt.toISOString(),
          });
      },
    };
  },
};
