import { Router } from 'express';
import { array, number, object, string, type ObjectSchema } from 'yup';
import { CLIENT_REFERENCE } from '../api/client-reference';
import type { OrderRequest, PaymentReference, SubscribeRequest } from '../api/types';
import { assertOwnPatientId, callerOf, requireAuth } from '../http/auth';
import { created, ok } from '../http/envelope';
import { bodyOf } from '../http/validate';
import { createOrder } from '../services/orders';
import { checkPayment, initiatePayment, plainRecord } from '../services/payments';
import { createSubscription, listSubscriptions, subscriptionView } from '../services/subscriptions';

/** Packages bought, shop orders and their payments. Amounts and Paid are the server's alone. */
export const paymentsRouter = Router();

const referenceSchema: ObjectSchema<PaymentReference> = object({
  clientReference: string()
    .trim()
    .required('clientReference is required.')
    .matches(CLIENT_REFERENCE, 'clientReference must be 10 letters or digits.'),
});

/** patientId, when sent, must be the caller's own. */
const subscribeSchema: ObjectSchema<SubscribeRequest & { patientId?: string }> = object({
  packageId: string().trim().required('packageId is required.').max(100, 'packageId is too long.'),
  patientId: string().optional(),
});

const orderSchema: ObjectSchema<OrderRequest> = object({
  items: array(
    object({
      productId: string().trim().required('items: productId is required.').max(100, 'items: productId is too long.'),
      quantity: number()
        .typeError('items: quantity must be a number.')
        .required('items: quantity is required.')
        .integer('items: quantity must be a whole number.')
        .min(1, 'items: quantity must be at least 1.')
        .max(100, 'items: quantity can be at most 100.'),
    }),
  )
    .required('items is required.')
    .min(1, 'items: choose at least one product.')
    .max(20, 'items: at most 20 products per order.'),
});

paymentsRouter.post('/subscriptions', requireAuth, async (req, res) => {
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
paymentsRouter.put('/subscriptions', requireAuth, async (req, res) => {
  const { clientReference, patientId } = await bodyOf(req, referenceSchema.shape({ patientId: string().optional() }));
  assertOwnPatientId(req, patientId);
  const { kind, record } = await checkPayment(callerOf(req).uid, clientReference);
  if (kind !== 'subscription') return ok(res, plainRecord(record), 'Checked with the payment provider.');
  ok(res, subscriptionView(String(record.id), record), 'Checked with the payment provider.');
});

paymentsRouter.post('/payment/initiate', requireAuth, async (req, res) => {
  const { clientReference } = await bodyOf(req, referenceSchema);
  ok(res, await initiatePayment(callerOf(req).uid, clientReference), 'Checkout started.');
});

paymentsRouter.post('/payment/check', requireAuth, async (req, res) => {
  const { clientReference } = await bodyOf(req, referenceSchema);
  const { kind, record } = await checkPayment(callerOf(req).uid, clientReference);
  const msg = record.paymentStatus === 'Paid' ? 'The payment has been received.' : 'The payment has not been received yet.';
  ok(res, { kind, ...plainRecord(record) }, msg);
});

paymentsRouter.post('/orders', requireAuth, async (req, res) => {
  const { items } = await bodyOf(req, orderSchema);
  created(res, await createOrder(callerOf(req), items), 'Your order was created. Complete the payment to confirm it.');
});
