import { Router, type Request } from 'express';
import {
  normaliseRxCode,
  recordOpeningsQuerySchema,
  RX_CODE_LENGTH,
  RX_OLD_CODE_LENGTH,
  rxDispenseSchema,
  rxProofSchema,
} from '../api/record';
import { assertOwnPatientId, callerOf, requireAuth } from '../http/auth';
import { ok } from '../http/envelope';
import { badRequest } from '../http/errors';
import { sendFile } from '../http/file';
import { checkIdParams } from '../http/ids';
import { clientAt, throttle } from '../http/rate-limit';
import { bodyOf, validateBody } from '../http/validate';
import { patientLabRequests } from '../services/record/lab-requests';
import { recordOpenings } from '../services/record/record-openings';
import { patientPrescriptions, prescriptionPdf } from '../services/record/prescriptions';
import { checkRx, dispenseRx, type RxCaller, rxItems, rxVerdict } from '../services/record/rx-check';
import { patientResultFile } from '../services/record/results';

/**
 * The patient's side of the record (docs/record.md): their prescriptions (and each as a
 * PDF), lab requests, result files and who opened their record, each only to its owner; and the public check a
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

/** Who opened the caller's record, when and through which appointment (from the audit log), newest first, by pages. */
recordRouter.get('/patient/:patientId/record-openings', requireAuth, async (req, res) => {
  const uid = assertOwnPatientId(req, req.params.patientId);
  const { cursor } = await validateBody(recordOpeningsQuerySchema, { ...req.query });
  ok(res, await recordOpenings(uid, cursor));
});

recordRouter.get('/appointments/:appointmentId/results/:fileId', requireAuth, async (req, res) => {
  const { uid } = callerOf(req);
  sendFile(res, await patientResultFile(uid, String(req.params.appointmentId), String(req.params.fileId)));
});

const NOT_A_CODE = `Prescription code must be the ${RX_CODE_LENGTH} letters and digits printed on the prescription (older ones have ${RX_OLD_CODE_LENGTH}; there is no 0, 1, I, L or O in a code).`;

/** A pharmacy on the website: its address, unless that is a front end many share (http/rate-limit.ts clientAt). */
const webChecker = (req: Request): RxCaller => {
  const client = clientAt(req);
  return { channel: 'web', ...(client.shared ? {} : { client: client.address }) };
};

const rxCodeOf = (req: Request) => {
  const code = normaliseRxCode(String(req.params.code));
  if (!code) throw badRequest(NOT_A_CODE);
  return code;
};

/** Per client a minute, apart from the forms: a busy pharmacy checks many (misses are limited apart, services/record/rx-check.ts). */
export const RX_CHECKS_PER_MINUTE = 30;

/** The pharmacy's check (docs/record.md 'Checking a code'). Status changes (dispensed): never cached. */
recordRouter.get('/rx/:code', throttle(RX_CHECKS_PER_MINUTE, 'rx'), async (req, res) => {
  res.set('Cache-Control', 'no-store');
  const code = rxCodeOf(req);
  const check = await checkRx(webChecker(req), code);
  ok(res, check, rxVerdict(code, check));
});

recordRouter.post('/rx/:code/items', throttle(RX_CHECKS_PER_MINUTE, 'rx'), async (req, res) => {
  res.set('Cache-Control', 'no-store');
  const code = rxCodeOf(req);
  const proof = await bodyOf(req, rxProofSchema);
  const items = await rxItems(webChecker(req), code, proof);
  ok(res, items, rxVerdict(code, items));
});

recordRouter.post('/rx/:code/dispense', throttle(RX_CHECKS_PER_MINUTE, 'rx'), async (req, res) => {
  const code = rxCodeOf(req);
  const body = await bodyOf(req, rxDispenseSchema);
  const check = await dispenseRx(webChecker(req), code, body);
  ok(res, check, `Prescription ${code} is now marked dispensed by ${body.pharmacy}.`);
});
