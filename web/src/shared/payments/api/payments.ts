import type { Checkout, PayableKind, PaymentReference, PaymentStatus } from '@api/types';
import { api } from '@/lib/api-client';

/** The record after the server asked the provider; only the server ever sets Paid. */
export interface CheckedPayment {
  kind: PayableKind;
  paymentStatus: Exclude<PaymentStatus, 'Not Applicable'>;
  clientReference: string;
  [field: string]: unknown;
}

export const initiatePayment = (body: PaymentReference) => api.post<Checkout>('/payment/initiate', body, { auth: true });

export const checkPayment = (body: PaymentReference) => api.post<CheckedPayment>('/payment/check', body, { auth: true });
