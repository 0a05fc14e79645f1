import type { Request, RequestHandler } from 'express';
import { FINISH_REGISTRATION, FINISH_VERIFICATION } from '../api/account-access';
import { RECENT_SIGN_IN_MINUTES } from '../api/retention';
import { ROLE_CHANGED, STAFF_ROLES, type StaffMember, type StaffRole } from '../api/staff';
import { auth } from '../store/firebase';
import { findPatient } from '../store/patients';
import { staffMemberOf } from '../store/staff';
import { forbidden, unauthorized } from './errors';

/** Who is calling, as the verified ID token says. */
export interface Caller {
  uid: string;
  email?: string;
  /** The Activated patient's own e-mail (set by requireActivePatient): where mails about their records go. */
  accountEmail?: string;
  /** When the user last typed their password (the token's auth_time), in ms. */
  signedInAt?: number;
  /** The staff role and doctor from the token's custom claims (docs/roles-and-audit.md); none for patients. */
  role?: StaffRole;
  doctorId?: string;
}

export const PATIENT_CACHE_CONTROL = 'private, no-store';

const AUTH_ERROR_PREFIX = 'auth/';

/**
 * Verifies `Authorization: Bearer <Firebase ID token>` (revocation included) and sets req.caller.
 * Every answer behind it says `Cache-Control: private, no-store`.
 */
export const requireAuth: RequestHandler = async (req, res, next) => {
  // A patient's answers are theirs alone: no shared cache (CDN, proxy) may keep them.
  res.set('Cache-Control', PATIENT_CACHE_CONTROL);
  const header = req.headers.authorization ?? '';
  const match = /^Bearer (\S+)$/.exec(header);
  if (!match) return next(unauthorized('Please log in to continue: no sign-in token was sent.'));
  try {
    const token = await auth().verifyIdToken(match[1], true);
    const role = STAFF_ROLES.find((r) => r === token.role);
    const doctorId = role === 'doctor' && typeof token.doctorId === 'string' ? token.doctorId : undefined;
    req.caller = { uid: token.uid, email: token.email, signedInAt: token.auth_time * 1000, role, doctorId };
    next();
  } catch (err) {
    const code = String((err as { code?: unknown }).code ?? '');
    if (code.startsWith(AUTH_ERROR_PREFIX)) {
      return next(unauthorized('Your sign-in has expired or is not valid. Please log in again.'));
    }
    next(err);
  }
};

/**
 * After requireAuth on routes that subscribe, order, book or pay (docs/security.md, Accounts): only
 * a registered patient whose e-mailed code came back (Activated) gets through; anyone else
 * gets 403 saying which step is missing, and the route never runs.
 */
export const requireActivePatient: RequestHandler = async (req, _res, next) => {
  const { uid } = callerOf(req);
  const patient = await findPatient(uid);
  if (!patient) return next(forbidden(FINISH_REGISTRATION));
  if (patient.accountStatus !== 'Activated') return next(forbidden(FINISH_VERIFICATION));
  req.caller = { ...req.caller!, accountEmail: patient.emailAddress };
  next();
};

export const SIGN_IN_AGAIN = `For your safety, please sign in again (enter your password) to do this: your last sign-in must be within ${RECENT_SIGN_IN_MINUTES} minutes.`;

/**
 * After requireAuth on irreversible routes (deleting the account): the password must have
 * been typed in the last RECENT_SIGN_IN_MINUTES, so a stolen or left-open session cannot do it.
 */
export const requireRecentSignIn: RequestHandler = (req, _res, next) => {
  const { signedInAt } = callerOf(req);
  const recent = signedInAt !== undefined && Date.now() - signedInAt <= RECENT_SIGN_IN_MINUTES * 60_000;
  next(recent ? undefined : unauthorized(SIGN_IN_AGAIN));
};

/** The caller behind a route guarded by requireAuth. */
export function callerOf(req: Request): Caller {
  if (!req.caller) throw unauthorized('Please log in to continue.');
  return req.caller;
}

/** The Activated patient's own e-mail, behind requireActivePatient: the only address mails about their records go to. */
export function accountEmailOf(req: Request): string {
  const { accountEmail } = callerOf(req);
  if (!accountEmail) throw forbidden(FINISH_VERIFICATION);
  return accountEmail;
}

/** A patientId that is not the caller's answers 403. */
export function assertOwnPatientId(req: Request, patientId: unknown): string {
  const { uid } = callerOf(req);
  if (patientId !== undefined && patientId !== uid) throw forbidden();
  return uid;
}

export const STAFF_ONLY = "This is for the clinic's staff.";

/** A handler of requireRole, marked with the roles it lets through (the access matrix test reads them). */
export type RoleGuard = RequestHandler & { roles: readonly StaffRole[] };

/**
 * After requireAuth: only a token whose role claim is one of `roles` gets through (no role
 * 403, another role 403), and only while the roster (staffMembers) still gives that person
 * that role: a token from before a role was removed or changed is 401, on its next request.
 *
 * Why the roster and not the token alone: an ID token carries the claims it was minted with
 * for up to an hour. Removing or changing a role also revokes the person's refresh tokens
 * (services/staff/roles.ts), which requireAuth's revocation check sees, but Auth records the
 * revocation in whole seconds (tokensValidAfterTime) and compares it with the token's
 * auth_time, also in seconds: a token signed in during the same second survives it. The
 * roster is written in the same request that changes the role, so one document read per staff
 * request makes the change take effect at once, exactly. Claims stay the cheap first check
 * (a patient's token is refused without a read).
 */
export function requireRole(...roles: StaffRole[]): RoleGuard {
  const guard: RequestHandler = async (req, _res, next) => {
    const caller = callerOf(req);
    const { role } = caller;
    if (!role) return next(forbidden(STAFF_ONLY));
    if (!rosterAgrees(await staffMemberOf(caller.uid), caller)) return next(unauthorized(ROLE_CHANGED));
    if (!roles.includes(role)) return next(forbidden(`This is for the clinic's ${roles.join(' or ')} accounts only.`));
    next();
  };
  return Object.assign(guard, { roles });
}

/**
 * Whether the roster gives the person the role (and doctor) their token claims: no entry and
 * no role agree too. What requireRole asks on every staff request, and a visit's host check.
 */
export const rosterAgrees = (member: StaffMember | undefined, { role, doctorId }: Pick<Caller, 'role' | 'doctorId'>) =>
  member?.role === role && (member?.doctorId ?? undefined) === doctorId;

/** The staff member behind a route guarded by requireRole. */
export function staffOf(req: Request): Required<Pick<Caller, 'uid' | 'role'>> & Pick<Caller, 'email' | 'doctorId'> {
  const caller = callerOf(req);
  if (!caller.role) throw forbidden(STAFF_ONLY);
  return { uid: caller.uid, email: caller.email, role: caller.role, doctorId: caller.doctorId };
}
