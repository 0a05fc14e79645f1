import express, { type RequestHandler } from 'express';
import { logger } from 'firebase-functions';
import { send } from '../http/envelope';
import { errorHandler, isContended } from '../http/error-handler';
import { bodyLimit } from '../http/body-limit';
import { type CallbackPurpose, isCallbackToken } from '../http/gateway';
import { findPayable } from '../services/payments/payable';
import { confirmWithProvider } from '../services/payments/settlement';
import { PAYMENT_CALLBACK_SECRET } from '../config';
import { ProviderError } from '../provider/provider';
import type { Payer } from '../api/types';
import { chargeFailureOf, preapprovalDecisionOf } from '../provider/direct-debit';
import { confirmMandate } from '../services/packages/direct-debit';
import { directDebitFailed, isDirectDebitCharge } from '../services/packages/direct-debit-charges';

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

const NOT_AUTHORISED = 'This callback is not authorised.';

/**
 * The URL's token must be the one made for the reference the URL names (config callbackUrl):
 * checked before anything is read, and never logged (nor the URL that carries it).
 */
const tokenFor =
  (purpose: CallbackPurpose): RequestHandler =>
  (req, res, next) => {
    const reference = String(req.params.reference);
    if (isCallbackToken(PAYMENT_CALLBACK_SECRET.value(), purpose, reference, req.params.token)) return next();
    logger.warn('payment callback without a valid token', { purpose, ip: req.ip });
    send(res, 401, NOT_AUTHORISED, null);
  };

/** A mandate approved or refused (docs/direct-debit.md): the callback is a hint, the status API decides. */
const preapprovalCallback: RequestHandler = async (req, res) => {
  const decision = preapprovalDecisionOf(req.body);
  if (!decision) return send(res, 400, 'This is not a preapproval callback.', null);
  if (decision.clientReferenceId !== req.params.reference) return send(res, 401, NOT_AUTHORISED, null);
  try {
    const outcome = await confirmMandate(decision.clientReferenceId);
    send(res, outcome === 'unknown' ? 404 : 200, 'Callback received.', { outcome });
  } catch (err) {
    if (!(err instanceof ProviderError)) throw err;
    logger.error('preapproval callback could not be confirmed', {
      clientReferenceId: decision.clientReferenceId,
      error: err.message,
    });
    send(res, 502, 'The mandate could not be confirmed yet.', null);
  }
};

/** A payment (a checkout's, or a direct-debit charge's): the body is a hint, the status API decides. */
const paymentCallback: RequestHandler = async (req, res) => {
  const data = (req.body as { Data?: CallbackData } | undefined)?.Data;
  const clientReference = String(req.params.reference);
  if (data?.ClientReference !== clientReference) return send(res, 401, NOT_AUTHORISED, null);
  const payable = await findPayable(clientReference).catch(() => undefined);
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
};

/**
 * The provider's callbacks (Hosting rewrites /payment/callback/** here; the function's own URL
 * serves the same paths without the prefix). Each URL was made for one payment or one mandate
 * and carries its token (docs/security.md 'Gateways'): any other request is a 401 that reads and
 * reveals nothing.
 */
export function createCallbackApp(): express.Express {
  const app = express();
  app.disable('x-powered-by');
  app.disable('etag');
  app.use(bodyLimit);
  app.use(express.json({ limit: '64kb' }));
  app.use((req, res, next) => (req.method === 'POST' ? next() : send(res, 405, 'Only POST is accepted here.', null)));
  app.post(
    ['/payment/callback/preapproval/:reference/:token', '/preapproval/:reference/:token'],
    tokenFor('preapproval'),
    preapprovalCallback,
  );
  app.post(['/payment/callback/:reference/:token', '/:reference/:token'], tokenFor('payment'), paymentCallback);
  app.use((_req, res) => send(res, 401, NOT_AUTHORISED, null));
  app.use(errorHandler);
  return app;
}
