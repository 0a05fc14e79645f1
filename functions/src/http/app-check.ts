import type { RequestHandler } from 'express';
import { APP_CHECK_HEADER } from '../api/app-check';
import { APP_CHECK_REQUIRED } from '../api/messages';
import { APP_CHECK_ENFORCED } from '../config';
import { appCheck } from '../store/firebase';
import { routeKey } from './body-limit';
import { unauthorized } from './errors';

const WRITES = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

/**
 * Writes no running copy of the site makes: one-click unsubscribes come from mail programs,
 * and a browser error report may be about App Check itself failing.
 */
export const APP_CHECK_EXEMPT = new Set(['POST /subscriptions/news/unsubscribe', 'POST /client-errors']);

export interface AppCheckOptions {
  /** Whether tokens are required (the APP_CHECK_ENFORCED param, read per request). */
  enforced?: () => boolean;
  /** Verifies a token with Google's keys; rejects a forged, expired or foreign one. */
  verify?: (token: string) => Promise<unknown>;
}

/**
 * With APP_CHECK_ENFORCED, every write to the API must carry a valid App Check token from the
 * site (reCAPTCHA Enterprise in the browser), so scripts that merely know the URL cannot sign
 * up, post forms, book or pay in bulk; anything else gets 401 and nothing runs. Reads stay open:
 * the catalog is public and cached by the CDN, and a patient's own data needs their ID token.
 */
export function appCheckGuard({
  enforced = () => APP_CHECK_ENFORCED.value(),
  verify = (token) => appCheck().verifyToken(token),
}: AppCheckOptions = {}): RequestHandler {
  return async (req, _res, next) => {
    if (!WRITES.has(req.method) || APP_CHECK_EXEMPT.has(routeKey(req)) || !enforced()) return next();
    const token = req.get(APP_CHECK_HEADER);
    if (!token) return next(unauthorized(APP_CHECK_REQUIRED));
    try {
      await verify(token);
      next();
    } catch {
      next(unauthorized(APP_CHECK_REQUIRED));
    }
  };
}
