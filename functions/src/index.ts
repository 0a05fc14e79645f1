import { setGlobalOptions } from 'firebase-functions/v2';
import { onRequest } from 'firebase-functions/v2/https';
import { onSchedule } from 'firebase-functions/v2/scheduler';
import { createApp } from './app';
import { REGION } from './config';
import { createCallbackApp } from './payments/callback';
import { PAYMENT_SECRETS } from './payments/config';
import { NEWSLETTER_SECRET } from './services/newsletter';
import { recheckRecentPayments } from './services/payments';

setGlobalOptions({ region: REGION, maxInstances: 10 });

/** The whole API: one Express app behind Hosting's /api/** rewrite. */
export const api = onRequest({ secrets: [...PAYMENT_SECRETS, NEWSLETTER_SECRET] }, createApp());

/** The payment provider's callback, behind Hosting's /payment/callback rewrite. */
export const paymentCallback = onRequest({ secrets: PAYMENT_SECRETS }, createCallbackApp());

/** Mobile-money callbacks can be lost: ask the provider again about recent unpaid checkouts. */
export const paymentRecheck = onSchedule({ schedule: 'every 15 minutes', secrets: PAYMENT_SECRETS }, async () => {
  await recheckRecentPayments();
});
