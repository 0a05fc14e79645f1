import type { Transaction } from 'firebase-admin/firestore';
import { ROLE_CHANGED, type StaffMember } from '../../api/staff';
import { VISIT_OTHER_HOST, VISIT_STAFF_READ_ONLY, type Visit, type VisitRole } from '../../api/visits';
import { rosterAgrees, type Caller } from '../../http/auth';
import { forbidden, unauthorized } from '../../http/errors';
import { appointmentRef } from '../../store/appointments';
import { auth } from '../../store/firebase';
import { staffMemberOf, writeAudit, type AuditRecord } from '../../store/staff';
import { rosterDoctorUids, visitRef, visitsHostedBy } from '../../store/visits';
import { visitTarget } from './room';

/**
 * Who hosts a video visit, in one place (docs/visits.md 'Who, and when'): for an appointment
 * with a doctor, an account the staff roster (staffMembers) gives the doctor role and that
 * doctorId; for one without (dietary), the account staff assigned (`assignedTo`), holding the
 * doctor role in the roster. The roster decides, not the token's claims, and the room's record
 * follows it at once: a role removed or changed takes the account out (roomsLeftBy,
 * takeOutHost), an assignment hands the room over (handOverRoom). firestore.rules check the
 * same for the browsers' signals, chat and presence.
 */

/** What decides a room's host: the appointment's doctor, or, without one, the account staff assigned. */
export type HostedAppointment = { doctorId?: string | null; assignedTo?: string | null };

type Actor = Omit<AuditRecord, 'action' | 'target'>;

/** Whether the roster entry (none once the role went) makes `uid` the host. */
function hostsBy(member: Pick<StaffMember, 'role' | 'doctorId'> | undefined, uid: string, a: HostedAppointment): boolean {
  if (member?.role !== 'doctor') return false;
  return a.doctorId ? member.doctorId === a.doctorId : a.assignedTo === uid;
}

/** The token's claim to host, checked without a read (the roster confirms it: roleIn). */
function claimsHost(caller: Caller, a: HostedAppointment): boolean {
  if (a.doctorId) return caller.role === 'doctor' && caller.doctorId === a.doctorId;
  return Boolean(a.assignedTo) && caller.uid === a.assignedTo;
}

/**
 * The caller's place in the room: the patient, the host, or nobody (undefined). A host's claim
 * is confirmed by the roster (in `tx` when given): a token it no longer backs (an ID token
 * keeps its claims up to an hour) is 401.
 */
export async function roleIn(
  caller: Caller,
  a: HostedAppointment & { patientId: string },
  tx?: Transaction,
): Promise<VisitRole | undefined> {
  if (caller.uid === a.patientId) return 'patient';
  if (!claimsHost(caller, a)) return undefined;
  const member = await staffMemberOf(caller.uid, tx);
  if (!rosterAgrees(member, caller)) throw unauthorized(ROLE_CHANGED);
  return hostsBy(member, caller.uid, a) ? 'host' : undefined;
}

/** Anyone else is 403: staff and admin are told they see the state in the console, another doctor that it is not theirs. */
export function outsider(caller: Caller): never {
  if (caller.role === 'admin' || caller.role === 'staff') throw forbidden(VISIT_STAFF_READ_ONLY);
  if (caller.role === 'doctor') throw forbidden(VISIT_OTHER_HOST);
  throw forbidden();
}

export const participantRole = async (
  caller: Caller,
  a: HostedAppointment & { patientId: string },
  tx?: Transaction,
): Promise<VisitRole> => (await roleIn(caller, a, tx)) ?? outsider(caller);

/**
 * The uid of the doctor's account, for a room the patient opens first (or whose host left):
 * the roster's accounts for the doctorId, most recent grant first, whose live custom claims
 * still say they are that doctor. Auth cannot be queried by claims, so the roster names them.
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
async function rosterHost(
  a: HostedAppointment,
  uids: (string | null | undefined)[],
  tx?: Transaction,
): Promise<string | undefined> {
  for (const uid of new Set(uids)) if (uid && hostsBy(await staffMemberOf(uid, tx), uid, a)) return uid;
  return undefined;
}

/**
 * Who hosts the room now, for a caller in `role`: the host themselves; for anyone else the
 * host recorded (`recorded`) while the roster still backs them, else the assigned account, else
 * the doctor's account. It reads Auth, so it runs outside a transaction: confirmedHost checks
 * its answer inside one.
 */
export async function hostOf(
  caller: Caller,
  role: VisitRole | undefined,
  a: HostedAppointment,
  recorded: string | undefined,
): Promise<string | undefined> {
  if (role === 'host') return caller.uid;
  return (await rosterHost(a, [recorded, a.assignedTo])) ?? (a.doctorId ? await doctorAccountUid(a.doctorId) : undefined);
}

/** The first of the `found` hosts the roster backs, read in `tx`: so a role removed meanwhile never comes back into the room. */
export async function confirmedHost(
  tx: Transaction,
  caller: Caller,
  role: VisitRole,
  a: HostedAppointment,
  found: (string | undefined)[],
): Promise<string | undefined> {
  return role === 'host' ? caller.uid : rosterHost(a, found, tx);
}

/**
 * The rooms `uid` is a participant of as host, not ended, that `member` (its roster entry after
 * the change; undefined when the role is removed) no longer lets it host. Reads only: call it
 * in the transaction that changes the roster, before its writes, then takeOutHost.
 */
export async function roomsLeftBy(tx: Transaction, uid: string, member: StaffMember | undefined): Promise<Visit[]> {
  const hosted = (await tx.get(visitsHostedBy(uid))).docs
    .map((d) => d.data())
    .filter((v) => v.state !== 'Ended' && v.participants.includes(uid));
  if (!hosted.length) return [];
  const appointments = await tx.getAll(...hosted.map((v) => appointmentRef(v.appointmentId)));
  return hosted.filter((_, i) => !hostsBy(member, uid, (appointments[i].data() ?? {}) as HostedAppointment));
}

/**
 * Takes `uid` out of these rooms' participants (the rules then refuse its signals, chat,
 * presence and reads), in the transaction after its reads; audited `visit.host.remove`. The
 * record keeps `hostUid`: who hosted until then.
 */
export async function takeOutHost(tx: Transaction, rooms: Visit[], uid: string, actor: Actor) {
  for (const visit of rooms) {
    tx.set(visitRef(visit.appointmentId), { ...visit, participants: visit.participants.filter((p) => p !== uid) });
    await writeAudit({ ...actor, action: 'visit.host.remove', target: visitTarget(visit.appointmentId) }, tx);
  }
}

/**
 * A room whose appointment staff assigned to another doctor (in that transaction, after its
 * reads): the new host in the old one's place, at once; audited `visit.host.assign`.
 */
export async function handOverRoom(tx: Transaction, visit: Visit | undefined, hostUid: string, actor: Actor) {
  if (!visit || visit.state === 'Ended' || (visit.hostUid === hostUid && visit.participants.includes(hostUid))) return;
  tx.set(visitRef(visit.appointmentId), { ...visit, hostUid, participants: [visit.patientId, hostUid] });
  await writeAudit({ ...actor, action: 'visit.host.assign', target: visitTarget(visit.appointmentId) }, tx);
}
