import { setGlobalOptions } from 'firebase-functions/v2';
import { onRequest } from 'firebase-functions/v2/https';
import { onSchedule } from 'firebase-functions/v2/scheduler';
import { createApp } from './app';
import { API_SECRETS, PAYMENT_SECRETS, REGION } from './config';
import { createCallbackApp } from './payments/callback';
import { recheckRecentPayments } from './services/payments';

setGlobalOptions({ region: REGION, maxInstances: 10 });

/** The whole API: one Express app behind Hosting's /api/** rewrite. */
export const api = onRequest({ secrets: API_SECRETS }, createApp());

/** The payment provider's callback, behind Hosting's /payment/callback rewrite. */
export const paymentCallback = onRequest({ secrets: PAYMENT_SECRETS }, createCallbackApp());

/** Mobile-money callbacks can be lost: ask the provider again about recent unpaid checkouts. */
export const paymentRecheck = onSchedule({ schedule: 'every 15 minutes', secrets: PAYMENT_SECRETS }, async () => {
  await recheckRecentPayments();
});
