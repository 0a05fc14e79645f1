import { string } from 'yup';

/**
 * Ghana phone numbers as people type them (0XXXXXXXXX or +233XXXXXXXXX, spaces and dashes
 * allowed), sent in one form: +233 and the nine digits. Same rule as the API's.
 */
const GHANA_PHONE = /^(?:0|\+?233)([235]\d{8})$/;

export function normaliseGhanaPhone(text: string): string | undefined {
  const match = GHANA_PHONE.exec(text.replace(/[\s-]/g, ''));
  return match ? `+233${match[1]}` : undefined;
}

/** A required Ghana phone field; the value is sent in the +233 form. */
export const ghanaPhone = (label: string) =>
  string()
    .trim()
    .required(`${label} is required.`)
    .test(
      'ghana-phone',
      `${label} must be a Ghana number: 0XXXXXXXXX or +233XXXXXXXXX.`,
      (v) => !v || normaliseGhanaPhone(v) !== undefined,
    );
