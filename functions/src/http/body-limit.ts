import type { Request, RequestHandler } from 'express';
import { LARGE_BODY_BYTES, LARGE_BODY_PATTERNS, LARGE_BODY_ROUTES, SMALL_BODY_BYTES } from '../config';
import { tooLarge } from './errors';

/** The path without the /api prefix that Hosting's rewrite keeps. */
export const routeKey = (req: Request) => `${req.method} ${req.path.replace(/^\/api(?=\/|$)/, '') || '/'}`;

export const bodyLimitFor = (req: Request): number => {
  const key = routeKey(req);
  return LARGE_BODY_ROUTES.has(key) || LARGE_BODY_PATTERNS.some((p) => p.test(key)) ? LARGE_BODY_BYTES : SMALL_BODY_BYTES;
};

/**
 * The Functions runtime parses JSON before Express sees the request, so a limit in
 * express.json alone would never fire there: measure the raw body (or its declared length).
 */
export const bodyLimit: RequestHandler = (req, _res, next) => {
  const rawBody = (req as Request & { rawBody?: Buffer }).rawBody;
  const size = rawBody?.length ?? Number(req.headers['content-length'] ?? 0);
  const limit = bodyLimitFor(req);
  if (size > limit)
    return next(tooLarge(`The request body is too large: at most ${Math.round(limit / 1024)} KB is accepted here.`));
  next();
};
