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
