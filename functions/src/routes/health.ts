import { Router } from 'express';
import { ok } from '../http/envelope';
import { clientAt } from '../http/rate-limit';

export const healthRouter = Router();

/** Liveness: answers without touching the database, so it stays cheap for probes. */
healthRouter.get('/health', (_req, res) => ok(res, { status: 'ok' }, 'The API is up.'));

/**
 * The post-deploy check of the client address rule (ops/check-client-address.sh): who the limits
 * would count this request against, next to how many X-Forwarded-For entries came, so an operator
 * compares it with their own address. It tells a caller only their own address (or the shared
 * front end's), which they could learn anywhere.
 */
healthRouter.get('/health/client', (req, res) => {
  res.set('Cache-Control', 'no-store');
  const hops = String(req.headers['x-forwarded-for'] ?? '')
    .split(',')
    .filter((hop) => hop.trim()).length;
  ok(res, { ...clientAt(req), hops }, 'This is the address the API counts your requests against.');
});
