/**
 * The record after a visit (docs/record.md): visit notes, e-prescriptions and their public
 * check, lab requests, result files and follow-ups. The shapes the API answers and the one
 * Yup schema per request, used by the server's validation and the console's forms. Imports
 * only yup and siblings: bundled into the browser too.
 */
import { array, number, object, type InferType } from 'yup';
import { cleanText } from './clean-text';
import { SERVICE_ID } from './service-catalog';
import { idField, idList, optionalText, requiredText, trimmed } from './request-fields';
import type { StaffRole } from './roles';

// --- visit notes (staff side only) and the follow-up, sent with `complete` ---

/** Each part of the notes; the patient-facing summary keeps its own limit (api/staff-requests.ts). */
export const NOTE_MAX = 2000;

/** The doctor's structured notes of a visit: the clinic's, never in a patient's answer (only their data export). */
export interface ClinicalNotes {
  /** Presenting complaint. */
  complaint: string;
  findings: string;
  assessment: string;
  plan: string;
}

export const NOTE_FIELDS = [
  ['complaint', 'Presenting complaint'],
  ['findings', 'Findings'],
  ['assessment', 'Assessment'],
  ['plan', 'Plan'],
] as const satisfies readonly (readonly [keyof ClinicalNotes, string])[];

const note = (_field: keyof ClinicalNotes, label: string) => optionalText(label, NOTE_MAX);

export const clinicalNotesSchema = object({
  complaint: note('complaint', 'Presenting complaint'),
  findings: note('findings', 'Findings'),
  assessment: note('assessment', 'Assessment'),
  plan: note('plan', 'Plan'),
});

/** Notes with nothing written are no notes. */
export const hasNotes = (n: Partial<ClinicalNotes> | undefined): n is ClinicalNotes =>
  Boolean(n && NOTE_FIELDS.some(([field]) => (n[field] ?? '').trim()));

/** Fields of an appointment only the clinic's side reads: dropped from every patient answer. */
export const STAFF_ONLY_FIELDS = ['clinicalNotes'] as const;

/** The record as a patient may receive it: without the clinic's notes. */
export function withoutStaffOnly<T extends object>(record: T): Omit<T, (typeof STAFF_ONLY_FIELDS)[number]> {
  const copy = { ...record } as Record<string, unknown>;
  for (const field of STAFF_ONLY_FIELDS) delete copy[field];
  return copy as Omit<T, (typeof STAFF_ONLY_FIELDS)[number]>;
}

export const FOLLOW_UP_MAX_DAYS = 365;
export const FOLLOW_UP_NOTE_MAX = 300;
/** The reminder goes this many days before the suggested day (or at once when that is sooner). */
export const FOLLOW_UP_REMIND_DAYS_BEFORE = 2;

const DAY = /^\d{4}-\d{2}-\d{2}$/;
const isDay = (v: unknown): v is string =>
  typeof v === 'string' && DAY.test(v) && new Date(`${v}T00:00:00Z`).toISOString().slice(0, 10) === v;

/** `followUp` on complete: in so many days, or on a day; a short note the patient reads. */
export const followUpSchema = object({
  afterDays: number()
    .label('Follow-up in days')
    .typeError('Follow-up in days must be a number.')
    .integer('Follow-up in days must be a whole number.')
    .min(1, 'Follow-up in days must be at least 1.')
    .max(FOLLOW_UP_MAX_DAYS, `Follow-up in days can be at most ${FOLLOW_UP_MAX_DAYS}.`)
    .optional(),
  date: trimmed('Follow-up day')
    .test('day', 'Follow-up day must be a date written yyyy-MM-dd.', (v) => !v || isDay(v))
    .optional(),
  note: optionalText('Follow-up note', FOLLOW_UP_NOTE_MAX),
}).test(
  'one-of',
  'Suggest a follow-up: give either a number of days or a day, not both.',
  (f) => !f || (f.afterDays === undefined) !== !f.date,
);

export type FollowUpRequest = InferType<typeof followUpSchema>;

/** The follow-up as stored on the appointment and shown to the patient. */
export interface FollowUp {
  /** yyyy-MM-dd (Ghana time) the doctor suggests coming back. */
  dueDate: string;
  note: string;
  /** When the reminder is due (ISO). */
  remindAt: string;
  suggestedBy: string;
}

const DAY_MS = 86_400_000;

/** The day a follow-up falls on; undefined when a given date is not after `today`. */
export function followUpDay(f: FollowUpRequest, today: string): string | undefined {
  const day = f.date ?? new Date(Date.parse(`${today}T00:00:00Z`) + (f.afterDays ?? 0) * DAY_MS).toISOString().slice(0, 10);
  const last = new Date(Date.parse(`${today}T00:00:00Z`) + FOLLOW_UP_MAX_DAYS * DAY_MS).toISOString().slice(0, 10);
  return day > today && day <= last ? day : undefined;
}

/** When to remind: 08:00 Ghana time, FOLLOW_UP_REMIND_DAYS_BEFORE days before the day, never before `now`. */
export function followUpRemindAt(dueDate: string, now: Date): Date {
  const at = new Date(Date.parse(`${dueDate}T08:00:00Z`) - FOLLOW_UP_REMIND_DAYS_BEFORE * DAY_MS);
  return at > now ? at : now;
}

/** The booking form's address, prefilled for the same service (and doctor). */
export function followUpBookingPath(a: { requestedServiceId: number; doctorId: string | null }): string {
  const doctor = a.requestedServiceId === SERVICE_ID.virtualConsultation && a.doctorId ? `&doctor=${a.doctorId}` : '';
  return `/appointment-page?service=${a.requestedServiceId}${doctor}`;
}

// --- e-prescriptions ---

export const PRESCRIPTION_ITEMS_MAX = 20;
export const MEDICINE_MAX = 120;
export const ITEM_FIELD_MAX = 60;
export const ITEM_NOTES_MAX = 300;
export const QUANTITY_MAX = 9999;

export interface PrescriptionItem {
  medicine: string;
  /** e.g. '500 mg' */
  strength: string;
  /** e.g. '1 tablet' */
  dose: string;
  /** e.g. '3 times a day' */
  frequency: string;
  /** e.g. '5 days' */
  duration: string;
  /** Units to dispense. */
  quantity: number;
  notes?: string;
}

const itemText = (label: string, _field: string, max = ITEM_FIELD_MAX) => requiredText(label, max);

export const prescriptionItemSchema = object({
  medicine: itemText('Medicine', 'medicine', MEDICINE_MAX),
  strength: itemText('Strength', 'strength'),
  dose: itemText('Dose', 'dose'),
  frequency: itemText('How often', 'frequency'),
  duration: itemText('How long', 'duration'),
  quantity: number()
    .label('Quantity')
    .transform((value: number, original: unknown) => (original === '' ? undefined : value))
    .typeError('Quantity must be a number.')
    .required('Quantity is required.')
    .integer('Quantity must be a whole number.')
    .min(1, 'Quantity must be at least 1.')
    .max(QUANTITY_MAX, `Quantity can be at most ${QUANTITY_MAX}.`),
  notes: optionalText('Notes', ITEM_NOTES_MAX),
});

/** POST /staff/appointments/{appointmentId}/prescriptions. */
export const prescriptionSchema = object({
  items: array(prescriptionItemSchema)
    .label('Medicines')
    .required('Medicines are required: add at least one.')
    .min(1, 'Medicines are required: add at least one.')
    .max(PRESCRIPTION_ITEMS_MAX, `Medicines: at most ${PRESCRIPTION_ITEMS_MAX} on one prescription.`),
});

export type PrescriptionRequest = InferType<typeof prescriptionSchema>;

export type PrescriptionStatus = 'Issued' | 'Dispensed' | 'Cancelled';

/** A prescription as its patient sees it (GET /prescriptions/{patientId}). */
export interface Prescription {
  prescriptionId: string;
  appointmentId: string;
  patientId: string;
  doctorId: string | null;
  /** 'Dr Kwame Mensah', as printed. */
  doctor: string;
  items: PrescriptionItem[];
  /** The short code a pharmacy checks at /rx (RX_CODE_LENGTH characters of RX_CODE_ALPHABET). */
  code: string;
  status: PrescriptionStatus;
  issuedAt: string;
  dispensedAt?: string;
  /** The Medicine Delivery booking that carries it, once ordered. */
  deliveryAppointmentId?: string;
}

/** Answer of POST .../prescriptions. */
export interface PrescriptionIssued {
  prescriptionId: string;
  code: string;
}

// The code itself lives in rx-code.ts, without Yup: the public check page needs only it.
export { normaliseRxCode, RX_CODE_ALPHABET, RX_CODE_LENGTH, RX_OLD_CODE_LENGTH } from './rx-code';

/** GET /rx/{code}: whether it is ours and may be dispensed, and no more (no name, no medicines). */
export interface RxCheck {
  status: PrescriptionStatus;
  issuedAt: string;
  doctor: string;
  /** When a pharmacy or the clinic marked it dispensed. */
  dispensedAt?: string;
}

/** 'A. S. M.', 'asm', 'A.S.M' -> 'ASM': only the letters count. */
export const initialsKey = (typed: string): string => typed.toUpperCase().replace(/[^A-Z]/g, '');

/**
 * POST /rx/{code}/items and /rx/{code}/dispense: what the pharmacist reads on the paper
 * prescription and the patient's card, which a guessed code does not come with.
 */
export const rxProofSchema = object({
  initials: requiredText('Patient’s initials', 20).test(
    'letters',
    'Patient’s initials: type the first letter of each of the patient’s names, like ASM.',
    (value) => !value || initialsKey(value).length > 0,
  ),
  birthYear: number()
    .label('Patient’s year of birth')
    .typeError('Patient’s year of birth must be a year, like 1984.')
    .required('Patient’s year of birth is required.')
    .integer('Patient’s year of birth must be a year, like 1984.')
    .min(1900, 'Patient’s year of birth must be a year, like 1984.')
    .max(2100, 'Patient’s year of birth must be a year, like 1984.'),
});

export type RxProof = InferType<typeof rxProofSchema>;

/** POST /rx/{code}/dispense: the proof and the pharmacy that dispenses, kept for the clinic's audit. */
export const rxDispenseSchema = rxProofSchema.shape({
  pharmacy: requiredText('Your pharmacy’s name', 120),
});

export type RxDispenseRequest = InferType<typeof rxDispenseSchema>;

/** Answer of POST /rx/{code}/items: the medicines, without their notes. */
export interface RxItems extends RxCheck {
  items: Omit<PrescriptionItem, 'notes'>[];
}

/** 'Ama Serwaa Mensah' -> 'A. S. M.' */
export const initialsOf = (name: string): string =>
  name
    .split(/\s+/)
    .filter(Boolean)
    .map((part) => `${part[0].toUpperCase()}.`)
    .join(' ');

// --- lab requests ---

export const LAB_REQUEST_TESTS_MAX = 30;

/** POST /staff/appointments/{appointmentId}/lab-requests: ids from the lab price list. */
export const labRequestSchema = object({
  tests: idList('Lab tests')
    .required('Lab tests are required: choose at least one.')
    .min(1, 'Lab tests are required: choose at least one.')
    .max(LAB_REQUEST_TESTS_MAX, `Lab tests: at most ${LAB_REQUEST_TESTS_MAX}.`),
});

export type LabRequestBody = InferType<typeof labRequestSchema>;

/** Requested by the doctor; Booked once the patient books them (a lab booking that lapses makes it Requested again). */
export type LabRequestStatus = 'Requested' | 'Booked';

export interface LabRequest {
  labRequestId: string;
  appointmentId: string;
  patientId: string;
  /** Lab ids from GET /labs/prices. */
  tests: string[];
  /** Their names as they were when requested. */
  testNames: string[];
  status: LabRequestStatus;
  doctor: string;
  requestedAt: string;
  /** The lab booking (service 6) made from it. */
  bookedAppointmentId?: string;
}

/** Answer of POST .../lab-requests. */
export interface LabRequestCreated {
  labRequestId: string;
}

/** Bookings that still hold a prescription's order or a lab request (Cancelled, Declined, Expired, NoShow give them back). */
export const LIVE_BOOKING_STATES: readonly string[] = ['Pending', 'Accepted', 'OnTheWay', 'CheckedIn', 'Completed'];

/** The booking form's address for a lab request: the lab service with its tests ticked. */
export const labRequestBookingPath = (r: Pick<LabRequest, 'labRequestId' | 'tests'>) =>
  `/appointment-page?service=${SERVICE_ID.labTests}&labRequest=${r.labRequestId}&labs=${r.tests.join(',')}`;

/** The booking form's address for ordering a prescription's medicines (Medicine Delivery, no file needed). */
export const prescriptionOrderPath = (p: Pick<Prescription, 'prescriptionId'>) =>
  `/appointment-page?service=${SERVICE_ID.prescription}&prescription=${p.prescriptionId}`;

// --- result files ---

/** A result is one Firestore document (files/{fileId}): its bytes stay well under the 1 MiB document limit. */
export const MAX_RESULT_BYTES = 900 * 1024;
export const RESULT_TYPES = ['application/pdf', 'image/jpeg', 'image/png'] as const;
export type ResultType = (typeof RESULT_TYPES)[number];
export const RESULT_NAME_MAX = 120;
export const RESULTS_PER_APPOINTMENT_MAX = 10;

/** `results` on a lab booking: what describes each file (the bytes are in files/{fileId}). */
export interface LabResult {
  fileId: string;
  name: string;
  contentType: ResultType;
  uploadedAt: string;
  /** Who uploaded it (the staff member's e-mail, or uid). */
  by: string;
}

/** The file's name as given in `?name=`: a plain name of at most RESULT_NAME_MAX characters, 'result' when none. */
export function resultName(raw: unknown): string {
  const name = cleanText(typeof raw === 'string' ? raw : '')
    .replace(/[^\p{L}\p{N} ._()-]/gu, '')
    .trim()
    .slice(0, RESULT_NAME_MAX);
  return name || 'result';
}

/** The record fields a visit adds to an appointment (api/types.ts Appointment extends this). */
export interface AppointmentRecordFields {
  /** Staff side only (STAFF_ONLY_FIELDS). */
  clinicalNotes?: ClinicalNotes;
  followUp?: FollowUp;
  /** On a lab booking: the result files. */
  results?: LabResult[];
  /** A Medicine Delivery booking made from an e-prescription (stands in for the uploaded file). */
  prescriptionId?: string;
  /** A lab booking made from a doctor's lab request. */
  labRequestId?: string;
}

// --- age, for the record ---

/** Whole years from a yyyy-MM-dd birthday to `today` (yyyy-MM-dd); null when unknown or in the future. */
export function ageOn(dateOfBirth: string | undefined, today: string): number | null {
  if (!dateOfBirth || !isDay(dateOfBirth) || dateOfBirth > today) return null;
  const [y, m, d] = dateOfBirth.split('-').map(Number);
  const [ty, tm, td] = today.split('-').map(Number);
  return ty - y - (tm < m || (tm === m && td < d) ? 1 : 0);
}

// --- who opened the record: the patient's list, from the audit log (docs/record.md 'Who reads what') ---

/** The audit actions that are a look at the record: the whole record, a result file from it, one visit's record. */
export const RECORD_OPENING_ACTIONS = ['patient.record.read', 'patient.file.read', 'appointment.record.read'] as const;
export type RecordOpeningAction = (typeof RECORD_OPENING_ACTIONS)[number];

/** What each opening showed, in the patient's words. */
export const RECORD_OPENING_WORDS: Record<RecordOpeningAction, string> = {
  'patient.record.read': 'Opened your record',
  'patient.file.read': 'Opened a result file from your record',
  'appointment.record.read': "Read one visit's prescriptions and lab requests",
};

/** Who opened it, by role, in the patient's words. */
export const RECORD_OPENER_ROLE_WORDS: Record<StaffRole, string> = {
  admin: 'Clinic administrator',
  staff: 'Front desk',
  doctor: 'Doctor',
  nurse: 'Nurse',
};

/** The appointment a record was opened through, as it stood then: its audit entry keeps it. */
export interface RecordThrough {
  appointmentId: string;
  service: string;
  /** yyyy-MM-dd */
  day: string;
}

/** One opening of the caller's record (GET /api/patient/{patientId}/record-openings), newest first. */
export interface RecordOpening {
  id: string;
  at: string;
  /** The staff member's e-mail, as the audit holds it. */
  who: string;
  role: StaffRole;
  action: RecordOpeningAction;
  /** null: opened by an admin or the front desk, who read any record without an appointment. */
  through: RecordThrough | null;
}

export interface RecordOpenings {
  items: RecordOpening[];
  nextCursor: string | null;
}

/** Openings a page holds. */
export const RECORD_OPENINGS_PAGE_SIZE = 20;

/** GET /api/patient/{patientId}/record-openings?cursor=: the next page after the last opening shown. */
export const recordOpeningsQuerySchema = object({ cursor: idField('Page').optional() });
