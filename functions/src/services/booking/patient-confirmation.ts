import { formatDate } from '../../api/format';
import { canConfirm } from '../../api/policy';
import { withoutStaffOnly } from '../../api/record';
import { stateInWords } from '../../api/staff';
import type { Appointment } from '../../api/types';
import { conflict } from '../../http/errors';
import { storedTime } from '../../store/converter';
import { writeAudit } from '../../store/staff';
import { runTransaction } from '../../store/transaction';
import { ownAppointment } from './appointments';

/** Why this booking cannot be confirmed (409): the patient's own, confirmed already, or no longer to come. */
function whyNotConfirmable(a: Appointment): string {
  if (!a.bookedBy) return 'You made this booking yourself: there is nothing to confirm.';
  if (a.confirmedByPatientAt) return `You confirmed this booking on ${formatDate(a.confirmedByPatientAt, { time: true })}.`;
  return `This appointment is ${stateInWords(a.appointmentStatus)}: there is nothing to confirm.`;
}

/**
 * POST /appointments/{appointmentId}/confirm (the owner only: 403 for anyone else, 404 for none):
 * the patient says yes to a booking staff made for them (api/policy.ts canConfirm; else 409 saying
 * why), on the dashboard or through the link in its notice. From then its doctor may open their
 * record through it (docs/record.md 'Who reads what'). The change and its audit entry are one transaction.
 */
export async function confirmBooking(patientId: string, appointmentId: string, now = new Date()) {
  return runTransaction(async (tx) => {
    const { ref, appointment } = await ownAppointment(patientId, appointmentId, tx);
    if (!canConfirm(appointment)) throw conflict(whyNotConfirmable(appointment));
    tx.update(ref, { confirmedByPatientAt: storedTime(now) });
    await writeAudit(
      { actorUid: patientId, actorRole: 'patient', action: 'appointment.confirm', target: ref.path, patientIds: [patientId] },
      tx,
    );
    return withoutStaffOnly({ ...appointment, confirmedByPatientAt: now.toISOString() });
  });
}
