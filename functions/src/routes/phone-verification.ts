import { Router } from 'express';
import { phoneVerifySchema } from '../api/account-requests';
import { assertOwnPatientId, requireAuth } from '../http/auth';
import { ok } from '../http/envelope';
import { checkIdParams } from '../http/ids';
import { CALLER_LIMITS, throttleCaller } from '../http/rate-limit';
import { bodyOf } from '../http/validate';
import { clinicClaimSentence } from '../api/front-desk';
import type { ClaimResult } from '../services/patients/clinic-patients';
import { sendPhoneCode, verifyPhone } from '../services/patients/phone-verification';

/**
 * Confirming the patient's own phone number with a code sent to it by SMS (the owner only).
 * Sends and tries share the verification budget per user (CALLER_LIMITS) on top of the
 * service's own limits per number and account (api/policy.ts PHONE_CODE_SENDS_PER_HOUR).
 */
/** What the answer adds about the clinic's records under the number: moved, or why not. */
function claimSentence(claim: ClaimResult | undefined): string {
  if (claim?.state) return clinicClaimSentence(claim.state);
  if (!claim?.claimed.length) return '';
  const n = claim.appointments;
  return `The clinic's record for this number is now in your account${n ? `, with ${n} ${n === 1 ? 'appointment' : 'appointments'}` : ''}.`;
}

export const phoneVerificationRouter = checkIdParams(Router());

const verification = [requireAuth, throttleCaller(CALLER_LIMITS.verification)];

phoneVerificationRouter.post('/patient/:patientId/phone/code', ...verification, async (req, res) => {
  const sent = await sendPhoneCode(assertOwnPatientId(req, req.params.patientId));
  ok(res, sent, `We have sent a 6-digit code by SMS to ${sent.maskedNumber}.`);
});

phoneVerificationRouter.post('/patient/:patientId/phone/verify', ...verification, async (req, res) => {
  const uid = assertOwnPatientId(req, req.params.patientId);
  const { code } = await bodyOf(req, phoneVerifySchema);
  const { patient, claim } = await verifyPhone(uid, code);
  ok(res, patient, ['Your phone number is confirmed.', claimSentence(claim)].filter(Boolean).join(' '));
});
