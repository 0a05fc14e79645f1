import express from 'express';
import { logger } from 'firebase-functions';
import { PAYMENT_CALLBACK_SECRET, SMALL_BODY_BYTES } from '../config';
import type { UssdFulfilment, UssdRequest } from '../api/ussd';
import { ok, send } from '../http/envelope';
import { errorHandler, notFoundHandler } from '../http/error-handler';
import { ProviderError } from '../provider/provider';
import { answerUssd, fulfilUssdOrder } from '../services/ussd/session';
import { sameSecret } from './payment-callback';

/**
 * The USSD service (docs/ussd.md), its own small app behind the `ussd` function: Hosting
 * rewrites /ussd and /ussd/fulfilment to it; the function's own URL serves / and /fulfilment.
 * /ussd answers Hubtel's response shape itself (not the API's envelope), always 200 for a
 * well-formed request: refusals are screens. The fulfilment is a hint checked with the
 * provider (services/ussd/session.ts), and only with the secret in its URL.
 */
export function createUssdApp(): express.Express {
  const app = express();
  app.disable('x-powered-by');
  app.disable('etag');
  app.use(express.json({ limit: SMALL_BODY_BYTES }));

  app.post(['/ussd', '/'], async (req, res) => {
    res.status(200).json(await answerUssd((req.body ?? {}) as UssdRequest));
  });

  app.post(['/ussd/fulfilment', '/fulfilment'], async (req, res) => {
    // The Service Fulfilment URL registered with Hubtel carries the provider's callback secret
    // (docs/ussd.md): without it nothing is looked at or changed.
    if (!sameSecret(req.query.secret, PAYMENT_CALLBACK_SECRET.value())) {
      logger.warn('ussd fulfilment without the right secret', { ip: req.ip });
      return send(res, 401, 'This fulfilment is not authorised.', null);
    }
    try {
      ok(res, await fulfilUssdOrder((req.body ?? {}) as UssdFulfilment), 'Fulfilment received.');
    } catch (err) {
      // The provider retries; the hold sweep and the re-check ask again meanwhile.
      if (err instanceof ProviderError) return send(res, 502, 'The payment could not be confirmed yet.', null);
      throw err;
    }
  });

  app.use(notFoundHandler);
  app.use(errorHandler);
  return app;
}
