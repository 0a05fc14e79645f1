/**
 * The patient account's request bodies (register, verify, resend, last login): the server
 * validates with these and the site's sign-up and account check forms use them. Imports
 * only yup and siblings.
 */
import { boolean, object, string, type ObjectSchema } from 'yup';
import { GENDERS } from './booking-choices';
import { LIMITS } from './form-limits';
import { birthDay, idField, optionalText, requiredText, storedGhanaPhone, trimmed } from './request-fields';
import type { Gender, PatientFields, ReminderPreferences } from './types';

const CHOOSE_GENDER = 'Please select your Gender.';
const CONSENT = 'Please agree to the processing of your health information (consentForTreatment) so that we can care for you.';

/** POST /patient's body once checked: the api's PatientFields (the annotation keeps the two in step). */
export type RegisterInput = PatientFields & { patientId?: string };

/** A patientId in a body is optional and, when sent, must be the caller's own (the route checks it). */
const ownPatientId = () => idField('patientId').optional();

export const registerSchema: ObjectSchema<RegisterInput> = object({
  patientId: ownPatientId(),
  firstName: requiredText('First Name', 60),
  lastName: requiredText('Last Name', 60),
  emailAddress: trimmed('Email Address')
    .lowercase()
    .required('Email Address is required.')
    .email('Email Address must be a valid email address, like ama@example.com.')
    .max(LIMITS.email, `Email Address must be at most ${LIMITS.email} characters.`),
  contactNumber: storedGhanaPhone('Phone Number'),
  patientLocation: requiredText('City/location', 120),
  gender: string<Gender>().required(CHOOSE_GENDER).oneOf(GENDERS, CHOOSE_GENDER),
  consentForTreatment: boolean().required(CONSENT).oneOf([true], CONSENT),
  patientPicture: optionalText('patientPicture', 2048).test(
    'http-url',
    'patientPicture must be an https address.',
    (v) => !v || /^https:\/\//.test(v),
  ),
  dateOfBirth: birthDay('dateOfBirth'),
  address: optionalText('address', 120),
  emergencyContact: optionalText('emergencyContact', 120),
  recoveryEmail: optionalText('recoveryEmail', LIMITS.email),
  recoveryContact: optionalText('recoveryContact', 120),
  idType: optionalText('idType', 120),
  idNumber: optionalText('idNumber', 120),
  nameOfNextOfKin: optionalText('nameOfNextOfKin', 120),
  nextOfKinContact: optionalText('nextOfKinContact', 120),
  nextOfKinLocation: optionalText('nextOfKinLocation', 120),
  nextOfKinRelationship: optionalText('nextOfKinRelationship', 120),
  nextOfKinBirthdate: birthDay('nextOfKinBirthdate'),
  notificationToken: optionalText('notificationToken', 512),
  buildNumber: optionalText('buildNumber', 20),
  versionNumber: optionalText('versionNumber', 20),
});

/** `PUT /patient`: the login time is the server's clock, whatever the browser says. */
export const loginSchema = object({ patientId: ownPatientId() });

/** `POST /auth/verifypatient`: the e-mailed code. */
export const verifySchema = object({
  patientId: ownPatientId(),
  uniqueCode: trimmed('uniqueCode')
    .required('Please enter the verification code from your e-mail (uniqueCode).')
    .max(32, 'uniqueCode (the verification code) is too long.'),
});

/** `POST /patient/{patientId}/phone/verify`: the 6-digit code from the SMS (spaces people type are dropped). */
export const phoneVerifySchema = object({
  code: string()
    .typeError('code must be text.')
    .transform((value: unknown) => (typeof value === 'string' ? value.replace(/\s/g, '') : value))
    .required('Please enter the 6-digit code from the SMS (code).')
    .matches(/^\d{6}$/, 'code must be the 6 digits from the SMS.'),
});
export type PhoneVerifyForm = { code: string };

/** `POST /auth/patient`: a new code. */
export const resendSchema = object({ patientId: ownPatientId() });

/** The fields a patient may change themselves: never e-mail, status, role, consent or ids (anything else is dropped). */
export const EDITABLE_PATIENT_FIELDS = [
  'firstName',
  'lastName',
  'contactNumber',
  'patientLocation',
  'gender',
  'dateOfBirth',
  'emergencyContact',
  'nameOfNextOfKin',
  'nextOfKinContact',
  'nextOfKinLocation',
  'nextOfKinRelationship',
] as const;

export type PatientUpdate = Pick<PatientFields, (typeof EDITABLE_PATIENT_FIELDS)[number]> & {
  /** Left as stored when not sent. */
  reminderPreferences?: ReminderPreferences;
};

/** `PUT /patient/{patientId}`: the profile form's whole set, checked by the sign-up rules for the same fields. */
export const patientUpdateSchema: ObjectSchema<PatientUpdate> = registerSchema.pick([...EDITABLE_PATIENT_FIELDS]).shape({
  reminderPreferences: object({
    sms: boolean().required('reminderPreferences.sms must be true or false.'),
    email: boolean().required('reminderPreferences.email must be true or false.'),
  })
    .default(undefined)
    .optional()
    .typeError('reminderPreferences must be { sms: boolean, email: boolean }.'),
});
