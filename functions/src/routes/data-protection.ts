import { Router } from 'express';
import { assertOwnPatientId, requireAuth } from '../http/auth';
import { send, ok } from '../http/envelope';
import { exportPatientData } from '../services/data-export';
import { unsubscribe } from '../services/newsletter';

/** Data protection (Ghana's Act 843): a patient's copy of their data, and leaving the newsletter. */
export const dataProtectionRouter = Router();

dataProtectionRouter.get('/patient/:patientId/export', requireAuth, async (req, res) => {
  const uid = assertOwnPatientId(req, req.params.patientId);
  res.set('Cache-Control', 'private, no-store');
  ok(res, await exportPatientData(uid), 'Here is a copy of the data we hold about you.');
});

/** The link in every newsletter mail: a person clicks it, so a good one lands on a page of the site. */
dataProtectionRouter.get('/subscriptions/news/unsubscribe', async (req, res) => {
  const token = typeof req.query.token === 'string' ? req.query.token : '';
  if ((await unsubscribe(token)) === 'unsubscribed') return res.redirect(303, '/privacy?newsletter=unsubscribed');
  send(
    res,
    400,
    'This unsubscribe link is not valid. Please use the link in your latest newsletter e-mail, or write to us.',
    null,
  );
});
