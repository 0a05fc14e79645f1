import { Router } from 'express';
import { orderSchema, paymentReferenceSchema, subscribeSchema, subscriptionCheckSchema } from '../api/payment-requests';
import { withoutStaffOnly } from '../api/record';
import { assertOwnPatientId, callerOf, PATIENT_CACHE_CONTROL, requireActivePatient, requireAuth } from '../http/auth';
import { created, ok } from '../http/envelope';
import { checkIdParams } from '../http/ids';
import { BUSY, CALLER_LIMITS, takeSlot, throttleCaller, TOO_MANY, type CallerLimit } from '../http/rate-limit';
import { bodyOf } from '../http/validate';
import { createOrder } from '../services/orders/orders';
import { initiatePayment } from '../services/payments/checkout';
import { checkPayment } from '../services/payments/recheck';
import { paymentReturn } from '../services/payments/payment-return';
import { badRequest, HttpError } from '../http/errors';
import { CLIENT_REFERENCE } from '../api/client-reference';
import { createSubscription, listSubscriptions, subscriptionView } from '../services/packages/subscriptions';
import { subscriptionPayable } from '../services/packages/subscription-periods';
import { recordOf } from '../services/payments/payable';
import { PAYMENT_STATUS } from '../api/types';

/** Packages bought, shop orders and their payments. Amounts and Paid are the server's alone. */
export const paymentsRouter = checkIdParams(Router());

/** Subscribing, ordering and paying: an Activated patient only, within their budget for each. */
const activePatient = (limit: CallerLimit) => [requireAuth, requireActivePatient, throttleCaller(limit)];

paymentsRouter.post('/subscriptions', ...activePatient(CALLER_LIMITS.subscriptions), async (req, res) => {
  const { packageId, patientId } = await bodyOf(req, subscribeSchema);
  assertOwnPatientId(req, patientId);
  const { subscription, created: isNew } = await createSubscription(callerOf(req), packageId);
  if (isNew) created(res, subscription, 'Your subscription was created. Complete the payment to activate it.');
  else ok(res, subscription, 'You already have an unpaid subscription to this package: complete its payment.');
});

paymentsRouter.get('/subscriptions/:patientId', requireAuth, async (req, res) => {
  ok(res, await listSubscriptions(assertOwnPatientId(req, req.params.patientId)));
});

/** Never takes Paid (or an amount) from the browser: it asks the provider, like /payment/check. */
paymentsRouter.put('/subscriptions', ...activePatient(CALLER_LIMITS.payments), async (req, res) => {
  const { clientReference, patientId } = await bodyOf(req, subscriptionCheckSchema);
  assertOwnPatientId(req, patientId);
  const { kind, record } = await checkPayment(callerOf(req).uid, clientReference);
  const subscription = recordOf(subscriptionPayable, { kind, data: record });
  if (!subscription) return ok(res, withoutStaffOnly(record), 'Checked with the payment provider.');
  ok(res, subscriptionView(String(record.id), subscription), 'Checked with the payment provider.');
});

paymentsRouter.post('/payment/initiate', ...activePatient(CALLER_LIMITS.payments), async (req, res) => {
  const { clientReference } = await bodyOf(req, paymentReferenceSchema);
  ok(res, await initiatePayment(callerOf(req).uid, clientReference), 'Checkout started.');
});

paymentsRouter.post('/payment/check', ...activePatient(CALLER_LIMITS.payments), async (req, res) => {
  const { clientReference } = await bodyOf(req, paymentReferenceSchema);
  const { kind, record } = await checkPayment(callerOf(req).uid, clientReference);
  const msg =
    record.paymentStatus === PAYMENT_STATUS.Paid ? 'The payment has been received.' : 'The payment has not been received yet.';
  ok(res, { kind, ...withoutStaffOnly(record) }, msg);
});

/** How often the return page may ask about one payment: the page asks about every 5 s while waiting. */
export const PAYMENT_RETURNS_PER_MINUTE = 30;

/** Questions about references nobody holds, from everyone together a minute: past it, those get 429. */
export const paymentReturnMisses = { perMinute: 300 };

const MINUTE_MS = 60_000;

/**
 * The page the provider sends the payer back to asks what became of the payment: no sign-in (a
 * texted link is opened on any phone), so it says only the outcome and its date, never who or what.
 * Its limits are the payment's own (docs/security.md 'The client's address'): a patient polling
 * their payment is never refused for someone else's traffic, not even behind a shared address
 * (a carrier's NAT, a front end); only questions about references nobody holds share a budget.
 */
paymentsRouter.get('/payment/return/:clientReference', async (req, res) => {
  res.set('Cache-Control', PATIENT_CACHE_CONTROL);
  const clientReference = String(req.params.clientReference);
  if (!CLIENT_REFERENCE.test(clientReference)) throw badRequest('The payment reference must be 10 letters or digits.');
  if (!(await takeSlot(`payment-return:${clientReference}`, PAYMENT_RETURNS_PER_MINUTE, MINUTE_MS)))
    throw new HttpError(429, TOO_MANY);
  try {
    const { answer, msg } = await paymentReturn(clientReference, req.query.status === 'cancelled' ? 'cancelled' : 'success');
    ok(res, answer, msg);
  } catch (err) {
    if (
      err instanceof HttpError &&
      err.status === 404 &&
      !(await takeSlot('payment-return:misses', paymentReturnMisses.perMinute, MINUTE_MS))
    )
      throw new HttpError(429, BUSY);
    throw err;
  }
});

paymentsRouter.post('/orders', ...activePatient(CALLER_LIMITS.orders), async (req, res) => {
  const { items } = await bodyOf(req, orderSchema);
  created(res, await createOrder(callerOf(req), items), 'Your order was created. Complete the payment to confirm it.');
});
