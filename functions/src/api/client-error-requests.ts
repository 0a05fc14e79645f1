/**
 * The body of POST /api/client-errors (api/client-errors.ts says what a report holds): each
 * field bounded, query strings cut again on the server. Imports only yup and siblings.
 */
import { mixed, object, type ObjectSchema } from 'yup';
import {
  CLIENT_ERROR_KINDS,
  CLIENT_ERROR_LIMITS,
  withoutQueries,
  type ClientErrorKind,
  type ClientErrorReport,
} from './client-errors';
import { optionalText, requiredText, trimmed } from './request-fields';

const scrubbed = (value: unknown) => (typeof value === 'string' ? withoutQueries(value) : value);

export const clientErrorSchema: ObjectSchema<ClientErrorReport> = object({
  kind: mixed<ClientErrorKind>()
    .label('Kind')
    .required('Kind is required.')
    .oneOf(CLIENT_ERROR_KINDS, `Kind must be one of ${CLIENT_ERROR_KINDS.join(', ')}.`),
  message: requiredText('Message', CLIENT_ERROR_LIMITS.message).transform(scrubbed),
  stack: optionalText('Stack', CLIENT_ERROR_LIMITS.stack).transform(scrubbed),
  path: trimmed('Path')
    .required('Path is required.')
    .max(CLIENT_ERROR_LIMITS.path, `Path must be at most ${CLIENT_ERROR_LIMITS.path} characters.`)
    .matches(/^\//, 'Path must start with /.')
    .transform(scrubbed),
  release: optionalText('Release', CLIENT_ERROR_LIMITS.release),
});
