/**
 * The booking request (POST /appointments): the server validates with it and the site's
 * booking form is checked with it, so a person sees the server's rules before sending.
 * Imports only yup and siblings: bundled into the browser.
 */
import { number, object, string, type InferType, type StringSchema } from 'yup';
import { BOOK_FOR, DIETARY_MODES, EXPECTED_PEOPLE, GENDERS, ORGANIZATION_SERVICES, ORGANIZATION_TYPES } from './booking-choices';
import { bookableDay, clockTime, idField, idList, requiredId, requiredPhone, todayInGhana, trimmed } from './request-fields';
import { SAMPLES_AT_HOME, SERVICE_ID, SERVICES, atHome } from './service-catalog';

export { todayInGhana };

const COMMUNITY_SERVICES: number[] = [SERVICE_ID.corporateWellness, SERVICE_ID.agricHealth];

/** A field that only some services use: required for them, dropped for the rest. */
const onlyFor = (ids: number[], schema: StringSchema, requiredMsg: string) =>
  schema.when('requestedServiceId', {
    is: (id: number) => ids.includes(id),
    then: (s) => s.required(requiredMsg),
    otherwise: (s) => s.strip(),
  });

/** A field only one service takes, and that one may leave out ('' is left out too). */
const optionalFor = (id: number, schema: StringSchema) =>
  schema
    .transform((value: unknown) => (value === '' ? undefined : value))
    .when('requestedServiceId', { is: id, then: (s) => s.optional(), otherwise: (s) => s.strip() });

const isVirtualDietary = (id: number, option: string) => id === SERVICE_ID.dietary && option === 'VIRTUAL';

const text = (label: string, max: number) => trimmed(label).max(max, `${label} must be at most ${max} characters.`);

// --- the address of a home visit or a delivery (docs/front-desk.md) ---

// Which services go to the patient's address lives with the services (no yup), so the console's lists can ask it too.
export { AT_HOME_SERVICE_IDS, atHome } from './service-catalog';

/** GhanaPost GPS digital address: two letters, 3 or 4 digits, 4 digits (GA-123-4567). */
export const DIGITAL_ADDRESS = /^[A-Z]{2}-\d{3,4}-\d{4}$/;

/**
 * A GhanaPost code as people type it, in its one stored form: any case, with or without dashes
 * or spaces ('ak4859320', 'AK 485 9320' -> 'AK-485-9320'); anything else is left for the check to refuse.
 */
export function tidyDigitalAddress(typed: string): string {
  const bare = typed.toUpperCase().replace(/[\s-]/g, '');
  const parts = /^([A-Z]{2})(\d{3,4})(\d{4})$/.exec(bare);
  return parts ? `${parts[1]}-${parts[2]}-${parts[3]}` : typed.trim().toUpperCase();
}

/** Where the clinician goes (or the medicine is brought): a street address or a landmark people know. */
export interface HomeAddress {
  line: string;
  landmark?: string;
  digitalAddress?: string;
}

export const addressSchema = object({
  line: text('Street address or landmark', 200).required('Street address or landmark is required.'),
  landmark: text('Nearby landmark', 120).optional(),
  digitalAddress: string()
    .label('GhanaPost digital address')
    .transform((v: unknown) => (typeof v === 'string' ? tidyDigitalAddress(v) || undefined : v))
    .matches(DIGITAL_ADDRESS, 'GhanaPost digital address must be like GA-123-4567 (two letters, then digits).')
    .optional(),
})
  .label('Address')
  .default(undefined)
  .typeError(
    'Address must be a street address or landmark, with a nearby landmark and GhanaPost digital address if you have them.',
  );

/**
 * What a patient may send when booking. Everything the server decides (patientId, fee,
 * statuses, reference, doctor snapshot) is not in here, so stripUnknown drops it.
 */
export const bookingSchema = object({
  bookFor: string()
    .label('Who is the appointment for')
    .oneOf(BOOK_FOR, 'Who is the appointment for must be yourself or someone else.')
    .default('SELF'),
  firstName: text('First Name', 80).required('First Name is required.'),
  lastName: text('Last Name', 80).required('Last Name is required.'),
  gender: string().label('Gender').required('Gender is required.').oneOf(GENDERS, 'Gender must be male or female.'),
  emailAddress: text('Email Address', 254)
    .required('Email Address is required.')
    .email('Email Address must be a valid e-mail address, like ama@example.com.'),
  contactNumber: requiredPhone('Phone Number'),
  location: text('Location', 120).required('Location is required.'),
  healthProblem: text('Health Problem', 2000).default(''),
  requestedServiceId: number()
    .label('Service')
    // A form's empty select ('') is a missing service, not a wrong one.
    .transform((value: number, original: unknown) => (original === '' ? undefined : value))
    .typeError('Service must be one of our services.')
    .required('Service is required.')
    .oneOf(
      SERVICES.map((s) => s.id),
      'Service must be one of our services.',
    ),
  requestedDay: bookableDay('Preferred Date'),
  requestedServiceOption: string()
    .label('Mode')
    .when('requestedServiceId', ([id]: number[], s) =>
      id === SERVICE_ID.dietary
        ? s
            .required('Mode is required for dietary management.')
            .oneOf(DIETARY_MODES, 'Mode must be a virtual consultation or a home visit.')
        : id === SERVICE_ID.labTests
          ? // SAMPLES_AT_HOME, else at the clinic's lab: any other value (a dietary mode the form
            // kept when the service changed) is dropped, as it always was for lab tests.
            s.transform((value: unknown) => (value === SAMPLES_AT_HOME ? value : undefined)).optional()
          : s.strip(),
    ),
  requestedTime: string()
    .label('Preferred Time')
    .when(['requestedServiceId', 'requestedServiceOption'], {
      is: (id: number, option: string) => id === SERVICE_ID.virtualConsultation || isVirtualDietary(id, option),
      then: () => clockTime('Preferred Time').required('Preferred Time is required for a virtual consultation.'),
      otherwise: (s) => s.strip(),
    }),
  doctorId: onlyFor([SERVICE_ID.virtualConsultation], idField('Doctor'), 'Doctor is required for a virtual consultation.'),
  selectedLabs: idList('Lab tests').when('requestedServiceId', {
    is: SERVICE_ID.labTests,
    then: (s) =>
      s
        .required('Lab tests are required: choose at least one.')
        .min(1, 'Lab tests are required: choose at least one.')
        .max(30, 'Lab tests: at most 30 may be chosen.'),
    otherwise: (s) => s.strip(),
  }),
  appointmentFiles: string()
    .label('Prescription file')
    .when(['requestedServiceId', 'prescriptionId'], {
      // An e-prescription of ours (prescriptionId) stands in for the photo of a paper one.
      is: (id: number, prescriptionId: string | undefined) => id === SERVICE_ID.prescription && !prescriptionId,
      then: (s) => s.required('Prescription file is required for medicine delivery.'),
      otherwise: (s) => s.strip(),
    }),
  /** Medicine Delivery of one of the patient's own e-prescriptions (api/record.ts): no file needed. */
  prescriptionId: optionalFor(SERVICE_ID.prescription, idField('Prescription')),
  /** A lab booking of the tests a doctor requested (api/record.ts). */
  labRequestId: optionalFor(SERVICE_ID.labTests, idField('Lab request')),
  appointmentFileName: text('Prescription file name', 200).default(''),
  organiztionName: onlyFor(COMMUNITY_SERVICES, text('Organization Name', 120), 'Organization Name is required.'),
  organiztionLocation: onlyFor(COMMUNITY_SERVICES, text('Organization Location', 120), 'Organization Location is required.'),
  organiztionType: onlyFor(
    COMMUNITY_SERVICES,
    string().label('Organization Type').oneOf(ORGANIZATION_TYPES, 'Organization Type must be a community or an organization.'),
    'Organization Type is required.',
  ),
  organiztionService: onlyFor(
    COMMUNITY_SERVICES,
    string().label('Service Needed').oneOf(ORGANIZATION_SERVICES, 'Service Needed is not one we offer.'),
    'Service Needed is required.',
  ),
  /** Booking for someone else: a dependant the patient named (services/packages/dependants.ts fills their name and gender). */
  dependantId: idField('Family member').when('bookFor', {
    is: 'OTHERS',
    then: (s) => s.optional(),
    otherwise: (s) => s.strip(),
  }),
  /** A home visit's or delivery's address (atHome services only; dropped for the rest). */
  address: addressSchema.when(['requestedServiceId', 'requestedServiceOption'], {
    is: (id: number, option: string) => atHome(id, option),
    then: (s) => s.required('Address is required for a home visit or a delivery: a street address or landmark.'),
    otherwise: (s) => s.strip(),
  }),
  expectedPeople: onlyFor(
    COMMUNITY_SERVICES,
    string()
      .label('Expected Number of Beneficiaries')
      .oneOf(EXPECTED_PEOPLE, 'Expected Number of Beneficiaries must be 1-20, 21-50, 51-100 or above 100.'),
    'Expected Number of Beneficiaries is required.',
  ),
});

export type CreateAppointmentInput = InferType<typeof bookingSchema>;

export const appointmentIdSchema = object({ appointmentId: requiredId('Appointment') });
