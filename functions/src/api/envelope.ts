/** Every answer of the API has this shape; the HTTP status always equals statusCode (docs/api.md). */
export interface Envelope<T> {
  statusCode: number;
  /** A sentence a person can read; on 400 it names the field(s). */
  msg: string;
  data: T;
}

/**
 * The `data` of a 400 from a request schema: each refused field's path as the form names its
 * input ('address.digitalAddress') with its message, so the site can point at the field.
 */
export interface FieldRefusals {
  fields: Record<string, string>;
}

/**
 * A call that did not succeed, as an error: the envelope's status, its msg (the sentence a person
 * reads; on 400 it names the field) and its data, which rarely says more (a 409's list of what it
 * concerns, a 400's FieldRefusals). The server throws it (http/errors.ts HttpError) and the site
 * gets it back (web/src/lib/api-client.ts ApiError).
 */
export class EnvelopeError extends Error {
  constructor(
    readonly status: number,
    message: string,
    readonly data: unknown = null,
  ) {
    super(message);
  }
}
