import express, { type Request, type Router } from 'express';
import { labRequestSchema, prescriptionSchema } from '../api/record';
import { LARGE_BODY_BYTES } from '../config';
import { requireAuth, requireRole, staffOf } from '../http/auth';
import { created, ok } from '../http/envelope';
import { showsPatientData } from '../http/patient-data';
import { sendFile } from '../http/file';
import { validateBody } from '../http/validate';
import { requestLabs } from '../services/record/lab-requests';
import { issuePrescription, markDispensed } from '../services/record/prescriptions';
import { appointmentForClinic, appointmentRecord, patientRecord, staffResultFile } from '../services/record/record';
import { uploadResult } from '../services/record/results';

/**
 * The clinic's side of the record (docs/record.md), mounted on the staff router before its
 * `/:action` route. Doctors pass the role guard; the services then allow them only their
 * own patients and appointments (403 otherwise). Every read is audited with the patient's id.
 */
const everyone = [requireAuth, requireRole('admin', 'staff', 'doctor')];
const clinic = [requireAuth, requireRole('admin', 'staff')];

const param = (req: Request, name: string) => String(req.params[name]);

/**
 * A result arrives as its own bytes (Content-Type: the file's, which is not trusted), not as
 * base64 in JSON: 900 KB stays 900 KB, under the 1 MB body limit and the Hosting proxy's
 * 1 MiB. The Functions runtime has read the body already (req.rawBody); in-process it is read here.
 */
const rawBody = express.raw({ type: () => true, limit: LARGE_BODY_BYTES });
const bytesOf = (req: Request): Buffer => {
  const raw = (req as Request & { rawBody?: Buffer }).rawBody;
  if (raw) return raw;
  return Buffer.isBuffer(req.body) ? req.body : Buffer.alloc(0);
};

export function addRecordRoutes(router: Router): void {
  router.get('/staff/patients/:patientId/record', ...everyone, showsPatientData, async (req, res) => {
    ok(res, await patientRecord(staffOf(req), param(req, 'patientId')));
  });

  router.get('/staff/patients/:patientId/files/:fileId', ...everyone, showsPatientData, async (req, res) => {
    sendFile(res, await staffResultFile(staffOf(req), param(req, 'patientId'), param(req, 'fileId')));
  });

  router.get('/staff/appointments/:appointmentId/record', ...everyone, showsPatientData, async (req, res) => {
    ok(res, await appointmentRecord(staffOf(req), param(req, 'appointmentId')));
  });

  router.post('/staff/appointments/:appointmentId/prescriptions', ...everyone, async (req, res) => {
    const staff = staffOf(req);
    // Who may prescribe is answered before the body is judged: a doctor of another appointment learns nothing more.
    await appointmentForClinic(staff, param(req, 'appointmentId'));
    const { items } = await validateBody(prescriptionSchema, req.body);
    const issued = await issuePrescription(staff, param(req, 'appointmentId'), items);
    created(res, issued, `Prescription ${issued.code} has been issued. The patient has been sent its code.`);
  });

  router.post('/staff/appointments/:appointmentId/lab-requests', ...everyone, async (req, res) => {
    const staff = staffOf(req);
    await appointmentForClinic(staff, param(req, 'appointmentId'));
    const { tests } = await validateBody(labRequestSchema, req.body);
    created(res, await requestLabs(staff, param(req, 'appointmentId'), tests), 'The lab tests have been requested.');
  });

  router.post(
    '/staff/appointments/:appointmentId/results',
    ...everyone,
    async (req, res, next) => {
      await appointmentForClinic(staffOf(req), param(req, 'appointmentId'));
      rawBody(req, res, next);
    },
    async (req, res) => {
      const result = await uploadResult(staffOf(req), param(req, 'appointmentId'), bytesOf(req), req.query.name);
      created(res, result, 'The result has been added. The patient has been told it is ready.');
    },
  );

  router.post('/staff/prescriptions/:id/dispensed', ...clinic, showsPatientData, async (req, res) => {
    ok(res, await markDispensed(staffOf(req), param(req, 'id')), 'The prescription is marked dispensed.');
  });
}
