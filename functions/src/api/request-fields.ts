/**
 * The field rules every request schema is built from, each message naming its field. One
 * place for each rule: the server validates bodies with them and the site's forms show the
 * same rule and words before sending. Imports only yup and siblings: bundled into the browser.
 */
import { array, string } from 'yup';
import { LIMITS } from './form-limits';
import { GHANA_PHONE_HINT, normaliseGhanaPhone } from './ghana-phone';
import { ID_PATTERN, invalidIdMessage } from './ids';

/** Trims strings only: yup's own trim() throws on an object (a 500 instead of a 400). */
export const trimmed = (label: string) =>
  string()
    .typeError(`${label} must be text.`)
    .transform((value: unknown) => (typeof value === 'string' ? value.trim() : value));

export const requiredText = (label: string, max: number) =>
  trimmed(label).required(`${label} is required.`).max(max, `${label} must be at most ${max} characters.`);

/** Optional text the patient may leave empty ('' when absent). */
export const optionalText = (label: string, max: number) =>
  trimmed(label).max(max, `${label} must be at most ${max} characters.`).default('');

export const requiredEmail = (label: string) =>
  requiredText(label, LIMITS.email).email(`${label} must be a valid email address, like ama@example.com.`);

/** Ghana numbers (024 123 4567, +233 24 123 4567) and international ones: 9 to 15 digits. */
const PHONE_CHARS = /^\+?[\d\s().-]+$/;
export const requiredPhone = (label: string) =>
  requiredText(label, 25).test(
    'phone',
    `${label} must be a phone number, like 024 123 4567 or +233 24 123 4567.`,
    (value) => !value || (PHONE_CHARS.test(value) && /^\d{9,15}$/.test(value.replace(/\D/g, ''))),
  );

/** A Ghana number only (api/ghana-phone.ts), kept as typed. */
export const ghanaPhone = (label: string) =>
  trimmed(label)
    .required(`${label} is required.`)
    .test('ghana-phone', `${label} must be ${GHANA_PHONE_HINT}.`, (v) => !v || normaliseGhanaPhone(v) !== undefined);

/** A Ghana number to store: the same rule, cast to its one +233XXXXXXXXX form. */
export const storedGhanaPhone = (label: string) =>
  ghanaPhone(label).transform((v: unknown) => (typeof v === 'string' ? (normaliseGhanaPhone(v) ?? v) : v));

/** An id of ours (api/ids.ts): a '/' or an endless string is a 400 naming the field. */
export const idField = (label: string) => trimmed(label).matches(ID_PATTERN, invalidIdMessage(label));

export const requiredId = (label: string) => idField(label).required(`${label} is required.`);

/** A list of ids, each by the id rule. */
export const idList = (label: string) => array(idField(label).required(`${label}: an id is required.`));
