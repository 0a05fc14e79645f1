import type { Request, Router } from 'express';
import { callbackListQuerySchema, callbackOutcomeSchema } from '../api/ussd';
import { requireAuth, requireRole, staffOf } from '../http/auth';
import { ok } from '../http/envelope';
import { showsPatientData } from '../http/patient-data';
import { validateBody } from '../http/validate';
import { listCallbacks, setCallbackOutcome } from '../services/ussd/callbacks';

/**
 * The desk's call-back queue (docs/ussd.md), added to routes/staff.ts's router, so the access
 * matrix and the audit walk (staff-access.test.ts, staff-audit.test.ts) cover it like every
 * staff route. Admin and staff work it; both answers name patients and are audited.
 */
const clinic = [requireAuth, requireRole('admin', 'staff')];

export function addCallbackRoutes(router: Router): void {
  router.get('/staff/callbacks', ...clinic, showsPatientData, async (req: Request, res) => {
    const { status } = await validateBody(callbackListQuerySchema, { ...req.query });
    ok(res, await listCallbacks(staffOf(req), status));
  });

  router.post('/staff/callbacks/:id', ...clinic, showsPatientData, async (req: Request, res) => {
    const input = await validateBody(callbackOutcomeSchema, req.body);
    const saved = await setCallbackOutcome(staffOf(req), String(req.params.id), input);
    ok(
      res,
      saved,
      input.status === 'Tried' ? 'Saved: the person has been texted that we tried.' : 'Saved: the call-back is done.',
    );
  });
}
