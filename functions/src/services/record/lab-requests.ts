import type { LabRequest, LabRequestCreated } from '../../api/record';
import { badRequest, notFound } from '../../http/errors';
import { appointmentRef, appointmentsOf } from '../../store/appointments';
import { doctorById, labsById } from '../../store/catalog';
import { labRequestsOf, newLabRequestRef, type StoredLabRequest } from '../../store/lab-requests';

import { runTransaction } from '../../store/transaction';
import { appointmentForClinic, assertAfterVisit, assertMayPrescribe, labRequestView } from './record';
import { auditAs, type Staff } from '../shared/staff-access';

/**
 * Lab requests (docs/record.md): the doctor picks tests from the lab price list at or after
 * the visit; the patient books them in one step (a lab booking, service 6, with those tests
 * ticked and priced by the server, package discounts applied as for any lab booking).
 */

/** POST /staff/appointments/{appointmentId}/lab-requests: the tests must be on the price list (400 names those that are not). */
export async function requestLabs(staff: Staff, appointmentId: string, tests: string[]): Promise<LabRequestCreated> {
  const a = await appointmentForClinic(staff, appointmentId);
  assertMayPrescribe(staff, a);
  assertAfterVisit(a);
  const ids = [...new Set(tests)];
  const { found, missing } = await labsById(ids);
  if (missing.length) throw badRequest(`Lab tests: we do not offer ${missing.join(', ')}.`);
  const doctorId = staff.doctorId ?? a.doctorId;
  const doctor = doctorId ? await doctorById(doctorId) : undefined;
  const ref = newLabRequestRef();
  const request: StoredLabRequest = {
    labRequestId: ref.id,
    appointmentId,
    patientId: a.patientId,
    tests: found.map((l) => l.id),
    testNames: found.map((l) => String(l.itemName)),
    status: 'Requested',
    doctor: doctor ? `Dr ${doctor.otherNames} ${doctor.surname}` : 'ExpMed Health',
    doctorId: doctorId ?? null,
    requestedBy: { uid: staff.uid, role: staff.role },
    requestedAt: new Date().toISOString(),
  };
  await runTransaction(async (tx) => {
    const now = (await tx.get(appointmentRef(appointmentId))).data();
    if (!now) throw notFound('We could not find that appointment.');
    assertAfterVisit(now);
    tx.create(ref, request);
    await auditAs(staff, { action: 'lab-request.create', target: ref.path, patientIds: [a.patientId] }, tx);
  });
  return { labRequestId: ref.id };
}

/** GET /lab-requests/{patientId}: the caller's own, newest first; one whose booking lapsed reads Requested again. */
export async function patientLabRequests(patientId: string): Promise<LabRequest[]> {
  const [requests, appointments] = await Promise.all([labRequestsOf(patientId), appointmentsOf(patientId)]);
  const bookings = new Map(appointments.map((a) => [a.appointmentId, a]));
  return requests.map((r) => labRequestView(r, bookings));
}
