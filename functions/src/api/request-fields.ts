/**
 * The field rules every request schema is built from, each message naming its field. One
 * place for each rule: the server validates bodies with them and the site's forms show the
 * same rule and words before sending. Imports only yup and siblings: bundled into the browser.
 *
 * `label` is the field's name as the form shows it ('Digital address'), never its key
 * ('address.digitalAddress'): a person reads every message. Each rule also sets it as the
 * schema's yup label, so the site (and __tests__/field-words.test.ts) can name a field
 * from its schema alone.
 */
import { array, string } from 'yup';
import { cleanText } from './clean-text';
import { LIMITS } from './form-limits';
import { GHANA_PHONE_HINT, normaliseGhanaPhone } from './ghana-phone';
import { ID_PATTERN, invalidIdMessage } from './ids';
import { MAX_BOOKING_DAYS_AHEAD } from './policy';

/**
 * Text, cleaned (api/clean-text.ts: NFC, no bidirectional controls or zero-width characters)
 * and trimmed; every text rule below starts here. Strings only: yup's own trim() throws on an
 * object (a 500 instead of a 400).
 */
export const trimmed = (label: string) =>
  string()
    .label(label)
    .typeError(`${label} must be text.`)
    .transform((value: unknown) => (typeof value === 'string' ? cleanText(value).trim() : value));

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
export const idList = (label: string) => array(idField(label).required(`${label}: an id is required.`)).label(label);

// --- dates and times: real calendar values only ---

const DAY = /^\d{4}-\d{2}-\d{2}$/;
const CLOCK = /^([01]\d|2[0-3]):[0-5]\d$/;

/**
 * A real calendar day written yyyy-MM-dd: '2027-13-01' and '2027-02-30' are not (JavaScript's
 * Date would roll them into another day, or make an invalid Date whose toISOString() throws).
 */
export function isCalendarDay(value: unknown): value is string {
  if (typeof value !== 'string' || !DAY.test(value)) return false;
  const time = Date.parse(`${value}T00:00:00Z`);
  return !Number.isNaN(time) && new Date(time).toISOString().slice(0, 10) === value;
}

/** A time of day written HH:mm, 00:00 to 23:59. */
export const isClockTime = (value: unknown): value is string => typeof value === 'string' && CLOCK.test(value);

/** A day and a time, 'yyyy-MM-ddTHH:mm', both real. */
export const isDayTime = (value: unknown): value is string =>
  typeof value === 'string' &&
  value.length === 16 &&
  value[10] === 'T' &&
  isCalendarDay(value.slice(0, 10)) &&
  isClockTime(value.slice(11));

/** Ghana keeps UTC all year, so "today" for a patient is the UTC date. */
export const todayInGhana = (now = new Date()) => now.toISOString().slice(0, 10);

/** An optional day (absent passes): when given, a real one. `label` names the field in the message. */
export const calendarDay = (label: string) =>
  trimmed(label).test('day', `${label} must be a date written yyyy-MM-dd.`, (v) => v === undefined || isCalendarDay(v));

/** An optional time of day (absent passes): when given, a real one. */
export const clockTime = (label: string) =>
  trimmed(label).test(
    'time',
    `${label} must be a time written HH:mm (00:00 to 23:59).`,
    (v) => v === undefined || isClockTime(v),
  );

/** A day that may be booked or moved to: real, today or later, at most MAX_BOOKING_DAYS_AHEAD days ahead. */
export const bookableDay = (label: string) =>
  calendarDay(label)
    .required(`${label} is required.`)
    .test('not-past', `${label} must be today or later.`, (v) => !isCalendarDay(v) || v >= todayInGhana())
    .test(
      'not-too-far',
      `${label} must be within the next ${MAX_BOOKING_DAYS_AHEAD} days.`,
      (v) => !isCalendarDay(v) || Date.parse(`${v}T00:00:00Z`) - Date.now() <= MAX_BOOKING_DAYS_AHEAD * 86_400_000,
    );

/** An optional day of birth (empty allowed, as the profile keeps it): when given, a real day, not in the future. */
export const birthDay = (label: string) =>
  trimmed(label)
    .default('')
    .test('day', `${label} must be a date written yyyy-MM-dd.`, (v) => !v || isCalendarDay(v))
    .test('past', `${label} must not be in the future.`, (v) => !v || !isCalendarDay(v) || v <= todayInGhana());
