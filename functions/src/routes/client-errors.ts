import { Router } from 'express';
import { logger } from 'firebase-functions';
import { clientErrorSchema } from '../api/client-error-requests';
import { cleanText } from '../api/format';
import { send } from '../http/envelope';
import { throttle } from '../http/rate-limit';
import { bodyOf } from '../http/validate';

/** Errors the site's pages hit in browsers (web/src/lib/error-reporting.ts). */
export const clientErrorsRouter = Router();

/** Reports one client may send a minute, counted apart from its form posts; and all clients together. */
export const CLIENT_ERRORS_PER_MINUTE = 5;
export const clientErrorsBudget = { perMinute: 60 };

const EMAIL = /[^\s@|]+@[^\s@|]+\.[^\s@|]+/g;
/** 9 to 15 digits, maybe with a + and spaces or dashes between: a phone number, never a stack's line:column. */
const PHONE = /(?<![\w.:])\+?\d(?:[\s-]?\d){8,14}(?![\w.:])/g;

/**
 * Browser text as it may be logged: one line (a stack's lines joined with ' | '), no control
 * characters (a forged line break would fake a log entry), phone numbers and e-mail addresses
 * masked (personal data has no place in error logs, Act 843).
 */
export const loggable = (text: string): string =>
  cleanText(text.replace(/\s*(\r\n?|\n)\s*/g, ' | '), { singleLine: true })
    .replace(EMAIL, '[email]')
    .replace(PHONE, '[phone]')
    .trim();

/**
 * Public like the other forms, so throttled per client and validated (each field bounded); logged
 * with logger.error so Cloud Logging's error reporting and the function-errors alert see them
 * (docs/operations.md), each field made loggable first. Nothing is stored.
 */
clientErrorsRouter.post(
  '/client-errors',
  throttle(CLIENT_ERRORS_PER_MINUTE, 'client-errors', clientErrorsBudget),
  async (req, res) => {
    const body = await bodyOf(req, clientErrorSchema);
    const report = Object.fromEntries(
      Object.entries(body).map(([field, value]) => [field, typeof value === 'string' ? loggable(value) : value]),
    ) as typeof body;
    logger.error(`Browser error (${report.kind}) on ${report.path}: ${report.message}`, { clientError: report });
    send(res, 202, 'Thank you: the error was reported.', null);
  },
);
