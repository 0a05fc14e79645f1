import { boolean, object, string, type InferType } from 'yup';
import { GENDERS } from '@api/booking-choices';
import { normaliseGhanaPhone } from '@api/ghana-phone';
import type { Gender, Patient } from '@api/types';
import { api } from '@/lib/api-client';
import { ghanaPhone } from '@/lib/ghana-phone';

export type { Patient } from '@api/types';

/** The register form (spec labels); the password goes to Firebase Auth only, never to the API. */
export const registerSchema = object({
  firstName: string().trim().required('First Name is required.').max(60, 'First Name is too long.'),
  lastName: string().trim().required('Last Name is required.').max(60, 'Last Name is too long.'),
  emailAddress: string()
    .trim()
    .required('Email Address is required.')
    .email('Email Address must be a valid email address, like ama@example.com.'),
  patientLocation: string().trim().required('City/location is required.').max(120, 'City/location is too long.'),
  contactNumber: ghanaPhone('Phone Number'),
  gender: string<Gender | ''>().required('Please select your gender.').oneOf<Gender | ''>(GENDERS, 'Please select your gender.'),
  password: string().required('Password is required.').min(6, 'Password must be at least 6 characters.'),
  consentForTreatment: boolean()
    .required()
    .oneOf([true], 'Please agree to the processing of your health information so that we can care for you.'),
});
export type RegisterForm = InferType<typeof registerSchema>;

export const loginSchema = object({
  email: string().trim().required('Email Address is required.').email('Email Address must be a valid email address.'),
  password: string().required('Password is required.'),
});
export type LoginForm = InferType<typeof loginSchema>;

export const verifySchema = object({
  uniqueCode: string().trim().required('Please enter the verification code from your e-mail.'),
});
export type VerifyForm = InferType<typeof verifySchema>;

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
