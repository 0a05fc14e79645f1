import { Router } from 'express';
import { dependantSchema, subscriptionIdSchema } from '../api/subscription-requests';
import { assertOwnPatientId, callerOf, requireActivePatient, requireAuth } from '../http/auth';
import { created, ok } from '../http/envelope';
import { checkIdParams } from '../http/ids';
import { CALLER_LIMITS, throttleCaller } from '../http/rate-limit';
import { bodyOf } from '../http/validate';
import { addDependant, listDependants, removeDependant } from '../services/packages/dependants';
import { cancelSubscription, renewSubscription } from '../services/packages/subscriptions';
import { formatDate, formatGhs } from '../api/format';

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
  ok(res, subscription, `Your package will not renew. Its benefits last until ${formatDate(subscription.periodEnd)}.`);
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
