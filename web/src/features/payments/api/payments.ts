import { object, string, type ObjectSchema } from 'yup';
import { CLIENT_REFERENCE } from '@api/client-reference';
import type { Checkout, PayableKind, PaymentReference } from '@api/types';
import { api } from '@/lib/api-client';

/** Every payment request names the record by its 10-character clientReference. */
export const paymentReferenceSchema: ObjectSchema<PaymentReference> = object({
  clientReference: string()
    .trim()
    .required('clientReference is required.')
    .matches(CLIENT_REFERENCE, 'clientReference must be 10 letters or digits.'),
});

/** The record after the server asked the provider; only the server ever sets Paid. */
export interface CheckedPayment {
  kind: PayableKind;
  paymentStatus: 'Paid' | 'Unpaid';
  clientReference: string;
  [field: string]: unknown;
}

export const initiatePayment = (body: PaymentReference) => api.post<Checkout>('/payment/initiate', body, { auth: true });

export const checkPayment = (body: PaymentReference) => api.post<CheckedPayment>('/payment/check', body, { auth: true });
