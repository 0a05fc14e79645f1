import type { AutorenewAnswer, MandateView } from '@api/direct-debit';
import type { AutorenewRequest } from '@api/subscription-requests';
import type { PhoneCodeSent } from '@/shared/patient/patient';
import type { Renewal } from '@api/subscriptions-contract';
import type { SubscribeRequest, SubscriptionView } from '@api/types';
import { api } from '@/lib/api-client';

/**
 * Subscribes the caller to a package: the Free package starts its trial at once (paymentStatus
 * 'Trial'); a paid one is created Unpaid (or the Unpaid one that exists is returned) to be paid.
 */
export const subscribeToPackage = (body: SubscribeRequest) => api.post<SubscriptionView>('/subscriptions', body, { auth: true });

/** The next period's payment (open from 5 days before periodEnd); paid through the checkout like any other. */
export const renewSubscription = (subscriptionId: string) =>
  api.post<Renewal>('/subscriptions/renew', { subscriptionId }, { auth: true });

/** Stops renewal; the package runs to the end of the period already paid. */
export const cancelRenewal = (subscriptionId: string) =>
  api.post<SubscriptionView>('/subscriptions/cancel', { subscriptionId }, { auth: true });

/** Renewal by mobile-money direct debit (docs/direct-debit.md): starts the mandate; the answer says how to approve it. */
export const startAutorenew = (body: AutorenewRequest) =>
  api.post<AutorenewAnswer>('/subscriptions/autorenew', body, { auth: true });

/** A number other than the confirmed phone: a code texted to it, which the opt-in then carries. */
export const sendAutorenewNumberCode = (msisdn: string) =>
  api.post<PhoneCodeSent>('/subscriptions/autorenew/number-code', { msisdn }, { auth: true });

/** The code the network sent by SMS, for an OTP approval. */
export const verifyAutorenew = (otp: string) =>
  api.post<{ mandate: MandateView }>('/subscriptions/autorenew/verify', { otp }, { auth: true });

/** One tap: no more charges. */
export const cancelAutorenew = () => api.post<{ mandate: MandateView }>('/subscriptions/autorenew/cancel', {}, { auth: true });
