import { Router } from 'express';
import { ok } from '../http/envelope';

export const healthRouter = Router();

/** Liveness: answers without touching the database, so it stays cheap for probes. */
healthRouter.get('/health', (_req, res) => ok(res, { status: 'ok' }, 'The API is up.'));
