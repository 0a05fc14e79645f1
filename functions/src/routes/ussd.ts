import express, { type RequestHandler } from 'express';
import { logger } from 'firebase-functions';
import { USSD_GATEWAY_KEY } from '../config';
import { USSD_BODY_BYTES, type UssdFulfilment, type UssdRequest } from '../api/ussd';
import { ok, send } from '../http/envelope';
import { errorHandler } from '../http/error-handler';
import { tooLarge } from '../http/errors';
import { isOneOf } from '../http/gateway';
import { ProviderError } from '../provider/provider';
import { answerUssd, fulfilUssdOrder } from '../services/ussd/session';

/** The key segment of a path: /ussd/<key>/... through Hosting, /<key>/... on the function's own URL. */
const keyOf = (path: string) => {
  const [first, second] = path.split('/').filter(Boolean);
  return first === 'ussd' ? second : first;
};

/**
 * The gateway's credential (docs/ussd.md): Hubtel sends no header or signature, so the URLs
 * registered with it carry the key as a path segment. Without it: 401, before anything is read,
 * and no screen; the key is never logged, nor the path that carries it.
 */
const fromTheGateway: RequestHandler = (req, res, next) => {
  if (isOneOf(keyOf(req.path), USSD_GATEWAY_KEY.value())) return next();
  logger.warn('ussd request without the gateway key', { ip: req.ip });
  send(res, 401, 'This request is not authorised.', null);
};

/** Hubtel's requests are a few hundred bytes: anything near the limit is not one (413). */
const smallBody: RequestHandler = (req, _res, next) => {
  const raw = (req as express.Request & { rawBody?: Buffer }).rawBody;
  const size = raw?.length ?? Number(req.headers['content-length'] ?? 0);
  next(size > USSD_BODY_BYTES ? tooLarge('The request body is too large for a USSD request.') : undefined);
};

/**
 * The USSD service (docs/ussd.md), its own small app behind the `ussd` function: Hosting
 * rewrites /ussd/** to it; the function's own URL serves the same paths without /ussd.
 * /ussd/<key> answers Hubtel's response shape itself (not the API's envelope), always 200 for a
 * well-formed request: refusals are screens. /ussd/<key>/fulfilment is a hint checked with the
 * provider (services/ussd/session.ts).
 */
export function createUssdApp(): express.Express {
  const app = express();
  app.disable('x-powered-by');
  app.disable('etag');
  app.use(fromTheGateway);
  app.use(smallBody);
  app.use(express.json({ limit: USSD_BODY_BYTES }));

  app.post(['/ussd/:key', '/:key'], async (req, res) => {
    res.status(200).json(await answerUssd((req.body ?? {}) as UssdRequest));
  });

  app.post(['/ussd/:key/fulfilment', '/:key/fulfilment'], async (req, res) => {
    try {
      ok(res, await fulfilUssdOrder((req.body ?? {}) as UssdFulfilment), 'Fulfilment received.');
    } catch (err) {
      // The provider retries; the hold sweep and the re-check ask again meanwhile.
      if (err instanceof ProviderError) return send(res, 502, 'The payment could not be confirmed yet.', null);
      throw err;
    }
  });

  // Never the path in the answer: it holds the key.
  app.use((_req, res) => send(res, 404, 'There is nothing here.', null));
  app.use(errorHandler);
  return app;
}
