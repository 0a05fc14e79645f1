import type { PatientUpdate } from '@api/account-requests';
import type { PhonePinState } from '@api/front-desk';
import { normaliseGhanaPhone } from '@api/ghana-phone';
import type { Gender, Patient, PatientConsents } from '@api/types';
import { api } from '@/lib/api-client';

export type { Patient, PatientConsents } from '@api/types';
export type { PatientUpdate, PhoneVerifyForm } from '@api/account-requests';

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

export interface LoginForm {
  email: string;
  password: string;
}

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

/** PUT /patient: the server records the login time (patientId, lastLogIn). */
export const putLastLogin = (patientId: string) => api.put<Patient>('/patient', { patientId }, { auth: true });

export const verifyPatient = (patientId: string, uniqueCode: string) =>
  api.post<Patient>('/auth/verifypatient', { patientId, uniqueCode: uniqueCode.trim() }, { auth: true });

export const resendVerification = (patientId: string) => api.post<null>('/auth/patient', { patientId }, { auth: true });

/** What POST /patient/{patientId}/phone/code answers: where the code went, the number masked. */
export interface PhoneCodeSent {
  maskedNumber: string;
  minutes: number;
}

/** POST /patient/{patientId}/phone/code: a 6-digit code by SMS to the stored number. */
export const sendPhoneCode = (patientId: string) =>
  api.post<PhoneCodeSent>(`/patient/${encodeURIComponent(patientId)}/phone/code`, {}, { auth: true });

/** POST /patient/{patientId}/phone/verify: the right code confirms the number; the answer is the patient. */
export const verifyPhone = (patientId: string, code: string) =>
  api.post<Patient>(`/patient/${encodeURIComponent(patientId)}/phone/verify`, { code }, { auth: true });

/** PUT /patient/{patientId}: the server keeps e-mail, status and role whatever is sent. */
export const putPatient = (patientId: string, update: PatientUpdate) =>
  api.put<Patient>(
    `/patient/${encodeURIComponent(patientId)}`,
    { ...update, contactNumber: normaliseGhanaPhone(update.contactNumber) ?? update.contactNumber },
    { auth: true },
  );

/** DELETE /patient/{patientId}: needs a token from a sign-in of the last few minutes. */
export const deletePatient = (patientId: string) =>
  api.delete<null>(`/patient/${encodeURIComponent(patientId)}`, undefined, { auth: true });

export const getConsents = (patientId: string) =>
  api.get<PatientConsents>(`/patient/${encodeURIComponent(patientId)}/consents`, { auth: true });

/** Withdraws consent to marketing: the newsletter entry of the account's e-mail is deleted. */
export const withdrawMarketing = (patientId: string) =>
  api.delete<PatientConsents>(`/patient/${encodeURIComponent(patientId)}/consents/marketing`, undefined, { auth: true });

/** The PIN for changes by phone (docs/ussd.md 'The PIN'): whether one is set or locked, never the PIN. */
export const getPhonePin = (patientId: string) =>
  api.get<{ state: PhonePinState }>(`/patient/${encodeURIComponent(patientId)}/phone-pin`, { auth: true });

/** Forgets the PIN: the next change by phone sets a new one. */
export const resetPhonePin = (patientId: string) =>
  api.delete<{ state: PhonePinState }>(`/patient/${encodeURIComponent(patientId)}/phone-pin`, undefined, { auth: true });
