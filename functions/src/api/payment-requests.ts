/**
 * The bodies of the subscription, order and payment requests: the server validates with
 * these and the site builds its requests from them. Imports only yup and siblings.
 */
import { array, number, object, type ObjectSchema } from 'yup';
import { CLIENT_REFERENCE } from './client-reference';
import { MAX_ORDER_QUANTITY } from './policy';
import { idField, requiredId, trimmed } from './request-fields';
import type { OrderRequest, PaymentReference, SubscribeRequest } from './types';

/** At most this many different products in one order. */
export const MAX_ORDER_LINES = 20;

/** patientId, when sent, must be the caller's own (the route checks it). */
const ownPatientId = { patientId: idField('Patient').optional() };

/** POST /payment/initiate, /payment/check: the record's 10-character clientReference. */
export const paymentReferenceSchema: ObjectSchema<PaymentReference> = object({
  clientReference: trimmed('Payment reference')
    .required('Payment reference is required.')
    .matches(CLIENT_REFERENCE, 'Payment reference must be 10 letters or digits.'),
});

/** PUT /subscriptions: the reference, and the caller's own patientId if sent. */
export const subscriptionCheckSchema = paymentReferenceSchema.shape(ownPatientId);

/** POST /subscriptions. */
export const subscribeSchema: ObjectSchema<SubscribeRequest & { patientId?: string }> = object({
  packageId: requiredId('Package'),
  ...ownPatientId,
});

/** POST /orders: products and how many; the server prices them. */
export const orderSchema: ObjectSchema<OrderRequest> = object({
  items: array(
    object({
      productId: requiredId('Product'),
      quantity: number()
        .label('Quantity')
        .typeError('Quantity must be a number.')
        .required('Quantity is required.')
        .integer('Quantity must be a whole number.')
        .min(1, 'Quantity must be at least 1.')
        .max(MAX_ORDER_QUANTITY, `Quantity can be at most ${MAX_ORDER_QUANTITY}.`),
    }),
  )
    .label('Products')
    .required('Products are required: choose at least one.')
    .min(1, 'Products: choose at least one.')
    .max(MAX_ORDER_LINES, `Products: at most ${MAX_ORDER_LINES} per order.`),
});
