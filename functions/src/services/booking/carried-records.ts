import type { Transaction } from 'firebase-admin/firestore';
import { LIVE_BOOKING_STATES } from '../../api/record';
import { conflict, forbidden, notFound } from '../../http/errors';
import { appointmentRef } from '../../store/appointments';
import { labRequestRef } from '../../store/lab-requests';
import { prescriptionRef } from '../../store/prescriptions';

/**
 * A booking made from the record (docs/record.md): a Medicine Delivery that carries one of
 * the patient's e-prescriptions (instead of an uploaded file), or a lab booking made from a
 * doctor's lab request. Checked in the booking's transaction: the record must be the
 * patient's own and not carried by another live booking already; it then names the new
 * booking. The reads come first (a transaction's rule); the returned step writes.
 */

type Claim = (appointmentId: string) => void;

const liveBooking = async (tx: Transaction, appointmentId: string | undefined) => {
  const a = appointmentId ? (await tx.get(appointmentRef(appointmentId))).data() : undefined;
  return Boolean(a && LIVE_BOOKING_STATES.includes(a.appointmentStatus));
};

async function claimPrescription(tx: Transaction, patientId: string, prescriptionId: string): Promise<Claim> {
  const ref = prescriptionRef(prescriptionId);
  const p = (await tx.get(ref)).data();
  if (!p) throw notFound('Prescription (prescriptionId): we could not find that prescription.');
  if (p.patientId !== patientId) throw forbidden();
  if (p.status !== 'Issued') throw conflict(`This prescription is ${p.status}: its medicines cannot be ordered.`);
  if (await liveBooking(tx, p.deliveryAppointmentId))
    throw conflict('These medicines are already ordered: see the Medicine Delivery booking in your dashboard.');
  return (appointmentId) => tx.update(ref, { deliveryAppointmentId: appointmentId });
}

async function claimLabRequest(tx: Transaction, patientId: string, labRequestId: string): Promise<Claim> {
  const ref = labRequestRef(labRequestId);
  const r = (await tx.get(ref)).data();
  if (!r) throw notFound('Lab request (labRequestId): we could not find that lab request.');
  if (r.patientId !== patientId) throw forbidden();
  if (r.status === 'Booked' && (await liveBooking(tx, r.bookedAppointmentId)))
    throw conflict('These lab tests are already booked: see the lab booking in your dashboard.');
  return (appointmentId) => tx.update(ref, { status: 'Booked', bookedAppointmentId: appointmentId });
}

/** The claim of what the booking carries, if anything (the booking schema lets each through only for its service). */
export async function claimCarried(
  tx: Transaction,
  patientId: string,
  input: { prescriptionId?: string; labRequestId?: string },
): Promise<Claim | undefined> {
  if (input.prescriptionId) return claimPrescription(tx, patientId, input.prescriptionId);
  if (input.labRequestId) return claimLabRequest(tx, patientId, input.labRequestId);
  return undefined;
}
