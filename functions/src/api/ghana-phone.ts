/**
 * Ghana phone numbers as people type them (0XXXXXXXXX or +233XXXXXXXXX, spaces and dashes
 * allowed), stored in one form: +233 followed by the nine digits. Shared with the site's
 * forms (bundled into the browser), so no imports.
 */
const GHANA_PHONE = /^(?:0|\+?233)([235]\d{8})$/;

export const GHANA_PHONE_HINT = 'a Ghana number: 0XXXXXXXXX or +233XXXXXXXXX';

/** The +233XXXXXXXXX form, or undefined when the text is not a Ghana phone number. */
export function normaliseGhanaPhone(text: string): string | undefined {
  const match = GHANA_PHONE.exec(text.replace(/[\s-]/g, ''));
  return match ? `+233${match[1]}` : undefined;
}

/**
 * A number as people read it, the one way the site and the console show one: '024 123 4567'
 * (however it was stored); text that is not a Ghana number as it came, '' for none.
 */
export function formatPhone(stored: string | null | undefined): string {
  if (!stored) return '';
  const phone = normaliseGhanaPhone(stored);
  return phone ? `0${phone.slice(4, 6)} ${phone.slice(6, 9)} ${phone.slice(9)}` : stored;
}

/** A stored number as the patient may be shown it without giving it away: '+233 24 *** **67'. */
export function maskPhone(stored: string): string {
  const digits = stored.replace(/\D/g, '');
  if (digits.length < 6) return '***';
  const local = digits.startsWith('233') ? digits.slice(3) : digits;
  return `+233 ${local.slice(0, 2)} *** **${local.slice(-2)}`;
}
