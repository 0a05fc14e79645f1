import type { Request, Router } from 'express';
import { requireAuth, requireRole, staffOf } from '../http/auth';
import { ok } from '../http/envelope';
import { showsPatientData } from '../http/patient-data';
import { mandatesForStaff } from '../services/packages/direct-debit';

/** The desk's view of a patient's direct debits (docs/direct-debit.md), on the staff patient page. */
const clinic = [requireAuth, requireRole('admin', 'staff')];
const param = (req: Request, name: string) => String(req.params[name]);

export function addDirectDebitRoutes(router: Router): void {
  router.get('/staff/patients/:patientId/mandates', ...clinic, showsPatientData, async (req, res) => {
    ok(res, await mandatesForStaff(staffOf(req), param(req, 'patientId')));
  });
}
