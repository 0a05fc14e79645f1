import { Router } from 'express';
import { logger } from 'firebase-functions';
import { clientErrorSchema } from '../api/client-error-requests';
import { send } from '../http/envelope';
import { throttle } from '../http/rate-limit';
import { bodyOf } from '../http/validate';

/** Errors the site's pages hit in browsers (web/src/lib/error-reporting.ts). */
export const clientErrorsRouter = Router();

/** Reports one client may send a minute, counted apart from its form posts. */
export const CLIENT_ERRORS_PER_MINUTE = 5;

/**
 * Public like the other forms, so throttled per client and validated (each field bounded); logged
 * with logger.error so Cloud Logging's error reporting and the function-errors alert see them
 * (docs/operations.md). Nothing is stored.
 */
clientErrorsRouter.post('/client-errors', throttle(CLIENT_ERRORS_PER_MINUTE, 'client-errors'), async (req, res) => {
  const report = await bodyOf(req, clientErrorSchema);
  logger.error(`Browser error (${report.kind}) on ${report.path}: ${report.message}`, { clientError: report });
  send(res, 202, 'Thank you: the error was reported.', null);
});
