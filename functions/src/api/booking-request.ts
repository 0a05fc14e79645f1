/**
 * The booking request (POST /appointments): the server validates with it and the site's
 * booking form is checked with it, so a person sees the server's rules before sending.
 * Imports only yup and siblings: bundled into the browser.
 */
import { number, object, string, type InferType, type StringSchema } from 'yup';
import { BOOK_FOR, DIETARY_MODES, EXPECTED_PEOPLE, GENDERS, ORGANIZATION_SERVICES, ORGANIZATION_TYPES } from './booking-choices';
import { bookableDay, clockTime, idField, idList, requiredId, requiredPhone, todayInGhana } from './request-fields';
import { SERVICE_ID, SERVICES, atHome } from './service-catalog';

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

const text = (label: string, max: number) => string().trim().max(max, `${label} must be at most ${max} characters.`);

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
  line: text('Street address or landmark (address.line)', 200).required('Street address or landmark (address.line) is required.'),
  landmark: text('Landmark (address.landmark)', 120).optional(),
  digitalAddress: string()
    .transform((v: unknown) => (typeof v === 'string' ? tidyDigitalAddress(v) || undefined : v))
    .matches(DIGITAL_ADDRESS, 'Digital address (address.digitalAddress) must be a GhanaPost address like GA-123-4567.')
    .optional(),
})
  .default(undefined)
  .typeError('Address (address) must be an object: { line, landmark, digitalAddress }.');

/**
 * What a patient may send when booking. Everything the server decides (patientId, fee,
 * statuses, reference, doctor snapshot) is not in here, so stripUnknown drops it.
 */
export const bookingSchema = object({
  bookFor: string().oneOf(BOOK_FOR, 'Book for (bookFor) must be SELF or OTHERS.').default('SELF'),
  firstName: text('First name (firstName)', 80).required('First name (firstName) is required.'),
  lastName: text('Last name (lastName)', 80).required('Last name (lastName) is required.'),
  gender: string().required('Gender (gender) is required.').oneOf(GENDERS, 'Gender (gender) must be MALE or FEMALE.'),
  emailAddress: text('Email (emailAddress)', 254)
    .required('Email (emailAddress) is required.')
    .email('Email (emailAddress) must be a valid e-mail address.'),
  contactNumber: requiredPhone('Phone (contactNumber)'),
  location: text('Location (location)', 120).required('Location (location) is required.'),
  healthProblem: text('Health problem (healthProblem)', 2000).default(''),
  requestedServiceId: number()
    // A form's empty select ('') is a missing service, not a wrong one.
    .transform((value: number, original: unknown) => (original === '' ? undefined : value))
    .typeError('Service (requestedServiceId) must be one of our services.')
    .required('Service (requestedServiceId) is required.')
    .oneOf(
      SERVICES.map((s) => s.id),
      'Service (requestedServiceId) must be one of our services.',
    ),
  requestedDay: bookableDay('Preferred day (requestedDay)'),
  requestedServiceOption: onlyFor(
    [SERVICE_ID.dietary],
    string().oneOf(DIETARY_MODES, 'Mode (requestedServiceOption) must be VIRTUAL or HOME_VISIT.'),
    'Mode (requestedServiceOption) is required for dietary management.',
  ),
  requestedTime: string().when(['requestedServiceId', 'requestedServiceOption'], {
    is: (id: number, option: string) => id === SERVICE_ID.virtualConsultation || isVirtualDietary(id, option),
    then: () =>
      clockTime('Preferred time (requestedTime)').required(
        'Preferred time (requestedTime) is required for a virtual consultation.',
      ),
    otherwise: (s) => s.strip(),
  }),
  doctorId: onlyFor(
    [SERVICE_ID.virtualConsultation],
    idField('Doctor (doctorId)'),
    'Doctor (doctorId) is required for a virtual consultation.',
  ),
  selectedLabs: idList('Lab tests (selectedLabs)').when('requestedServiceId', {
    is: SERVICE_ID.labTests,
    then: (s) =>
      s
        .required('Lab tests (selectedLabs) are required: choose at least one.')
        .min(1, 'Lab tests (selectedLabs) are required: choose at least one.')
        .max(30, 'Lab tests (selectedLabs): at most 30 may be chosen.'),
    otherwise: (s) => s.strip(),
  }),
  appointmentFiles: string().when(['requestedServiceId', 'prescriptionId'], {
    // An e-prescription of ours (prescriptionId) stands in for the photo of a paper one.
    is: (id: number, prescriptionId: string | undefined) => id === SERVICE_ID.prescription && !prescriptionId,
    then: (s) => s.required('Prescription file (appointmentFiles) is required for medicine delivery.'),
    otherwise: (s) => s.strip(),
  }),
  /** Medicine Delivery of one of the patient's own e-prescriptions (api/record.ts): no file needed. */
  prescriptionId: optionalFor(SERVICE_ID.prescription, idField('Prescription (prescriptionId)')),
  /** A lab booking of the tests a doctor requested (api/record.ts). */
  labRequestId: optionalFor(SERVICE_ID.labTests, idField('Lab request (labRequestId)')),
  appointmentFileName: string().trim().max(200).default(''),
  organiztionName: onlyFor(
    COMMUNITY_SERVICES,
    text('Organization name (organiztionName)', 120),
    'Organization name (organiztionName) is required.',
  ),
  organiztionLocation: onlyFor(
    COMMUNITY_SERVICES,
    text('Organization location (organiztionLocation)', 120),
    'Organization location (organiztionLocation) is required.',
  ),
  organiztionType: onlyFor(
    COMMUNITY_SERVICES,
    string().oneOf(ORGANIZATION_TYPES, 'Organization type (organiztionType) must be COMMUNITY or ORGANIZATION.'),
    'Organization type (organiztionType) is required.',
  ),
  organiztionService: onlyFor(
    COMMUNITY_SERVICES,
    string().oneOf(ORGANIZATION_SERVICES, 'Organization service (organiztionService) is not one we offer.'),
    'Organization service (organiztionService) is required.',
  ),
  /** Booking for someone else: a dependant the patient named (services/packages/dependants.ts fills their name and gender). */
  dependantId: idField('Family member (dependantId)').when('bookFor', {
    is: 'OTHERS',
    then: (s) => s.optional(),
    otherwise: (s) => s.strip(),
  }),
  /** A home visit's or delivery's address (atHome services only; dropped for the rest). */
  address: addressSchema.when(['requestedServiceId', 'requestedServiceOption'], {
    is: (id: number, option: string) => atHome(id, option),
    then: (s) => s.required('Address (address) is required for a home visit or a delivery: a street address or landmark.'),
    otherwise: (s) => s.strip(),
  }),
  expectedPeople: onlyFor(
    COMMUNITY_SERVICES,
    string().oneOf(EXPECTED_PEOPLE, 'Expected people (expectedPeople) must be 1-20, 21-50, 51-100 or ABOVE.'),
    'Expected people (expectedPeople) is required.',
  ),
});

export type CreateAppointmentInput = InferType<typeof bookingSchema>;

export const appointmentIdSchema = object({ appointmentId: requiredId('Appointment (appointmentId)') });
