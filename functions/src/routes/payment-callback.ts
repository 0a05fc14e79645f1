import { timingSafeEqual } from 'node:crypto';
import express from 'express';
import { logger } from 'firebase-functions';
import { send } from '../http/envelope';
import { isContended } from '../http/error-handler';
import { findPayable } from '../services/payments/payable';
import { confirmWithProvider } from '../services/payments/settlement';
import { PAYMENT_CALLBACK_SECRET } from '../config';
import { ProviderError } from '../provider/provider';
import type { Payer } from '../api/types';
import { chargeFailureOf, preapprovalDecisionOf } from '../provider/direct-debit';
import { decideMandate } from '../services/payments/direct-debit';
import { directDebitFailed, isDirectDebitCharge } from '../services/payments/direct-debit-charges';

/** Whether the URL's secret is the expected one (compared in constant time); never when none is set. */
export const sameSecret = (given: unknown, expected: string) => {
  if (typeof given !== 'string' || !expected) return false;
  const a = Buffer.from(given);
  const b = Buffer.from(expected);
  return a.length === b.length && timingSafeEqual(a, b);
};

interface CallbackData {
  ClientReference?: unknown;
  CustomerPhoneNumber?: unknown;
  PaymentDetails?: { Channel?: unknown };
}

/** The number and network the money came from, kept so a refund can go back there (the status API does not say). */
function payerOf(data: CallbackData | undefined): Payer | undefined {
  const phone = typeof data?.CustomerPhoneNumber === 'string' ? data.CustomerPhoneNumber.trim().slice(0, 20) : '';
  const channel = typeof data?.PaymentDetails?.Channel === 'string' ? data.PaymentDetails.Channel.trim().slice(0, 20) : '';
  return phone || channel ? { phone, channel } : undefined;
}

/**
 * The provider's callback (Hosting rewrite /payment/callback). Its body is only a hint: the
 * secret in the URL says the provider sent it, and the status API decides whether it is Paid.
 */
export function createCallbackApp(): express.Express {
  const app = express();
  app.disable('x-powered-by');
  app.use(express.json({ limit: '64kb' }));
  app.use(async (req, res) => {
    if (req.method !== 'POST') return send(res, 405, 'Only POST is accepted here.', null);
    if (!sameSecret(req.query.secret, PAYMENT_CALLBACK_SECRET.value())) {
      logger.warn('payment callback without the right secret', { ip: req.ip });
      return send(res, 401, 'This callback is not authorised.', null);
    }
    // A mandate approved or refused (docs/direct-debit.md): the same secret, told apart by `for`.
    if (req.query.for === 'preapproval') {
      const decision = preapprovalDecisionOf(req.body);
      if (!decision) return send(res, 400, 'This is not a preapproval callback.', null);
      const outcome = await decideMandate(decision);
      return send(res, outcome === 'unknown' ? 404 : 200, 'Callback received.', { outcome });
    }
    const data = (req.body as { Data?: CallbackData } | undefined)?.Data;
    const clientReference = typeof data?.ClientReference === 'string' ? data.ClientReference : '';
    const payable = clientReference ? await findPayable(clientReference).catch(() => undefined) : undefined;
    if (!payable) {
      logger.warn('payment callback for an unknown reference', { clientReference });
      return send(res, 404, 'No payment with that clientReference.', null);
    }
    try {
      const outcome = await confirmWithProvider(payable, payerOf(data));
      // A direct-debit charge that failed: retried or ended (the provider did not say Paid).
      const failure = chargeFailureOf(req.body);
      if (outcome === 'not-paid' && failure && isDirectDebitCharge(payable)) await directDebitFailed(payable, failure);
      send(res, 200, 'Callback received.', { outcome });
    } catch (err) {
      // The scheduled re-check will ask again; the provider may retry meanwhile.
      logger.error('payment callback could not be confirmed', { clientReference, error: String(err) });
      const status = err instanceof ProviderError ? 502 : isContended(err) ? 503 : 500;
      send(res, status, 'The payment could not be confirmed yet.', null);
    }
  });
  return app;
}
