import { Timestamp } from 'firebase-admin/firestore';
import type { AuditEntry, GrantRoleRequest, Page, StaffMember } from '../../api/staff';
import { badRequest, conflict, notFound } from '../../http/errors';
import { doctorById } from '../../store/catalog';
import { auth } from '../../store/firebase';
import { auditPage, staffMemberRef, staffMembersPage, writeAudit } from '../../store/staff';
import { runTransaction } from '../../store/transaction';
import { roomsLeftBy, takeOutHost } from '../visits/host';
import { audit, type Staff } from '../shared/staff-access';

/** Staff roles (admin only), the roster they live in, and the audit log (docs/roles-and-audit.md). */

export const UNVERIFIED_EMAIL = (email: string) =>
  `${email} has not verified their e-mail address yet: roles go only to verified accounts. ` +
  'Ask them to sign in on the site and enter the code we e-mailed them, then try again.';

/**
 * The roster entry of `uid` set (`member`) or removed (undefined), in one transaction with
 * taking the account out of the video visits it no longer hosts (docs/visits.md): the rules
 * refuse its signals and chat from the same commit on.
 */
async function writeRoster(
  staff: Staff,
  uid: string,
  member: (StaffMember & { grantedBy: string; grantedAt: Timestamp }) | undefined,
) {
  await runTransaction(async (tx) => {
    const rooms = await roomsLeftBy(tx, uid, member);
    if (member) tx.set(staffMemberRef(uid), member);
    else tx.delete(staffMemberRef(uid));
    await takeOutHost(tx, rooms, uid, { actorUid: staff.uid, actorRole: staff.role });
  });
}

/**
 * Sets a role: the roster entry (what requireRole checks on every staff request), then the
 * custom claim (the user's next token carries it). Only to an account whose e-mail is
 * verified, so a role never goes to an address its holder may not own. A changed role (or
 * doctor) also ends the person's sessions: their old token stops at once (requireRole) and
 * the console signs them out; the video visits they no longer host drop them at once.
 */
export async function grantRole(staff: Staff, input: GrantRoleRequest): Promise<StaffMember> {
  const user = await auth()
    .getUserByEmail(input.email)
    .catch(() => undefined);
  if (!user) throw notFound(`No account uses ${input.email}: the person must sign up first.`);
  if (!user.emailVerified) throw conflict(UNVERIFIED_EMAIL(input.email));
  if (input.role === 'doctor' && !(await doctorById(input.doctorId!)))
    throw badRequest(`The doctor '${input.doctorId}' does not exist: choose one from the list.`);
  const claims = input.role === 'doctor' ? { role: input.role, doctorId: input.doctorId } : { role: input.role };
  const before = user.customClaims ?? {};
  const changed = Boolean(before.role) && (before.role !== claims.role || before.doctorId !== claims.doctorId);
  if (changed && user.uid === staff.uid) throw conflict('You cannot change your own role: ask another admin.');
  const member: StaffMember = { uid: user.uid, email: input.email, ...claims };
  await writeRoster(staff, user.uid, { ...member, grantedBy: staff.uid, grantedAt: Timestamp.now() });
  await auth().setCustomUserClaims(user.uid, claims);
  if (changed) await auth().revokeRefreshTokens(user.uid);
  await writeAudit(audit(staff, `role.grant.${input.role}`, `users/${user.uid}`));
  return member;
}

/**
 * Removes a staff role, effective on the holder's next request: the roster entry first (which
 * requireRole checks; with it they leave every video visit they host), then the claim, then
 * their refresh tokens (every session ends, the console signs them out). An admin cannot
 * remove their own (the clinic would risk having none).
 */
export async function revokeRole(staff: Staff, uid: string): Promise<void> {
  if (uid === staff.uid) throw conflict('You cannot remove your own role: ask another admin.');
  const user = await auth()
    .getUser(uid)
    .catch(() => undefined);
  if (!user) throw notFound('There is no account with that id.');
  await writeRoster(staff, uid, undefined);
  await auth().setCustomUserClaims(uid, null);
  await auth().revokeRefreshTokens(uid);
  await writeAudit(audit(staff, 'role.revoke', `users/${uid}`));
}

export const listStaff = (limit: number, cursor?: string): Promise<Page<StaffMember>> => staffMembersPage(limit, cursor);

export const listAudit = (limit: number, cursor?: string, patientId?: string): Promise<Page<AuditEntry>> =>
  auditPage(limit, cursor, patientId);
