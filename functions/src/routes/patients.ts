import { Router } from 'express';
import { loginSchema, patientUpdateSchema, registerSchema, resendSchema, verifySchema } from '../api/account-requests';
import { assertOwnPatientId, callerOf, PATIENT_CACHE_CONTROL, requireAuth, requireRecentSignIn } from '../http/auth';
import { created, ok } from '../http/envelope';
import { checkIdParams } from '../http/ids';
import { CALLER_LIMITS, throttleCaller } from '../http/rate-limit';
import { bodyOf } from '../http/validate';
import { eraseAccount } from '../services/patients/erasure';
import { phonePinState, resetPhonePin } from '../services/patients/phone-pin';
import {
  getConsents,
  getPatient,
  recordLogin,
  registerPatient,
  resendCode,
  updatePatient,
  verifyPatient,
  withdrawMarketingConsent,
} from '../services/patients/patients';

/** Patient accounts: every route is the caller's own record (the token's uid). */
export const patientsRouter = checkIdParams(Router());

/** Code tries and resends share one budget per user, on top of the code's own limits. */
const verification = [requireAuth, throttleCaller(CALLER_LIMITS.verification)];

patientsRouter.post('/patient', requireAuth, async (req, res) => {
  const input = await bodyOf(req, registerSchema);
  assertOwnPatientId(req, input.patientId);
  const patient = await registerPatient(callerOf(req), input);
  created(res, patient, 'Your account was created. We have e-mailed you a verification code.');
});

patientsRouter.get('/patient/:patientId', requireAuth, async (req, res) => {
  const uid = assertOwnPatientId(req, req.params.patientId);
  ok(res, await getPatient(uid));
});

/** The patient corrects their details; e-mail, status, role and ids are not theirs to set (dropped by the schema). */
patientsRouter.put('/patient/:patientId', requireAuth, async (req, res) => {
  const uid = assertOwnPatientId(req, req.params.patientId);
  const update = await bodyOf(req, patientUpdateSchema);
  ok(res, await updatePatient(uid, update), 'Your details have been saved.');
});

/** Deleting the account is for ever: the password must have been typed in the last few minutes. */
patientsRouter.delete('/patient/:patientId', requireAuth, requireRecentSignIn, async (req, res) => {
  const uid = assertOwnPatientId(req, req.params.patientId);
  await eraseAccount(uid, callerOf(req).email);
  ok(res, null, 'Your account has been deleted. We have e-mailed you a confirmation.');
});

patientsRouter.get('/patient/:patientId/consents', requireAuth, async (req, res) => {
  ok(res, await getConsents(assertOwnPatientId(req, req.params.patientId)));
});

/** Withdrawing marketing consent deletes the account e-mail's newsletter entry. */
patientsRouter.delete('/patient/:patientId/consents/marketing', requireAuth, async (req, res) => {
  const consents = await withdrawMarketingConsent(assertOwnPatientId(req, req.params.patientId));
  ok(res, consents, 'You will receive no more newsletters: your e-mail address has been removed from our list.');
});

/** The PIN for changes by phone (docs/ussd.md 'The PIN'): whether one is set or locked, never the PIN. */
patientsRouter.get('/patient/:patientId/phone-pin', requireAuth, async (req, res) => {
  res.set('Cache-Control', PATIENT_CACHE_CONTROL);
  ok(res, { state: await phonePinState(assertOwnPatientId(req, req.params.patientId)) });
});

/** Forgets the PIN (locked, or forgotten): the next change by phone sets a new one. */
patientsRouter.delete('/patient/:patientId/phone-pin', requireAuth, async (req, res) => {
  const uid = assertOwnPatientId(req, req.params.patientId);
  await resetPhonePin(uid);
  ok(res, { state: 'none' }, 'Your phone PIN is reset. The next time you make a change by phone, you choose a new one.');
});

patientsRouter.put('/patient', requireAuth, async (req, res) => {
  const { patientId } = await bodyOf(req, loginSchema);
  ok(res, await recordLogin(assertOwnPatientId(req, patientId)), 'Last login saved.');
});

patientsRouter.post('/auth/verifypatient', ...verification, async (req, res) => {
  const { patientId, uniqueCode } = await bodyOf(req, verifySchema);
  const patient = await verifyPatient(assertOwnPatientId(req, patientId), uniqueCode);
  ok(res, patient, 'Your account is verified.');
});

patientsRouter.post('/auth/patient', ...verification, async (req, res) => {
  const { patientId } = await bodyOf(req, resendSchema);
  await resendCode(assertOwnPatientId(req, patientId));
  ok(res, null, 'A new verification code is on its way to your e-mail.');
});
