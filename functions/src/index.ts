import { logger } from 'firebase-functions';
import { setGlobalOptions } from 'firebase-functions/v2';
import { onRequest } from 'firebase-functions/v2/https';
import { onSchedule } from 'firebase-functions/v2/scheduler';
import { createApp } from './app';
import './payables';
import {
  API_SECRETS,
  FUNCTIONS_SERVICE_ACCOUNT,
  MAIL_SECRETS,
  NOTICE_SECRETS,
  PAYMENT_SECRETS,
  REGION,
  SMS_SECRETS,
  USSD_GATEWAY_KEY,
  VPC_CONNECTOR,
  VPC_EGRESS,
} from './config';
import { sendDueFollowUps } from './notifications/follow-ups';
import { sendDueReminders } from './notifications/reminders';
import { sweepMail } from './notifications/mail-sender';
import { sweepSms } from './notifications/sms-sender';
import { createCallbackApp } from './routes/payment-callback';
import { createUssdApp } from './routes/ussd';
import { expireLapsedHolds } from './services/booking/holds';
import { recheckRecentPayments } from './services/payments/recheck';
import { runSubscriptionCalendar } from './services/packages/subscription-calendar';
import { runDirectDebits } from './services/packages/direct-debit-charges';

// With VPC_CONNECTOR set, all egress leaves by the static IP the provider whitelists; unset, firebase deploy applies no connector.
setGlobalOptions({
  region: REGION,
  maxInstances: 10,
  serviceAccount: FUNCTIONS_SERVICE_ACCOUNT,
  vpcConnector: VPC_CONNECTOR,
  vpcConnectorEgressSettings: VPC_EGRESS,
});

/** The whole API: one Express app behind Hosting's /api/** rewrite. */
export const api = onRequest({ secrets: API_SECRETS }, createApp());

/** The payment provider's callbacks, behind Hosting's /payment/callback/** rewrite (each URL carries its payment's token). */
export const paymentCallback = onRequest({ secrets: [...PAYMENT_SECRETS, ...NOTICE_SECRETS] }, createCallbackApp());

/**
 * The USSD service and its checkout's fulfilment (docs/ussd.md), behind Hosting's /ussd/** rewrite
 * (the gateway key in the path). One instance is kept warm: Hubtel gives up on an answer after 5 s,
 * and a cold start (loading the app, the first Firestore connection) puts that at risk.
 */
export const ussd = onRequest(
  { minInstances: 1, secrets: [USSD_GATEWAY_KEY, ...PAYMENT_SECRETS, ...NOTICE_SECRETS] },
  createUssdApp(),
);

/** The scheduled run's timeout; its work stops starting new provider calls a margin before it. */
const RECHECK_TIMEOUT_SECONDS = 300;
const RECHECK_MARGIN_MS = 60_000;

/**
 * Every 15 minutes: unpaid holds that lapsed become Expired (freeing their slots), then the
 * provider is asked again about recent checkouts not Paid (callbacks can be lost). Both are
 * paginated, a few provider calls at a time, and stop at the time budget; the next run goes on.
 */
export const paymentRecheck = onSchedule(
  { schedule: 'every 15 minutes', timeoutSeconds: RECHECK_TIMEOUT_SECONDS, secrets: [...PAYMENT_SECRETS, ...NOTICE_SECRETS] },
  async () => {
    const deadline = Date.now() + RECHECK_TIMEOUT_SECONDS * 1000 - RECHECK_MARGIN_MS;
    const holds = await expireLapsedHolds({ deadline });
    const payments = await recheckRecentPayments({ deadline });
    logger.info('payment re-check', { holds, payments });
  },
);

/**
 * Every hour: direct debits give their notice and make their charges (docs/direct-debit.md), then
 * package periods that ended become Expired, and renewal reminders go out (each once).
 */
export const subscriptionCalendar = onSchedule(
  { schedule: 'every 60 minutes', timeoutSeconds: 300, secrets: [...PAYMENT_SECRETS, ...NOTICE_SECRETS] },
  async () => {
    const directDebits = await runDirectDebits({ deadline: Date.now() + 120_000 });
    const result = await runSubscriptionCalendar({ deadline: Date.now() + 120_000 });
    logger.info('subscription calendar', { directDebits, result });
  },
);
/**
 * Every minute: SMS still Queued past their next attempt (a send after its commit that did not
 * finish, a retry after a transient failure) or Sending past their lease are sent.
 */
export const smsSweep = onSchedule({ schedule: 'every 1 minutes', timeoutSeconds: 120, secrets: SMS_SECRETS }, async () => {
  const result = await sweepSms({ deadline: Date.now() + 90_000 });
  if (result.looked) logger.info('sms sweep', { result });
});

/**
 * Every minute: mails not sent yet past their next attempt (a send after its commit that did not
 * finish, a retry after the mail server refused for now) or being sent past their lease are sent.
 */
export const mailSweep = onSchedule({ schedule: 'every 1 minutes', timeoutSeconds: 120, secrets: MAIL_SECRETS }, async () => {
  const result = await sweepMail({ deadline: Date.now() + 90_000 });
  if (result.looked) logger.info('mail sweep', { result });
});

/**
 * Every 5 minutes: the 24-hour and 2-hour reminders now due, each once (notifications/reminders.ts),
 * then the follow-ups doctors suggested (notifications/follow-ups.ts).
 */
export const appointmentReminders = onSchedule(
  { schedule: 'every 5 minutes', timeoutSeconds: 240, secrets: NOTICE_SECRETS },
  async () => {
    const result = await sendDueReminders({ deadline: Date.now() + 150_000 });
    const followUps = await sendDueFollowUps({ deadline: Date.now() + 30_000 });
    logger.info('appointment reminders', { result, followUps });
  },
);
