import { object, string, type InferType } from 'yup';
import { registerSchema as registerRequestSchema, verifySchema as verifyRequestSchema } from '@api/account-requests';
import { normaliseGhanaPhone } from '@api/ghana-phone';
import type { Gender, Patient } from '@api/types';
import { api } from '@/lib/api-client';

export type { Patient } from '@api/types';

/** The register form: the API's own rules for its fields, plus the password (Firebase Auth only, never sent to the API). */
export const registerSchema = registerRequestSchema
  .pick(['firstName', 'lastName', 'emailAddress', 'patientLocation', 'contactNumber', 'gender', 'consentForTreatment'])
  .shape({ password: string().required('Password is required.').min(6, 'Password must be at least 6 characters.') });

/** The form's values as typed (gender '' and consent false until chosen). */
export interface RegisterForm {
  firstName: string;
  lastName: string;
  emailAddress: string;
  patientLocation: string;
  contactNumber: string;
  gender: Gender | '';
  password: string;
  consentForTreatment: boolean;
}

export const loginSchema = object({
  email: string().trim().required('Email Address is required.').email('Email Address must be a valid email address.'),
  password: string().required('Password is required.'),
});
export type LoginForm = InferType<typeof loginSchema>;

/** The account check form: the API's rule for the code. */
export const verifySchema = verifyRequestSchema.pick(['uniqueCode']);
export interface VerifyForm {
  uniqueCode: string;
}

/** POST /patient: the server sets status, dates and the code; it ignores anything else. */
export function postPatient(patientId: string, form: RegisterForm): Promise<Patient> {
  const { password: _password, ...fields } = form;
  return api.post<Patient>(
    '/patient',
    {
      ...fields,
      patientId,
      emailAddress: fields.emailAddress.toLowerCase(),
      contactNumber: normaliseGhanaPhone(fields.contactNumber) ?? fields.contactNumber,
    },
    { auth: true },
  );
}

export const getPatient = (patientId: string) => api.get<Patient>(`/patient/${encodeURIComponent(patientId)}`, { auth: true });

/** PUT /patient: the server records the login time (spec: patientId, lastLogIn). */
export const putLastLogin = (patientId: string) => api.put<Patient>('/patient', { patientId }, { auth: true });

export const verifyPatient = (patientId: string, uniqueCode: string) =>
  api.post<Patient>('/auth/verifypatient', { patientId, uniqueCode: uniqueCode.trim() }, { auth: true });

export const resendVerification = (patientId: string) => api.post<null>('/auth/patient', { patientId }, { auth: true });
