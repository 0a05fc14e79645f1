/**
 * The patient's forms' rules (Yup): apart from patient.ts, so the session and the public pages
 * that only ask who is signed in do not load Yup; each form's page imports these.
 */
import { object, string } from 'yup';
import {
  patientUpdateSchema,
  phoneVerifySchema,
  registerSchema as registerRequestSchema,
  verifySchema as verifyRequestSchema,
} from '@api/account-requests';

/** The register form: the API's own rules for its fields, plus the password (Firebase Auth only, never sent to the API). */
export const registerSchema = registerRequestSchema
  .pick(['firstName', 'lastName', 'emailAddress', 'patientLocation', 'contactNumber', 'gender', 'consentForTreatment'])
  .shape({ password: string().required('Password is required.').min(6, 'Password must be at least 6 characters.') });

export const loginSchema = object({
  email: string().trim().required('Email Address is required.').email('Email Address must be a valid email address.'),
  password: string().required('Password is required.'),
});

/** The account check form: the API's rule for the code. */
export const verifySchema = verifyRequestSchema.pick(['uniqueCode']);

/** The phone confirmation form: the API's rule for the SMS code. */
export { phoneVerifySchema };

/** The profile form: the API's own rules for the fields a patient may change. */
export const profileSchema = patientUpdateSchema;
