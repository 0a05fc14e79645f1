import type { Request } from 'express';
import type { AnyObject, InferType, ObjectSchema } from 'yup';
import { ValidationError } from 'yup';
import type { FieldRefusals } from '../api/envelope';
import { HttpError, badRequest } from './errors';

/**
 * Validates a body against a yup object schema: unknown fields are dropped, values cast,
 * and every failing field is named in one readable 400 message; `data.fields` maps each
 * field's path to its message, for the site to point at the field.
 */
export async function validateBody<S extends ObjectSchema<AnyObject>>(schema: S, body: unknown): Promise<InferType<S>> {
  if (body === null || typeof body !== 'object' || Array.isArray(body)) {
    throw badRequest('The request body must be a JSON object.');
  }
  try {
    return await schema.validate(body, { abortEarly: false, stripUnknown: true });
  } catch (err) {
    if (err instanceof ValidationError) {
      const refusals = refusalsOf(err);
      throw new HttpError(400, err.errors.join(' '), Object.keys(refusals.fields).length ? refusals : null);
    }
    // yup's transforms (trim, lowercase) throw TypeError when a field holds an object or array.
    if (err instanceof TypeError)
      throw badRequest('A field of the request body has the wrong type: send text or numbers, not objects.');
    throw err;
  }
}

/** yup writes list items as items[0].name; forms name their inputs items.0.name. */
const fieldPath = (path: string) => path.replace(/\[(\d+)\]/g, '.$1');

export function refusalsOf(err: ValidationError): FieldRefusals {
  const fields: Record<string, string> = {};
  for (const e of err.inner.length ? err.inner : [err])
    if (e.path && !(fieldPath(e.path) in fields)) fields[fieldPath(e.path)] = e.message;
  return { fields };
}

/** Shorthand for a route: validate req.body. */
export const bodyOf = <S extends ObjectSchema<AnyObject>>(req: Request, schema: S) => validateBody(schema, req.body);
