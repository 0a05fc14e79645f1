import { string } from 'yup';
import { normaliseGhanaPhone } from '@api/ghana-phone';

/** A required Ghana phone field, checked with the API's own rule; the value is sent in the +233 form. */
export const ghanaPhone = (label: string) =>
  string()
    .trim()
    .required(`${label} is required.`)
    .test(
      'ghana-phone',
      `${label} must be a Ghana number: 0XXXXXXXXX or +233XXXXXXXXX.`,
      (v) => !v || normaliseGhanaPhone(v) !== undefined,
    );
