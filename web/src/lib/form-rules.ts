import { string } from 'yup';
import { LIMITS } from '@api/form-limits';

/**
 * Field rules the site's forms share, with the API's own bounds and the same wording, so a
 * person sees the server's rule before sending. Each message names its field.
 */

export const requiredText = (label: string, max: number) =>
  string().trim().required(`${label} is required.`).max(max, `${label} must be at most ${max} characters.`);

export const requiredEmail = (label: string) =>
  requiredText(label, LIMITS.email).email(`${label} must be a valid email address, like ama@example.com.`);

/** Ghana numbers (024 123 4567, +233 24 123 4567) and international ones: 9 to 15 digits. */
export const requiredPhone = (label: string) =>
  requiredText(label, 25).test(
    'phone',
    `${label} must be a phone number, like 024 123 4567 or +233 24 123 4567.`,
    (value) => !value || (/^\+?[\d\s().-]+$/.test(value) && /^\d{9,15}$/.test(value.replace(/\D/g, ''))),
  );
