import type { Request, RequestHandler } from 'express';
import { auth } from '../store/firebase';
import { forbidden, unauthorized } from './errors';

/** Who is calling, as the verified ID token says. */
export interface Caller {
  uid: string;
  email?: string;
}

const AUTH_ERROR_PREFIX = 'auth/';

/** Verifies `Authorization: Bearer <Firebase ID token>` (revocation included) and sets req.caller. */
export const requireAuth: RequestHandler = async (req, _res, next) => {
  const header = req.headers.authorization ?? '';
  const match = /^Bearer (\S+)$/.exec(header);
  if (!match) return next(unauthorized('Please log in to continue: no sign-in token was sent.'));
  try {
    const token = await auth().verifyIdToken(match[1], true);
    req.caller = { uid: token.uid, email: token.email };
    next();
  } catch (err) {
    const code = String((err as { code?: unknown }).code ?? '');
    if (code.startsWith(AUTH_ERROR_PREFIX)) {
      return next(unauthorized('Your sign-in has expired or is not valid. Please log in again.'));
    }
    next(err);
  }
};

/** The caller behind a route guarded by requireAuth. */
export function callerOf(req: Request): Caller {
  if (!req.caller) throw unauthorized('Please log in to continue.');
  return req.caller;
}

/** A patientId that is not the caller's answers 403. */
export function assertOwnPatientId(req: Request, patientId: unknown): string {
  const { uid } = callerOf(req);
  if (patientId !== undefined && patientId !== uid) throw forbidden();
  return uid;
}
