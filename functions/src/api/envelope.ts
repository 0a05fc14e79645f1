/** Every answer of the API has this shape; the HTTP status always equals statusCode (docs/api.md). */
export interface Envelope<T> {
  statusCode: number;
  /** A sentence a person can read; on 400 it names the field(s). */
  msg: string;
  data: T;
}
