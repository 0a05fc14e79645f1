import { Router } from 'express';
import {
  autorenewNumberSchema,
  autorenewOtpSchema,
  autorenewSchema,
  dependantSchema,
  subscriptionIdSchema,
} from '../api/subscription-requests';
import { assertOwnPatientId, callerOf, requireActivePatient, requireAuth } from '../http/auth';
import { created, ok } from '../http/envelope';
import { checkIdParams } from '../http/ids';
import { CALLER_LIMITS, throttleCaller } from '../http/rate-limit';
import { bodyOf } from '../http/validate';
import { addDependant, listDependants, removeDependant } from '../services/packages/dependants';
import { cancelSubscription, renewSubscription } from '../services/packages/subscriptions';
import { formatDate, formatGhs } from '../api/format';
import { approveInstructions } from '../api/direct-debit';
import {
  cancelAutorenew,
  sendMandateNumberCode,
  startAutorenew,
  stopMandateOfCancelledPackage,
  verifyAutorenew,
} from '../services/packages/direct-debit';

/** Packages over time (renew, cancel) and the people a patient books for under Family Care. */
export const subscriptionsRouter = checkIdParams(Router());

/** Like subscribing: an Activated patient only, within the subscriptions budget. */
const activePatient = [requireAuth, requireActivePatient, throttleCaller(CALLER_LIMITS.subscriptions)];

subscriptionsRouter.post('/subscriptions/renew', ...activePatient, async (req, res) => {
  const { subscriptionId } = await bodyOf(req, subscriptionIdSchema);
  const renewal = await renewSubscription(callerOf(req), subscriptionId);
  ok(res, renewal, `Renewal for ${formatGhs(renewal.amount)} ready: complete the payment to extend your package.`);
});

subscriptionsRouter.post('/subscriptions/cancel', ...activePatient, async (req, res) => {
  const { subscriptionId } = await bodyOf(req, subscriptionIdSchema);
  const subscription = await cancelSubscription(callerOf(req).uid, subscriptionId);
  await stopMandateOfCancelledPackage(subscriptionId);
  ok(res, subscription, `Your package will not renew. Its benefits last until ${formatDate(subscription.periodEnd)}.`);
});

/** Renewal by mobile-money direct debit (docs/direct-debit.md): start, approve by OTP, stop. */
subscriptionsRouter.post('/subscriptions/autorenew', ...activePatient, async (req, res) => {
  const answer = await startAutorenew(callerOf(req).uid, await bodyOf(req, autorenewSchema));
  ok(res, answer, approveInstructions(answer.verificationType, answer.mandate.maskedNumber));
});

/** A number other than the confirmed phone: a code texted to it proves it before the opt-in names it. */
subscriptionsRouter.post('/subscriptions/autorenew/number-code', ...activePatient, async (req, res) => {
  const { msisdn } = await bodyOf(req, autorenewNumberSchema);
  const sent = await sendMandateNumberCode(callerOf(req).uid, msisdn);
  ok(res, sent, `We have sent a 6-digit code by SMS to ${sent.maskedNumber}. Type it here to renew from that number.`);
});

subscriptionsRouter.post('/subscriptions/autorenew/verify', ...activePatient, async (req, res) => {
  const { otp } = await bodyOf(req, autorenewOtpSchema);
  const mandate = await verifyAutorenew(callerOf(req).uid, otp);
  ok(res, { mandate }, `Approved: your package renews automatically from ${mandate.maskedNumber}.`);
});

subscriptionsRouter.post('/subscriptions/autorenew/cancel', ...activePatient, async (req, res) => {
  const mandate = await cancelAutorenew(callerOf(req).uid);
  ok(res, { mandate }, `Automatic renewal is off: nothing more will be taken from ${mandate.maskedNumber}.`);
});

subscriptionsRouter.get('/patient/:patientId/dependants', requireAuth, async (req, res) => {
  ok(res, await listDependants(assertOwnPatientId(req, req.params.patientId)));
});

subscriptionsRouter.post('/patient/:patientId/dependants', ...activePatient, async (req, res) => {
  const uid = assertOwnPatientId(req, req.params.patientId);
  const input = await bodyOf(req, dependantSchema);
  created(res, await addDependant(uid, input), `${input.firstName} ${input.lastName} was added to your family list.`);
});

subscriptionsRouter.delete('/patient/:patientId/dependants/:dependantId', ...activePatient, async (req, res) => {
  const uid = assertOwnPatientId(req, req.params.patientId);
  await removeDependant(uid, String(req.params.dependantId));
  ok(res, null, 'The person was removed from your family list.');
});
