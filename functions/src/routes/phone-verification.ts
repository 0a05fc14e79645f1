import { Router } from 'express';
import { phoneVerifySchema } from '../api/account-requests';
import { assertOwnPatientId, requireAuth } from '../http/auth';
import { ok } from '../http/envelope';
import { checkIdParams } from '../http/ids';
import { CALLER_LIMITS, throttleCaller } from '../http/rate-limit';
import { bodyOf } from '../http/validate';
import { sendPhoneCode, verifyPhone } from '../services/patients/phone-verification';

/**
 * Confirming the patient's own phone number with a code sent to it by SMS (the owner only).
 * Sends and tries share the verification budget per user (CALLER_LIMITS) on top of the
 * service's own limits per number and account (api/policy.ts PHONE_CODE_SENDS_PER_HOUR).
 */
export const phoneVerificationRouter = checkIdParams(Router());

const verification = [requireAuth, throttleCaller(CALLER_LIMITS.verification)];

phoneVerificationRouter.post('/patient/:patientId/phone/code', ...verification, async (req, res) => {
  const sent = await sendPhoneCode(assertOwnPatientId(req, req.params.patientId));
  ok(res, sent, `We have sent a 6-digit code by SMS to ${sent.maskedNumber}.`);
});

phoneVerificationRouter.post('/patient/:patientId/phone/verify', ...verification, async (req, res) => {
  const uid = assertOwnPatientId(req, req.params.patientId);
  const { code } = await bodyOf(req, phoneVerifySchema);
  ok(res, await verifyPhone(uid, code), 'Your phone number is confirmed.');
});
