/**
 * What an SMS may carry. Bodies are GSM-7 (the default alphabet every Ghanaian handset shows;
 * one character outside it turns the whole message into UCS-2, 70 characters a part) and at
 * most two parts. A concatenated message spends 7 septets of each part on the header that
 * joins them, so two parts hold 2 x 153 = 306 septets, not 320: we cut at 306.
 */

import { cleanText } from '../api/format';

export const CLINIC_SMS_NAME = 'ExpMed Health';

/** Two concatenated GSM-7 parts. */
export const SMS_MAX_SEPTETS = 2 * 153;

const GSM7_BASIC =
  '@£$¥èéùìòÇ\nØø\rÅåΔ_ΦΓΛΩΠΨΣΘΞÆæßÉ !"#¤%&\'()*+,-./0123456789:;<=>?¡ABCDEFGHIJKLMNOPQRSTUVWXYZÄÖÑÜ§¿abcdefghijklmnopqrstuvwxyzäöñüà';
/** Sent as an escape and the character: two septets each. */
const GSM7_EXTENDED = '^{}\\[~]|€';
const BASIC = new Set(GSM7_BASIC);
const EXTENDED = new Set(GSM7_EXTENDED);

/** Common characters outside GSM-7 and what is sent instead. */
const REPLACEMENTS: [RegExp, string][] = [
  [/GH₵|₵/g, 'GHS'],
  [/[‘’‚′`]/g, "'"],
  [/[“”„″]/g, '"'],
  [/[–—−]/g, '-'],
  [/…/g, '...'],
  [/[\u00a0\u2007\u202f\t]/g, ' '],
  [/•/g, '-'],
  // Akan and Ewe letters in Ghanaian names.
  [/ɔ/g, 'o'],
  [/Ɔ/g, 'O'],
  [/ɛ/g, 'e'],
  [/Ɛ/g, 'E'],
  [/ŋ/g, 'n'],
  [/Ŋ/g, 'N'],
];

export const isGsm7 = (text: string): boolean => [...text].every((c) => BASIC.has(c) || EXTENDED.has(c));

export const septets = (text: string): number => [...text].reduce((n, c) => n + (EXTENDED.has(c) ? 2 : 1), 0);

/** Text in GSM-7: known look-alikes replaced, accents dropped where GSM-7 lacks the letter, anything else left out. */
export function toGsm7(text: string): string {
  const replaced = REPLACEMENTS.reduce((t, [pattern, by]) => t.replace(pattern, by), text.normalize('NFC'));
  return [...replaced]
    .map((c) => {
      if (BASIC.has(c) || EXTENDED.has(c)) return c;
      const plain = c.normalize('NFD').replace(/[\u0300-\u036f]/g, '');
      return [...plain].every((p) => BASIC.has(p)) ? plain : '';
    })
    .join('')
    .replace(/ {2,}/g, ' ')
    .trim();
}

/**
 * The body as sent: on one line without control characters (api/format.ts cleanText), named
 * for the clinic (prefixed when the text does not start with its name), GSM-7 only, and cut to
 * two parts (the cut ends in '...').
 */
export function smsBody(text: string): string {
  const clean = cleanText(text, { singleLine: true });
  const named = clean.startsWith(CLINIC_SMS_NAME) ? clean : `${CLINIC_SMS_NAME}: ${clean}`;
  let body = toGsm7(named);
  if (septets(body) <= SMS_MAX_SEPTETS) return body;
  while (septets(body) > SMS_MAX_SEPTETS - 3) body = body.slice(0, -1);
  return `${body.trimEnd()}...`;
}

/**
 * A Ghanaian number in the form the provider takes, +233 and nine digits, from what people
 * type: '024 123 4567', '0241234567', '233241234567', '+233 24-123-4567', '00233241234567'.
 * Anything else (too short, another country, letters) is undefined: no SMS is sent to it.
 */
export function ghanaPhone(typed: string | null | undefined): string | undefined {
  if (!typed) return undefined;
  const compact = typed.replace(/[\s\-().]/g, '');
  const match = /^(?:\+233|00233|233|0)([1-9]\d{8})$/.exec(compact);
  return match ? `+233${match[1]}` : undefined;
}
