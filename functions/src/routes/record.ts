import { Router } from 'express';
import { normaliseRxCode, RX_CODE_LENGTH } from '../api/record';
import { assertOwnPatientId, callerOf, requireAuth } from '../http/auth';
import { ok } from '../http/envelope';
import { badRequest, notFound } from '../http/errors';
import { sendFile } from '../http/file';
import { checkIdParams } from '../http/ids';
import { throttle } from '../http/rate-limit';
import { patientLabRequests } from '../services/record/lab-requests';
import { patientPrescriptions, prescriptionPdf, rxCheckOf } from '../services/record/prescriptions';
import { patientResultFile } from '../services/record/results';
import { prescriptionByCode } from '../store/prescriptions';

/**
 * The patient's side of the record (docs/record.md): their prescriptions (and each as a
 * PDF), lab requests and result files, each only to its owner; and the public check a
 * pharmacy makes of a prescription's code, throttled per client like the public forms.
 */
export const recordRouter = checkIdParams(Router());

recordRouter.get('/prescriptions/:patientId', requireAuth, async (req, res) => {
  ok(res, await patientPrescriptions(assertOwnPatientId(req, req.params.patientId)));
});

recordRouter.get('/prescriptions/:patientId/:prescriptionId/pdf', requireAuth, async (req, res) => {
  const uid = assertOwnPatientId(req, req.params.patientId);
  const { fileName, pdf } = await prescriptionPdf(uid, String(req.params.prescriptionId));
  sendFile(res, { name: fileName, contentType: 'application/pdf', bytes: pdf });
});

recordRouter.get('/lab-requests/:patientId', requireAuth, async (req, res) => {
  ok(res, await patientLabRequests(assertOwnPatientId(req, req.params.patientId)));
});

recordRouter.get('/appointments/:appointmentId/results/:fileId', requireAuth, async (req, res) => {
  const { uid } = callerOf(req);
  sendFile(res, await patientResultFile(uid, String(req.params.appointmentId), String(req.params.fileId)));
});

const NOT_A_CODE = `code must be the ${RX_CODE_LENGTH} letters and digits printed on the prescription (there is no 0, 1, I, L or O in a code).`;

/** Status changes (dispensed): never cached. */
recordRouter.get('/rx/:code', throttle(), async (req, res) => {
  res.set('Cache-Control', 'no-store');
  const code = normaliseRxCode(String(req.params.code));
  if (!code) throw badRequest(NOT_A_CODE);
  const prescription = await prescriptionByCode(code);
  if (!prescription)
    throw notFound(
      'No prescription has this code. Check it and try again: a code we did not issue is not a genuine ExpMed Health prescription.',
    );
  ok(res, rxCheckOf(prescription), `Prescription ${code} is genuine.`);
});
