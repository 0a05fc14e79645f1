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
const CONSENT_LABEL = 'Agreement to use your health information';
const CONSENT = 'Please tick the agreement to use your health information so that we can care for you.';

/** POST /patient's body once checked: the api's PatientFields (the annotation keeps the two in step). */
export type RegisterInput = PatientFields & { patientId?: string };

/** A patientId in a body is optional and, when sent, must be the caller's own (the route checks it). */
const ownPatientId = () => idField('Patient').optional();

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
  gender: string<Gender>().label('Gender').required(CHOOSE_GENDER).oneOf(GENDERS, CHOOSE_GENDER),
  consentForTreatment: boolean().label(CONSENT_LABEL).required(CONSENT).oneOf([true], CONSENT),
  patientPicture: optionalText('Profile picture', 2048).test(
    'http-url',
    'Profile picture must be an https address.',
    (v) => !v || /^https:\/\//.test(v),
  ),
  dateOfBirth: birthDay('Date of birth'),
  address: optionalText('Address', 120),
  emergencyContact: optionalText('Emergency contact', 120),
  recoveryEmail: optionalText('Recovery e-mail', LIMITS.email),
  recoveryContact: optionalText('Recovery phone', 120),
  idType: optionalText('ID type', 120),
  idNumber: optionalText('ID number', 120),
  nameOfNextOfKin: optionalText('Next of kin', 120),
  nextOfKinContact: optionalText("Next of kin's phone", 120),
  nextOfKinLocation: optionalText("Next of kin's location", 120),
  nextOfKinRelationship: optionalText('Relationship to you', 120),
  nextOfKinBirthdate: birthDay("Next of kin's date of birth"),
  notificationToken: optionalText('Notification token', 512),
  buildNumber: optionalText('App build', 20),
  versionNumber: optionalText('App version', 20),
});

/** `PUT /patient`: the login time is the server's clock, whatever the browser says. */
export const loginSchema = object({ patientId: ownPatientId() });

/** `POST /auth/verifypatient`: the e-mailed code. */
export const verifySchema = object({
  patientId: ownPatientId(),
  uniqueCode: trimmed('Verification code')
    .required('Please enter the verification code from your e-mail.')
    .max(32, 'Verification code is too long.'),
});

/** `POST /patient/{patientId}/phone/verify`: the 6-digit code from the SMS (spaces people type are dropped). */
export const phoneVerifySchema = object({
  code: string()
    .label('Code')
    .typeError('Code must be text.')
    .transform((value: unknown) => (typeof value === 'string' ? value.replace(/\s/g, '') : value))
    .required('Please enter the 6-digit code from the SMS.')
    .matches(/^\d{6}$/, 'Code must be the 6 digits from the SMS.'),
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
    sms: boolean().label('Reminders by SMS').required('Reminders by SMS must be on or off.'),
    email: boolean().label('Reminders by e-mail').required('Reminders by e-mail must be on or off.'),
  })
    .default(undefined)
    .optional()
    .label('Reminders')
    .typeError('Reminders must say on or off for SMS and for e-mail.'),
});
