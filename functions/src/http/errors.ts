import { EnvelopeError } from '../api/envelope';

/** What a route answers when it refuses: the status, the sentence the person will read and, rarely, data that says more (e.g. when a room opens). */
export class HttpError extends EnvelopeError {
  override name = 'HttpError';
}

export const badRequest = (msg: string) => new HttpError(400, msg);
/** A 400 about one field of the body: `data.fields` names it for the form (api/envelope.ts FieldRefusals). */
export const fieldRefused = (field: string, msg: string) => new HttpError(400, msg, { fields: { [field]: msg } });
export const unauthorized = (msg: string) => new HttpError(401, msg);
export const forbidden = (msg = 'You may only see and change your own records.') => new HttpError(403, msg);
export const notFound = (msg: string) => new HttpError(404, msg);
export const conflict = (msg: string, data: unknown = null) => new HttpError(409, msg, data);
export const tooLarge = (msg: string) => new HttpError(413, msg);
export const badGateway = (msg: string) => new HttpError(502, msg);
