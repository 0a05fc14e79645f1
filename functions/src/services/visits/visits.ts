import { normaliseGhanaPhone } from '../../api/ghana-phone';
import { ROLE_CHANGED, STATE_LABEL, type AppointmentState } from '../../api/staff';
import {
  ROOM_STATES,
  VISIT_NOBODY_WAITING,
  VISIT_OTHER_HOST,
  VISIT_STAFF_READ_ONLY,
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
import { rosterAgrees, type Caller } from '../../http/auth';
import { conflict, forbidden, notFound, unauthorized } from '../../http/errors';
import { appointmentRef, type StoredAppointment } from '../../store/appointments';
import { doctorById } from '../../store/catalog';
import { auth } from '../../store/firebase';
import { findPatient } from '../../store/patients';
import { staffMemberOf, writeAudit, type AuditRecord } from '../../store/staff';
import { runTransaction } from '../../store/transaction';
import { rosterDoctorUids, visitRef } from '../../store/visits';
import { iceServersFor } from './ice-servers';
import { compact, hostsBy, roomWindow, visitTarget } from './room';
import type { Staff } from '../shared/staff-access';
import { APPOINTMENT_STATUS, PAYMENT_STATUS } from '../../api/types';

/**
 * The video visit (docs/visits.md): who may join an appointment's room and when, and every
 * change of its `visits/{appointmentId}` record, each in one transaction with its audit entry.
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

async function appointmentOf(appointmentId: string): Promise<VisitAppointment> {
  const a = (await appointmentRef(appointmentId).get()).data() as VisitAppointment | undefined;
  if (!a || a.appointmentStatus === APPOINTMENT_STATUS.Deleted) throw notFound(NOT_FOUND);
  return a;
}

/**
 * The token's claim to host, checked without a read: for an appointment with a doctor, role
 * doctor and that doctorId; for one without, the account staff assigned.
 */
function claimsHost(caller: Caller, a: VisitAppointment): boolean {
  if (a.doctorId) return caller.role === 'doctor' && caller.doctorId === a.doctorId;
  return Boolean(a.assignedTo) && caller.uid === a.assignedTo;
}

/**
 * The caller's place in the room. A host's claim is confirmed by the roster (staffMembers, in
 * `tx` when given): a token the roster no longer backs (the role removed or changed; an ID
 * token keeps its claims up to an hour) is 401, and the roster decides who hosts
 * (docs/visits.md: the room follows the roster).
 */
async function roleIn(caller: Caller, a: VisitAppointment, tx?: Transaction): Promise<VisitRole | undefined> {
  if (caller.uid === a.patientId) return 'patient';
  if (!claimsHost(caller, a)) return undefined;
  const member = await staffMemberOf(caller.uid, tx);
  if (!rosterAgrees(member, caller)) throw unauthorized(ROLE_CHANGED);
  return hostsBy(member, caller.uid, a) ? 'host' : undefined;
}

/** Anyone else: staff and admin are told they see the state in the console; another doctor that it is theirs not. */
function outsider(caller: Caller): never {
  if (caller.role === 'admin' || caller.role === 'staff') throw forbidden(VISIT_STAFF_READ_ONLY);
  if (caller.role === 'doctor') throw forbidden(VISIT_OTHER_HOST);
  throw forbidden();
}

const participantRole = async (caller: Caller, a: VisitAppointment, tx?: Transaction): Promise<VisitRole> =>
  (await roleIn(caller, a, tx)) ?? outsider(caller);

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

/**
 * The uid of the doctor's account, for a room the patient opens first (or whose host left):
 * the staff roster's accounts for the doctorId (written when a role is granted), most recent
 * grant first, whose live custom claims still say they are that doctor. The roster, not a
 * scan of every Auth user: Auth cannot be queried by claims.
 */
async function doctorAccountUid(doctorId: string): Promise<string | undefined> {
  for (const uid of await rosterDoctorUids(doctorId)) {
    const user = await auth()
      .getUser(uid)
      .catch(() => undefined);
    if (user?.customClaims?.role === 'doctor' && user.customClaims.doctorId === doctorId) return uid;
  }
  return undefined;
}

/** The first of `uids` the roster (read in `tx` when given) makes the host. */
async function rosterHost(a: VisitAppointment, uids: (string | undefined)[], tx?: Transaction): Promise<string | undefined> {
  for (const uid of new Set(uids)) if (uid && hostsBy(await staffMemberOf(uid, tx), uid, a)) return uid;
  return undefined;
}

/** Who hosts the room for the patient now: the host recorded while the roster still backs them, else the roster's. */
async function hostUidOf(a: VisitAppointment, recorded: string | undefined): Promise<string | undefined> {
  return (await rosterHost(a, [recorded, a.assignedTo])) ?? (a.doctorId ? await doctorAccountUid(a.doctorId) : undefined);
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
 * The staff lifecycle's check-in of the appointment, in the room's transaction (after its
 * reads). It is booking's (services/booking/staff-appointments.ts checkInFromVisit), handed in
 * by the route: visits sit below booking and never call up into it (docs/architecture.md).
 */
export type CheckIn = (tx: Transaction, host: Staff, appointmentId: string) => Promise<unknown>;

/** The host as the staff lifecycle knows them, for the check-in on admit. */
const hostStaff = (caller: Caller) => ({ uid: caller.uid, role: caller.role ?? ('doctor' as const), doctorId: caller.doctorId });

/** Starts the call (admit, or the host's switch to the phone): InCall, startedAt, and the appointment checked in. */
async function startCall(tx: Transaction, caller: Caller, a: VisitAppointment, visit: Visit, at: string, checkIn: CheckIn) {
  if (a.appointmentStatus === APPOINTMENT_STATUS.Accepted) await checkIn(tx, hostStaff(caller), a.appointmentId);
  return compact({ ...visit, state: 'InCall' as const, startedAt: visit.startedAt ?? at, waitingSince: undefined });
}

/**
 * POST /visits/{id}/join: opens the room (or rejoins it). The patient waits (state Waiting)
 * until the host admits them; once admitted, a rejoin (a reload) goes straight back in. Patient
 * and host joining at the same moment make one record: the transaction reads it first.
 */
export async function joinVisit(caller: Caller, appointmentId: string, now = new Date()): Promise<VisitJoinAnswer> {
  const before = await appointmentOf(appointmentId);
  const role = await participantRole(caller, before);
  if (!isVirtualVisit(before)) refuse('not-virtual', before, visitWindow(before));
  const window = await roomWindow(before);
  const existing = (await visitRef(appointmentId).get()).data();
  assertOpen(before, existing, window, now);
  const hostUid = role === 'host' ? caller.uid : await hostUidOf(before, existing?.hostUid);
  if (!hostUid) refuse('no-host', before, window);

  const visit = await runTransaction(async (tx) => {
    const ref = visitRef(appointmentId);
    const [aSnap, vSnap] = await Promise.all([tx.get(appointmentRef(appointmentId)), tx.get(ref)]);
    const a = aSnap.data() as VisitAppointment | undefined;
    if (!a || a.appointmentStatus === APPOINTMENT_STATUS.Deleted) throw notFound(NOT_FOUND);
    if ((await roleIn(caller, a, tx)) !== role) outsider(caller);
    const current = vSnap.data();
    assertOpen(a, current, window, now);
    const at = now.toISOString();
    // Confirmed in the transaction, so a role removed meanwhile never comes back into the room.
    const host = role === 'host' ? caller.uid : await rosterHost(a, [current?.hostUid, hostUid], tx);
    if (!host) refuse('no-host', a, window);
    const base: Visit = current ?? {
      appointmentId,
      patientId: a.patientId,
      hostUid: host,
      ...(a.doctorId ? { doctorId: a.doctorId } : {}),
      participants: [],
      opensAt: '',
      closesAt: '',
      state: 'Open',
      // A phone consultation booked over USSD (docs/ussd.md) is held by phone from the start.
      mode: a.visitMode ?? 'video',
      ...(a.visitMode === 'phone' ? { heldByPhone: true } : {}),
      joined: [],
      left: [],
      modeHistory: [],
    };
    const waits = role === 'patient' && base.state === 'Open';
    const next: Visit = {
      ...base,
      hostUid: host,
      participants: [a.patientId, host],
      opensAt: window.opensAt.toISOString(),
      closesAt: window.closesAt.toISOString(),
      joined: [...base.joined, { uid: caller.uid, role, at }],
      ...(waits ? { state: 'Waiting', waitingSince: at } : {}),
    };
    tx.set(ref, next);
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
  const hostUid = role === 'host' ? caller.uid : await hostUidOf(a, visit?.hostUid);
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
    const [aSnap, vSnap] = await Promise.all([tx.get(appointmentRef(appointmentId)), tx.get(visitRef(appointmentId))]);
    const a = aSnap.data() as VisitAppointment | undefined;
    if (!a || a.appointmentStatus === APPOINTMENT_STATUS.Deleted) throw notFound(NOT_FOUND);
    const role = await participantRole(caller, a, tx);
    const visit = vSnap.data();
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
export async function admitPatient(caller: Caller, appointmentId: string, checkIn: CheckIn, now = new Date()): Promise<Visit> {
  const { visit } = await changeVisit(caller, appointmentId, 'visit.admit', now, async ({ tx, a, visit, role }) => {
    if (role !== 'host') throw forbidden(HOST_ONLY);
    if (visit.state === 'InCall') return visit; // admitted already (a second click)
    if (visit.state !== 'Waiting') throw conflict(VISIT_NOBODY_WAITING);
    const at = now.toISOString();
    return { ...(await startCall(tx, caller, a, visit, at, checkIn)), admittedAt: at };
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
  checkIn: CheckIn,
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
    return role === 'host' && mode === 'phone' && visit.state !== 'InCall'
      ? startCall(tx, caller, a, recorded, at, checkIn)
      : recorded;
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
