import type { UserRecord } from 'firebase-admin/auth';
import { atHome } from '../../api/booking-request';
import type { AssignRequest, Assignment, Clinician } from '../../api/front-desk';
import { deskMovableStates, RESCHEDULABLE_STATES } from '../../api/policy';
import { CLINICIAN_ROLES, STATE_LABEL, type AppointmentState, type ClinicianRole } from '../../api/staff';
import { SERVICE_ID } from '../../api/service-catalog';
import { type Appointment, APPOINTMENT_STATUS } from '../../api/types';
import { badRequest, conflict, notFound } from '../../http/errors';
import { notifyPatient } from '../../notifications/notify';
import { virtualHostAssigned, visitAssigned } from '../../notifications/templates';
import { appointmentRef } from '../../store/appointments';
import { doctorById } from '../../store/catalog';
import { auth } from '../../store/firebase';
import { rosterWithRoles, staffMemberOf } from '../../store/staff';
import { runTransaction } from '../../store/transaction';
import { isVirtualVisit } from '../../api/visits';
import { auditAs, type Staff } from '../shared/staff-access';
import { handOverRoom } from '../visits/host';
import { readVisit } from '../visits/room';

/**
 * Home visits and deliveries (docs/front-desk.md): staff assign who goes (a doctor- or
 * nurse-role user) and when they arrive; a virtual visit without a doctor (dietary VIRTUAL)
 * gets its host, a doctor-role user, the same way. The clinician then sees it on their day
 * and marks it on the way, arrived (check-in) and complete (services/booking/staff-appointments.ts).
 */

const isClinicianRole = (role: unknown): role is ClinicianRole => (CLINICIAN_ROLES as readonly unknown[]).includes(role);

/** How the patient and the console name a clinician: a doctor by their doctor record, else the account's name or e-mail. */
async function nameOf(user: UserRecord, role: ClinicianRole): Promise<string> {
  const doctorId = user.customClaims?.doctorId;
  if (role === 'doctor' && typeof doctorId === 'string') {
    const doctor = await doctorById(doctorId);
    if (doctor) return `Dr ${doctor.otherNames} ${doctor.surname}`;
  }
  return user.displayName || user.email || 'Our clinician';
}

/** GET /staff/clinicians: the doctor- and nurse-role users staff may assign, by name. */
export async function listClinicians(): Promise<Clinician[]> {
  const roster = await rosterWithRoles(CLINICIAN_ROLES, 200);
  if (roster.empty) return [];
  const { users } = await auth().getUsers(roster.docs.map((d) => ({ uid: d.id })));
  const clinicians = await Promise.all(
    users.map(async (u): Promise<Clinician | undefined> => {
      const role = u.customClaims?.role;
      if (!isClinicianRole(role)) return undefined;
      const doctorId = typeof u.customClaims?.doctorId === 'string' ? String(u.customClaims.doctorId) : undefined;
      return { uid: u.uid, name: await nameOf(u, role), role, ...(doctorId ? { doctorId } : {}) };
    }),
  );
  return clinicians.filter((c): c is Clinician => Boolean(c)).sort((a, b) => a.name.localeCompare(b.name));
}

type Kind = 'home' | 'virtual-host';

/** What can be assigned: a visit at the patient's address, or a virtual visit without a doctor. */
function kindOf(a: Appointment): Kind {
  if (atHome(a.requestedServiceId, a.requestedServiceOption)) return 'home';
  if (a.requestedServiceId === SERVICE_ID.dietary && a.requestedServiceOption === 'VIRTUAL' && !a.doctorId) return 'virtual-host';
  throw conflict(
    a.doctorId
      ? 'This appointment has its doctor already: only home visits and virtual visits without a doctor are assigned.'
      : 'Only a home visit, a delivery or a virtual visit without a doctor can be assigned.',
  );
}

const NOT_A_CLINICIAN = 'Clinician must be a user with the doctor or nurse role.';

/**
 * POST /staff/appointments/{id}/assign: for a home visit a doctor or a nurse and an arrival
 * window (from < to); for a virtual visit without a doctor a doctor and no window. The role is
 * the roster's (staffMembers, read again in the transaction), not what the account's claims
 * still say. Stores who (assignedTo, assignedToName, assignedToRole), the window and when; the
 * patient is told by SMS and e-mail; audited. Assigning again replaces it: a home visit until it
 * is done (a clinician who set off or arrived too early must not leave it stuck; it goes back to
 * Accepted), a virtual visit while Pending or Accepted (api/policy.ts deskMovableStates), and a
 * video visit's open room passes to the new host at once (docs/visits.md).
 */
export async function assignAppointment(staff: Staff, appointmentId: string, input: AssignRequest): Promise<Appointment> {
  const before = (await appointmentRef(appointmentId).get()).data();
  if (!before || before.appointmentStatus === APPOINTMENT_STATUS.Deleted) throw notFound('We could not find that appointment.');
  const kind = kindOf(before);
  if (kind === 'home' && !input.arrivalWindow)
    throw badRequest('Arrival window is required for a home visit: Arrives from and Arrives by (HH:mm).');
  if (kind === 'virtual-host' && input.arrivalWindow) throw badRequest('Arrival window: a virtual visit has none; leave it out.');
  const user = await auth()
    .getUser(input.assignedTo)
    .catch(() => undefined);
  const role = user ? (await staffMemberOf(user.uid))?.role : undefined;
  if (!user || !isClinicianRole(role)) throw badRequest(NOT_A_CLINICIAN);
  if (kind === 'virtual-host' && role !== 'doctor') throw badRequest('Clinician: a virtual visit is hosted by a doctor.');
  const assignment: Assignment = {
    assignedTo: user.uid,
    assignedToName: await nameOf(user, role),
    assignedToRole: role,
    arrivalWindow: input.arrivalWindow ?? null,
    assignedAt: new Date().toISOString(),
  };
  return runTransaction(async (tx) => {
    const a = (await tx.get(appointmentRef(appointmentId))).data();
    if (!a || a.appointmentStatus === APPOINTMENT_STATUS.Deleted) throw notFound('We could not find that appointment.');
    if (!deskMovableStates(kind === 'home').includes(a.appointmentStatus))
      throw conflict(
        `This appointment is ${STATE_LABEL[a.appointmentStatus as AppointmentState] ?? a.appointmentStatus}: it can no longer be assigned.`,
      );
    if ((await staffMemberOf(user.uid, tx))?.role !== role) throw badRequest(NOT_A_CLINICIAN);
    const visit = isVirtualVisit(a) ? await readVisit(tx, appointmentId) : undefined;
    const restart = RESCHEDULABLE_STATES.includes(a.appointmentStatus) ? {} : { appointmentStatus: APPOINTMENT_STATUS.Accepted };
    tx.update(appointmentRef(appointmentId), { ...assignment, ...restart });
    await handOverRoom(tx, visit, user.uid, { actorUid: staff.uid, actorRole: staff.role });
    await auditAs(
      staff,
      { action: 'appointment.assign', target: `appointments/${appointmentId}`, patientIds: [a.patientId] },
      tx,
    );
    const assigned = { ...a, ...assignment, ...restart };
    await notifyPatient(a.patientId, kind === 'home' ? visitAssigned(assigned) : virtualHostAssigned(assigned), { tx });
    return assigned;
  });
}
