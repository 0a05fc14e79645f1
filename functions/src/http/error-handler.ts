import type { ErrorRequestHandler, RequestHandler } from 'express';
import { ValidationError } from 'yup';
import { send } from './envelope';
import { HttpError } from './errors';
import { isStoreUnreachable } from '../store/firebase';
import { GENERIC_ERROR, SERVICE_BUSY, SERVICE_UNAVAILABLE } from '../api/messages';

/** gRPC 10 ABORTED: a contended transaction gave up after its retries; trying again is the answer. */
export const isContended = (err: unknown): boolean => (err as { code?: unknown }).code === 10;

/**
 * The database could not be reached: no connection at all (store/firebase.ts makes that fail
 * fast), or gRPC status 14 (UNAVAILABLE) and 4 (DEADLINE_EXCEEDED) once the client's own
 * retries gave up.
 */
const isStoreUnavailable = (err: unknown): boolean => {
  const code = (err as { code?: unknown }).code;
  return code === 14 || code === 4 || isStoreUnreachable(err);
};

/** body-parser's errors carry a `type`; only the in-process app sees them (the Functions runtime parses first). */
const bodyParserStatus = (err: unknown): { status: number; msg: string } | undefined => {
  switch ((err as { type?: unknown }).type) {
    case 'entity.too.large':
      return { status: 413, msg: 'The request body is too large.' };
    case 'entity.parse.failed':
      return { status: 400, msg: 'The request body is not valid JSON.' };
    case 'encoding.unsupported':
    case 'charset.unsupported':
      return { status: 415, msg: 'The request body must be UTF-8 JSON.' };
    default:
      return undefined;
  }
};

export const notFoundHandler: RequestHandler = (req, res) => {
  send(res, 404, `There is no ${req.method} ${req.path} here.`, null);
};

/** Maps every thrown error to the envelope; never sends a stack trace or an internal message. */
export const errorHandler: ErrorRequestHandler = (err: unknown, _req, res, _next) => {
  if (err instanceof HttpError) return send(res, err.status, err.message, err.data);
  if (err instanceof ValidationError) return send(res, 400, err.errors.join(' '), null);
  // The router could not decode a path parameter (e.g. '%E0%A4%A'): the caller's mistake.
  if (err instanceof URIError) return send(res, 400, 'The address of this request is not valid.', null);
  const parser = bodyParserStatus(err);
  if (parser) return send(res, parser.status, parser.msg, null);
  if (isContended(err)) {
    console.warn('transaction aborted by contention', err);
    return send(res, 503, SERVICE_BUSY, null);
  }
  if (isStoreUnavailable(err)) {
    console.error('store unavailable', err);
    return send(res, 503, SERVICE_UNAVAILABLE, null);
  }
  console.error('unhandled error', err);
  send(res, 500, GENERIC_ERROR, null);
};
