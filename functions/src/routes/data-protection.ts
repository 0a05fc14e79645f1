import { Router } from 'express';
import { assertOwnPatientId, requireAuth } from '../http/auth';
import { send, ok } from '../http/envelope';
import { checkIdParams } from '../http/ids';
import { exportPatientData } from '../services/patients/data-export';
import { unsubscribe } from '../services/public/newsletter';

/** Data protection (Ghana's Act 843): a patient's copy of their data, and leaving the newsletter. */
export const dataProtectionRouter = checkIdParams(Router());

dataProtectionRouter.get('/patient/:patientId/export', requireAuth, async (req, res) => {
  const uid = assertOwnPatientId(req, req.params.patientId);
  res.set('Cache-Control', 'private, no-store');
  ok(res, await exportPatientData(uid), 'Here is a copy of the data we hold about you.');
});

const INVALID_LINK = 'This unsubscribe link is not valid. Please use the link in your latest newsletter e-mail, or write to us.';

const tokenIn = (value: unknown) => (typeof value === 'string' ? value : '');

/**
 * A GET never unsubscribes: mail scanners fetch every link in a mail. Links sent before the
 * Unsubscribe page existed pointed here, so a GET lands on that page with its token.
 */
dataProtectionRouter.get('/subscriptions/news/unsubscribe', (req, res) => {
  res.redirect(303, `/unsubscribe?token=${encodeURIComponent(tokenIn(req.query.token))}`);
});

/**
 * The Unsubscribe button posts {token}; a mail program's one-click unsubscribe (RFC 8058)
 * posts `List-Unsubscribe=One-Click` as a form to the List-Unsubscribe address, token in the query.
 */
dataProtectionRouter.post('/subscriptions/news/unsubscribe', async (req, res) => {
  const body: unknown = req.body;
  const fromBody = body && typeof body === 'object' && 'token' in body ? (body as { token: unknown }).token : undefined;
  const token = fromBody === undefined ? tokenIn(req.query.token) : tokenIn(fromBody);
  if ((await unsubscribe(token)) === 'invalid') return send(res, 400, INVALID_LINK, null);
  ok(res, null, 'You have been unsubscribed from our newsletter, and your e-mail address has been removed from our list.');
});
