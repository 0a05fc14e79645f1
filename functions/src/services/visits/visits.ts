import { normaliseGhanaPhone } from '../../api/ghana-phone';
import { ghanaTimestamp } from '../../api/format';
import { STATE_LABEL, type AppointmentState } from '../../api/staff';
import {
  ROOM_STATES,
  VISIT_NOBODY_WAITING,
  isVirtualVisit,
  visitRefusalMessage,
  visitWindow,
  type Visit,
  type VisitJoinAnswer,
  type VisitMode,
  type VisitModeAnswer,
  type VisitRefusal,
  type VisitRefusalReason,
  type VisitRole,
  type VisitView,
} from '../../api/visits';
import type { Transaction } from 'firebase-admin/firestore';
import type { Caller } from '../../http/auth';
import { conflict, forbidden, notFound } from '../../http/errors';
import { appointmentRef, checkInAppointment, type StoredAppointment } from '../../store/appointments';
import { doctorById } from '../../store/catalog';
import { auth } from '../../store/firebase';
import { findPatient } from '../../store/patients';
import { writeAudit, type AuditRecord } from '../../store/staff';
import { runTransaction } from '../../store/transaction';
import { visitRef } from '../../store/visits';
import { confirmedHost, hostOf, outsider, participantRole, roleIn } from './host';
import { iceServersFor } from './ice-servers';
import { compact, roomWindow, visitTarget } from './room';
import { APPOINTMENT_STATUS, PAYMENT_STATUS } from '../../api/types';

/**
 * The video visit (docs/visits.md): when an appointment's room lets its participants in (who
 * they are: host.ts), and every change of its `visits/{appointmentId}` record, each in one
 * transaction with its audit entry.
 * The two browsers then talk through Firestore (firestore.rules) and WebRTC; media never
 * passes through us.
 */

/**
 * The appointment as the visit reads it. `assignedTo`: the clinician staff assigned to an
 * appointment without a doctor (POST /api/staff/appointments/{id}/assign), who hosts a
 * dietary video visit.
 */
type VisitAppointment = StoredAppointment & { assignedTo?: string };

const NOT_FOUND = 'We could not find that appointment.';
const JOIN_FIRST = 'Join the visit first.';
const HOST_ONLY = 'Only the host of the visit can admit the patient.';

const present = (a: VisitAppointment | undefined): VisitAppointment => {
  if (!a || a.appointmentStatus === APPOINTMENT_STATUS.Deleted) throw notFound(NOT_FOUND);
  return a;
};

const appointmentOf = async (appointmentId: string) =>
  present((await appointmentRef(appointmentId).get()).data() as VisitAppointment | undefined);

/** The appointment and its room's record, read in the transaction (before its writes). */
async function readRoom(tx: Transaction, appointmentId: string): Promise<{ a: VisitAppointment; current: Visit | undefined }> {
  const [aSnap, vSnap] = await Promise.all([tx.get(appointmentRef(appointmentId)), tx.get(visitRef(appointmentId))]);
  return { a: present(aSnap.data() as VisitAppointment | undefined), current: vSnap.data() };
}

type Window = Awaited<ReturnType<typeof roomWindow>>;

/** Why the room does not let its participants in now, or undefined when it does. */
function refusalOf(a: VisitAppointment, visit: Visit | undefined, window: Window, now: Date): VisitRefusalReason | undefined {
  if (!isVirtualVisit(a)) return 'not-virtual';
  if (visit?.state === 'Ended' || a.appointmentStatus === APPOINTMENT_STATUS.Completed) return 'ended';
  if (!ROOM_STATES.includes(a.appointmentStatus)) return 'not-accepted';
  if (a.paymentStatus !== PAYMENT_STATUS.Paid && !a.coveredBy) return 'unpaid';
  if (now < window.opensAt) return 'too-early';
  if (now >= window.closesAt) return 'closed';
  return undefined;
}

const refusalText = (reason: VisitRefusalReason, a: VisitAppointment, window: Window) =>
  visitRefusalMessage(reason, {
    stateLabel: STATE_LABEL[a.appointmentStatus as AppointmentState] ?? a.appointmentStatus,
    opensAt: window.opensAt,
    closesAt: window.closesAt,
  });

/** 409 naming the reason; data says which, and the room's times where they matter. */
function refuse(reason: VisitRefusalReason, a: VisitAppointment, window: Window): never {
  const timed = reason === 'too-early' || reason === 'closed';
  const data: VisitRefusal = timed
    ? { reason, opensAt: window.opensAt.toISOString(), closesAt: window.closesAt.toISOString() }
    : { reason };
  throw conflict(refusalText(reason, a, window), data);
}

function assertOpen(a: VisitAppointment, visit: Visit | undefined, window: Window, now: Date) {
  const reason = refusalOf(a, visit, window, now);
  if (reason) refuse(reason, a, window);
}

/** The room's window and record, when it lets its participants in now (409 naming why not). */
async function openRoom(a: VisitAppointment, now: Date): Promise<{ window: Window; existing: Visit | undefined }> {
  if (!isVirtualVisit(a)) refuse('not-virtual', a, visitWindow(a));
  const window = await roomWindow(a);
  const existing = (await visitRef(a.appointmentId).get()).data();
  assertOpen(a, existing, window, now);
  return { window, existing };
}

/** How the host is named to the patient: the doctor of the appointment, or the assigned clinician's account. */
async function hostName(a: VisitAppointment, hostUid: string): Promise<string> {
  if (a.doctorId && a.doctorSurName) return `Dr ${[a.doctorOtherNames, a.doctorSurName].filter(Boolean).join(' ')}`;
  const user = await auth()
    .getUser(hostUid)
    .catch(() => undefined);
  const doctorId = user?.customClaims?.doctorId;
  const doctor = typeof doctorId === 'string' ? await doctorById(doctorId) : undefined;
  if (doctor) return `Dr ${doctor.otherNames} ${doctor.surname}`;
  return user?.displayName || 'Your clinician';
}

/** The person seen (the booking may be for someone else), as the host sees them. */
const patientName = (a: VisitAppointment) => `${a.firstName} ${a.lastName}`.trim() || 'Your patient';

const peerOf = (role: VisitRole, a: VisitAppointment, hostUid: string) =>
  role === 'patient' ? hostName(a, hostUid) : Promise.resolve(patientName(a));

/** The number the host calls: the booking's contact (the person seen), else the account's; +233 form when it is a Ghana number. */
async function patientPhone(a: VisitAppointment): Promise<string> {
  const typed = a.contactNumber || (await findPatient(a.patientId))?.contactNumber || '';
  return normaliseGhanaPhone(typed) ?? typed;
}

function actorOf(caller: Caller, role: VisitRole): Omit<AuditRecord, 'action' | 'target'> {
  return { actorUid: caller.uid, actorRole: role === 'patient' ? 'patient' : (caller.role ?? 'doctor') };
}

/**
 * Starts the call (admit, or the host's switch to the phone): InCall, startedAt, and an
 * Accepted appointment checked in, audited as the host's check-in (the staff lifecycle's
 * Accepted -> CheckedIn, written by the store: visits may not call up into booking).
 */
async function startCall(tx: Transaction, caller: Caller, a: VisitAppointment, visit: Visit, now: Date) {
  if (a.appointmentStatus === APPOINTMENT_STATUS.Accepted) {
    checkInAppointment(tx, a, caller.uid, ghanaTimestamp(now));
    const entry = { action: 'appointment.check-in', target: `appointments/${a.appointmentId}`, patientIds: [a.patientId] };
    await writeAudit({ ...actorOf(caller, 'host'), ...entry }, tx);
  }
  return compact({
    ...visit,
    state: 'InCall' as const,
    startedAt: visit.startedAt ?? now.toISOString(),
    waitingSince: undefined,
  });
}

/** A room's record before anyone joined. A phone consultation booked over USSD (docs/ussd.md) is held by phone from the start. */
const newRoom = (a: VisitAppointment, hostUid: string): Visit => ({
  appointmentId: a.appointmentId,
  patientId: a.patientId,
  hostUid,
  ...(a.doctorId ? { doctorId: a.doctorId } : {}),
  participants: [],
  opensAt: '',
  closesAt: '',
  state: 'Open',
  mode: a.visitMode ?? 'video',
  ...(a.visitMode === 'phone' ? { heldByPhone: true } : {}),
  joined: [],
  left: [],
  modeHistory: [],
});

/** The record once the caller joined: the host and the room's window as they are now; a patient not yet admitted waits. */
function joined(visit: Visit, caller: Caller, role: VisitRole, hostUid: string, window: Window, at: string): Visit {
  const waits = role === 'patient' && visit.state === 'Open';
  return {
    ...visit,
    hostUid,
    participants: [visit.patientId, hostUid],
    opensAt: window.opensAt.toISOString(),
    closesAt: window.closesAt.toISOString(),
    joined: [...visit.joined, { uid: caller.uid, role, at }],
    ...(waits ? { state: 'Waiting', waitingSince: at } : {}),
  };
}

/**
 * POST /visits/{id}/join: opens the room (or rejoins it). The patient waits (state Waiting)
 * until the host admits them; once admitted, a rejoin (a reload) goes straight back in. Patient
 * and host joining at the same moment make one record: the transaction reads it first.
 */
export async function joinVisit(caller: Caller, appointmentId: string, now = new Date()): Promise<VisitJoinAnswer> {
  // Checked before the transaction too: finding the doctor's account reads Auth, which a transaction cannot.
  const before = await appointmentOf(appointmentId);
  const role = await participantRole(caller, before);
  const { window, existing } = await openRoom(before, now);
  const found = await hostOf(caller, role, before, existing?.hostUid);
  if (!found) refuse('no-host', before, window);

  const visit = await runTransaction(async (tx) => {
    const { a, current } = await readRoom(tx, appointmentId);
    if ((await roleIn(caller, a, tx)) !== role) outsider(caller);
    assertOpen(a, current, window, now);
    const hostUid = await confirmedHost(tx, caller, role, a, [current?.hostUid, found]);
    if (!hostUid) refuse('no-host', a, window);
    const next = joined(current ?? newRoom(a, hostUid), caller, role, hostUid, window, now.toISOString());
    tx.set(visitRef(appointmentId), next);
    await writeAudit({ ...actorOf(caller, role), action: 'visit.join', target: visitTarget(appointmentId) }, tx);
    return next;
  });
  // Minted only once the transaction has let this caller in, expiring when the room closes (docs/visits.md).
  const iceServers = iceServersFor(caller.uid, window.closesAt);
  return { visit, iceServers, role, peer: { name: await peerOf(role, before, visit.hostUid) } };
}

/**
 * GET /visits/{id}: the record (null before anyone joined) and the room's times, for the two
 * participants and, read only, for admin and staff (their read is logged). Answered before
 * the room opens too, so the dashboard says when it will.
 */
export async function viewVisit(caller: Caller, appointmentId: string, now = new Date()): Promise<VisitView> {
  const a = await appointmentOf(appointmentId);
  const role = await roleIn(caller, a);
  const staff = !role && (caller.role === 'admin' || caller.role === 'staff');
  if (!role && !staff) outsider(caller);
  if (!isVirtualVisit(a)) refuse('not-virtual', a, visitWindow(a));
  const [window, visit] = await Promise.all([
    roomWindow(a),
    visitRef(appointmentId)
      .get()
      .then((s) => s.data()),
  ]);
  let reason = refusalOf(a, visit, window, now);
  const hostUid = await hostOf(caller, role, a, visit?.hostUid);
  if (!reason && !hostUid) reason = 'no-host';
  if (staff)
    await writeAudit({ actorUid: caller.uid, actorRole: caller.role!, action: 'visit.read', target: visitTarget(appointmentId) });
  const phone = role === 'host' && (visit?.mode ?? a.visitMode) === 'phone' ? await patientPhone(a) : undefined;
  return compact({
    visit: visit ?? null,
    opensAt: window.opensAt.toISOString(),
    closesAt: window.closesAt.toISOString(),
    joinable: !reason,
    refusal: reason ? { reason, msg: refusalText(reason, a, window) } : undefined,
    role: role ?? 'staff',
    peer: role && hostUid ? { name: await peerOf(role, a, hostUid) } : undefined,
    patientPhone: phone,
  });
}

/**
 * One change of an open room by a participant, in a transaction with its audit entry: `change`
 * gets the fresh appointment and record and answers the new record (or the same one: nothing
 * is written then).
 */
async function changeVisit(
  caller: Caller,
  appointmentId: string,
  action: string,
  now: Date,
  change: (ctx: { tx: Transaction; a: VisitAppointment; visit: Visit; role: VisitRole }) => Promise<Visit>,
  { whileOpen = true } = {},
): Promise<{ visit: Visit; role: VisitRole; a: VisitAppointment }> {
  const before = await appointmentOf(appointmentId);
  await participantRole(caller, before);
  const window = await roomWindow(before);
  return runTransaction(async (tx) => {
    const { a, current: visit } = await readRoom(tx, appointmentId);
    const role = await participantRole(caller, a, tx);
    if (whileOpen) assertOpen(a, visit, window, now);
    if (!visit) throw conflict(JOIN_FIRST);
    const next = await change({ tx, a, visit, role });
    if (next !== visit) {
      tx.set(visitRef(appointmentId), next);
      await writeAudit({ ...actorOf(caller, role), action, target: visitTarget(appointmentId) }, tx);
    }
    return { visit: next, role, a };
  });
}

/** POST /visits/{id}/admit (host): the waiting patient is let in, the call starts and the appointment is checked in. */
export async function admitPatient(caller: Caller, appointmentId: string, now = new Date()): Promise<Visit> {
  const { visit } = await changeVisit(caller, appointmentId, 'visit.admit', now, async ({ tx, a, visit, role }) => {
    if (role !== 'host') throw forbidden(HOST_ONLY);
    if (visit.state === 'InCall') return visit; // admitted already (a second click)
    if (visit.state !== 'Waiting') throw conflict(VISIT_NOBODY_WAITING);
    return { ...(await startCall(tx, caller, a, visit, now)), admittedAt: now.toISOString() };
  });
  return visit;
}

/**
 * POST /visits/{id}/mode (either): the mode and its history. 'phone' records the visit as held
 * by phone; chosen by the host it starts the call (they ring the patient), and the host is
 * answered the patient's number.
 */
export async function setVisitMode(
  caller: Caller,
  appointmentId: string,
  mode: VisitMode,
  now = new Date(),
): Promise<VisitModeAnswer> {
  const changed = await changeVisit(caller, appointmentId, `visit.mode.${mode}`, now, async ({ tx, a, visit, role }) => {
    if (visit.mode === mode) return visit;
    const at = now.toISOString();
    const recorded: Visit = {
      ...visit,
      mode,
      modeHistory: [...visit.modeHistory, { uid: caller.uid, role, mode, at }],
      ...(mode === 'phone' ? { heldByPhone: true } : {}),
    };
    return role === 'host' && mode === 'phone' && visit.state !== 'InCall' ? startCall(tx, caller, a, recorded, now) : recorded;
  });
  const phone = changed.role === 'host' && changed.visit.mode === 'phone' ? await patientPhone(changed.a) : undefined;
  return compact({ visit: changed.visit, patientPhone: phone });
}

/**
 * POST /visits/{id}/leave (either): recorded; the room stays open and join lets them back.
 * A patient leaving the waiting room is no longer waiting. Leaving an ended visit changes nothing.
 */
export async function leaveVisit(caller: Caller, appointmentId: string, now = new Date()): Promise<Visit> {
  const { visit } = await changeVisit(
    caller,
    appointmentId,
    'visit.leave',
    now,
    async ({ visit, role }) => {
      if (visit.state === 'Ended') return visit;
      const left = [...visit.left, { uid: caller.uid, role, at: now.toISOString() }];
      const stopsWaiting = role === 'patient' && visit.state === 'Waiting';
      return compact({
        ...visit,
        left,
        ...(stopsWaiting ? { state: 'Open' as const, waitingSince: undefined } : {}),
      });
    },
    { whileOpen: false },
  );
  return visit;
}
