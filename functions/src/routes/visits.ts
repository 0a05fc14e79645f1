import { Router, type Request } from 'express';
import { visitModeSchema } from '../api/visit-requests';
import type { VisitMode } from '../api/visits';
import { callerOf, requireAuth } from '../http/auth';
import { ok } from '../http/envelope';
import { checkIdParams } from '../http/ids';
import { CALLER_LIMITS, throttleCaller } from '../http/rate-limit';
import { bodyOf } from '../http/validate';
import { admitPatient, joinVisit, leaveVisit, setVisitMode, viewVisit } from '../services/visits/visits';

/**
 * Video visits (docs/visits.md): the patient and the host join, the host admits, either
 * changes the mode or leaves; admin and staff only read. Every write is counted per caller.
 */
export const visitsRouter = checkIdParams(Router());

const MODE_SET: Record<VisitMode, string> = {
  video: 'The visit continues with video.',
  audio: 'The visit continues with audio only.',
  phone: 'The visit is held by phone.',
};

const idParam = (req: Request) => String(req.params.appointmentId);
const writes = [requireAuth, throttleCaller(CALLER_LIMITS.visits)];

visitsRouter.get('/visits/:appointmentId', requireAuth, async (req, res) => {
  ok(res, await viewVisit(callerOf(req), idParam(req)));
});

visitsRouter.post('/visits/:appointmentId/join', ...writes, async (req, res) => {
  ok(res, await joinVisit(callerOf(req), idParam(req)), 'You have joined the visit.');
});

visitsRouter.post('/visits/:appointmentId/admit', ...writes, async (req, res) => {
  ok(res, { visit: await admitPatient(callerOf(req), idParam(req)) }, 'The patient has been admitted.');
});

visitsRouter.post('/visits/:appointmentId/mode', ...writes, async (req, res) => {
  const { mode } = await bodyOf(req, visitModeSchema);
  ok(res, await setVisitMode(callerOf(req), idParam(req), mode), MODE_SET[mode]);
});

visitsRouter.post('/visits/:appointmentId/leave', ...writes, async (req, res) => {
  ok(res, { visit: await leaveVisit(callerOf(req), idParam(req)) }, 'You have left the visit.');
});
