/**
 * The front desk and the field (docs/front-desk.md): people the clinic holds without an account,
 * bookings made by staff for them, payments taken at the desk, home visits (address, who goes,
 * when they arrive), closed days and the appointments they leave to rebook, and the inbox's
 * replies. The schemas are the requests' one rule, used by the server's routes and the console's
 * forms. Imports only yup and siblings: bundled into the browser too.
 *
 * Routes (every answer the usual envelope; roles in brackets):
 * - POST /api/staff/patients (admin, staff) clinicPatientSchema -> 201 ClinicPatientCreated; 409 data ExistingPerson
 * - POST /api/staff/patients/{patientId}/phone/code (admin, staff) -> PhoneCodeSent
 * - POST /api/staff/patients/{patientId}/phone/verify (admin, staff) phoneCodeSchema -> PhoneVerified
 * - POST /api/staff/patients/{patientId}/email/code (admin, staff) -> PhoneCodeSent (sentTo: the address)
 * - POST /api/staff/patients/{patientId}/email/verify (admin, staff) phoneCodeSchema -> EmailVerified
 * - POST /api/staff/patients/{patientId}/confirm-claim (admin, staff) confirmClaimSchema -> ClaimConfirmed
 * - POST /api/staff/appointments (admin, staff) staffBookingSchema -> 201 Appointment (source CLINIC, bookedBy); an account
 *   holder confirms it at confirmBookingPath (POST /api/appointments/{appointmentId}/confirm, the owner) -> confirmedByPatientAt
 * - POST /api/staff/payments/{clientReference}/record (admin, staff) deskPaymentSchema -> DeskPaymentOutcome
 * - POST /api/staff/payments/{clientReference}/link (admin, staff) -> PaymentLinkSent
 * - GET /api/staff/clinicians (admin, staff) -> Clinician[]
 * - POST /api/staff/appointments/{appointmentId}/assign (admin, staff) assignSchema -> Appointment
 * - POST /api/staff/appointments/{appointmentId}/on-the-way (the assigned clinician, admin, staff) -> Appointment
 * - GET /api/staff/appointments?day= | from=&to= (7 days), &q=, &needsRebooking=true, &assignedTo= (api/staff-requests.ts)
 * - GET /api/staff/appointments/day-sheet.csv?day=&doctorId= | &homeVisits=true (admin, staff, doctor, nurse) -> text/csv
 * - GET /api/staff/closures?from&to (all staff) -> Closure[]; PUT|DELETE /api/staff/closures/{day} (admin)
 *   closureSchema -> Closure; 409 data AffectedAnswer unless confirm: true
 * - PUT /api/staff/doctors/{doctorId}/schedule: the same 409 data AffectedAnswer for time off, unless confirm: true
 * - GET /api/staff/orders?toDispatch=true, GET /api/staff/orders/{id} (admin, staff) -> StaffOrder (customer fields)
 * - POST /api/staff/messages/{id}/status messageStatusSchema, POST /api/staff/messages/{id}/reply messageReplySchema
 *   (admin, staff) -> StaffMessage
 */
import { boolean, mixed, object, string, type InferType } from 'yup';
import { GENDERS } from './booking-choices';
import { dayRangeSchema, isDay } from './scheduling';
import { bookingSchema, type HomeAddress } from './booking-request';
import { idField, isClockTime, requiredId, requiredText, storedGhanaPhone, trimmed } from './request-fields';
import type { ClinicianRole, StaffRole } from './roles';

// --- people the clinic holds without an account ---

/** Where a patient record comes from: signed up on the site, added by the clinic's staff, or made when an unknown number dialled the USSD service (docs/ussd.md). */
export type PatientSource = 'WEBSITE' | 'CLINIC' | 'USSD';

/** A record the clinic holds without an account (the desk's, or one a USSD caller made): claimable by signing up with its number. */
export const CLINIC_RECORD_SOURCES: readonly PatientSource[] = ['CLINIC', 'USSD'];
export const isClinicRecord = (source: unknown): boolean => CLINIC_RECORD_SOURCES.includes(source as PatientSource);

/** accountStatus of a record the clinic holds for a person without an account (no Auth user). */
export const CLINIC_ACCOUNT_STATUS = 'Clinic';

/** The fields a patient record carries for the front desk (api/types Patient has them, optional: old records lack them). */
export interface ClinicRecordFields {
  /** Absent on records made before the front desk: read as 'WEBSITE'. */
  source?: PatientSource;
  /** When the phone number was proved by a code sent to it (ISO 8601). */
  phoneVerifiedAt?: string;
  /** A clinic record's typed e-mail address, proved by the code the desk sent to it (ISO 8601); no mail goes to it before. */
  emailVerifiedAt?: string;
  /** A clinic record taken over by the account that signed up with its verified phone. */
  claimedBy?: string;
  claimedAt?: string;
  /**
   * The last account that proved this number with a year of birth other than the one the desk
   * recorded: not claimed, and why; `count` mismatches in all on this record
   * (CLAIM_MISMATCHES_TO_LOCK lock it; older records without one count as 1).
   */
  claimMismatch?: { accountId: string; at: string; why: string; count?: number };
  /** An account proved this number, but the desk recorded no date of birth to compare: it waits for the desk to confirm the person. */
  claimWaiting?: { accountId: string; at: string };
  /** On an account: a clinic record under its proved number that it has not taken over yet, as the patient is told it. */
  clinicClaim?: ClinicClaimState;
  /** Who at the clinic added the record. */
  createdBy?: { uid: string; role: StaffRole };
}

// --- claiming: an account proves the number of a clinic record ---

/** Mismatched years of birth on one clinic record before its claim is locked: then only the desk's confirmation claims it. */
export const CLAIM_MISMATCHES_TO_LOCK = 3;

/**
 * Why a clinic record under an account's proved number has not joined the account: the desk
 * recorded no date of birth (it must confirm the person), the year of birth did not match (or the
 * account has none: not counted) and a fresh code tries again, or it no longer may be tried online.
 */
export interface ClinicClaimState {
  status: 'waiting-for-desk' | 'try-again' | 'locked';
  at: string;
  /** try-again: mismatches this record may still take before it locks. */
  triesLeft?: number;
  /** try-again: the account has no date of birth to compare with the desk's. */
  noBirthDate?: true;
}

/** What the patient is told of a claim that did not go through (the profile's Phone number card, the verify answer's msg). */
export function clinicClaimSentence(claim: ClinicClaimState): string {
  const held = 'The clinic keeps a record for this number (from a call or a visit).';
  if (claim.status === 'waiting-for-desk')
    return `${held} The front desk must confirm it is you before it joins your account: visit or call the clinic, with an ID.`;
  if (claim.status === 'locked')
    return `${held} Your year of birth did not match the clinic's ${CLAIM_MISMATCHES_TO_LOCK} times, so it can no longer be added online. Visit the clinic's front desk with an ID: they confirm you and add it to your account.`;
  if (claim.noBirthDate)
    return `${held} To add it to your account, enter your date of birth in My details, then send a new code to this number.`;
  const left = claim.triesLeft ?? 1;
  return `${held} Your year of birth is not the one the clinic recorded, so it was not added. Check your date of birth in My details, then send a new code to try again (${left} ${left === 1 ? 'try' : 'tries'} left).`;
}

/** POST /api/staff/patients/{patientId}/confirm-claim: the desk has checked the person; the account their claim goes to. */
export const confirmClaimSchema = object({
  accountId: requiredId('Account'),
});
export type ConfirmClaimRequest = InferType<typeof confirmClaimSchema>;

/** The answer of .../confirm-claim: the record now belongs to the account, with its appointments. */
export interface ClaimConfirmed {
  patientId: string;
  claimedBy: string;
  appointments: number;
}

/** POST /api/staff/patients: a person without an account, as the desk adds them (phone stored +233...). */
export const clinicPatientSchema = object({
  firstName: requiredText('First Name', 80),
  lastName: requiredText('Last Name', 80),
  contactNumber: storedGhanaPhone('Phone Number'),
  gender: mixed<(typeof GENDERS)[number]>()
    .label('Gender')
    .oneOf([...GENDERS], 'Gender must be male or female.')
    .optional(),
  dateOfBirth: trimmed('Date of birth')
    .test('day', 'Date of birth must be a date written yyyy-MM-dd.', (v) => !v || isDay(v))
    .test('past', 'Date of birth must be in the past.', (v) => !v || !isDay(v) || v <= new Date().toISOString().slice(0, 10))
    .optional(),
  emailAddress: trimmed('Email Address')
    .lowercase()
    .max(254, 'Email Address must be at most 254 characters.')
    .email('Email Address must be a valid email address, like ama@example.com.')
    .optional(),
});
export type ClinicPatientRequest = InferType<typeof clinicPatientSchema>;

/** 201 answer of POST /api/staff/patients. */
export interface ClinicPatientCreated {
  patientId: string;
}

/** 409 answer's `data` when the phone is already someone's (a clinic record or an account). */
export interface ExistingPerson {
  patientId: string;
  name: string;
  contactNumber: string;
  source: PatientSource;
}

/** POST /api/staff/patients/{patientId}/phone/code: where the code went and until when it works. */
export interface PhoneCodeSent {
  sentTo: string;
  expiresAt: string;
}

/** POST /api/staff/patients/{patientId}/phone/verify. */
export const phoneCodeSchema = object({
  code: requiredText('Code', 20),
});
export type PhoneCodeRequest = InferType<typeof phoneCodeSchema>;

/**
 * POST /staff/patients/{patientId}/phone-pin/reset (admin, staff; audited): the desk forgets a
 * person's phone PIN (docs/ussd.md 'The PIN') only after checking their ID.
 */
const CONFIRM_ID_CHECKED = "ID checked: confirm that you checked the person's ID.";
export const phonePinResetSchema = object({
  idChecked: boolean()
    .label('ID checked')
    .typeError(CONFIRM_ID_CHECKED)
    .required(CONFIRM_ID_CHECKED)
    .oneOf([true], CONFIRM_ID_CHECKED),
});
export type PhonePinResetRequest = InferType<typeof phonePinResetSchema>;

/** Whether a person has a phone PIN: none yet, set, or locked after three wrong tries. */
export type PhonePinState = 'none' | 'set' | 'locked';

/** The answer of .../phone/verify. */
export interface PhoneVerified {
  patientId: string;
  contactNumber: string;
  phoneVerifiedAt: string;
}

/** The answer of .../email/verify. */
export interface EmailVerified {
  patientId: string;
  emailAddress: string;
  emailVerifiedAt: string;
}

/** What the desk proves with a code sent on it: the phone (by SMS) or the typed e-mail address (by e-mail), each in the route's path. */
export const DESK_CODE_CHANNELS = ['phone', 'email'] as const;
export type DeskCodeChannel = (typeof DESK_CODE_CHANNELS)[number];

/** A desk code lasts this long (the person is on the phone or at the desk), this many wrong tries. */
export const DESK_CODE_MINUTES = 10;
export const DESK_CODE_RESEND_SECONDS = 60;
/** Codes one record may be sent a day (Ghana's day), and wrong tries in all before its phone (or e-mail) can no longer be proved by code; each channel counts apart. */
export const DESK_CODES_PER_DAY = 5;
export const DESK_CODE_WRONG_TRIES_IN_ALL = 10;

// --- booking for someone ---

/** The patient's own fields, which a desk booking takes from their record, never from the body. */
const IDENTITY_FIELDS = ['bookFor', 'dependantId', 'firstName', 'lastName', 'gender', 'emailAddress', 'contactNumber'] as const;

/**
 * POST /api/staff/appointments: the booking schema (api/booking-request.ts) without who it is for
 * (name, gender, e-mail and phone come from the patient record) and with the record's id.
 */
export const staffBookingSchema = bookingSchema.omit([...IDENTITY_FIELDS]).shape({
  patientId: requiredId('Patient'),
});
export type StaffBookingRequest = InferType<typeof staffBookingSchema>;

/** Who made a booking: the patient (absent) or a staff member (the appointment's `bookedBy`). */
export interface BookedBy {
  uid: string;
  role: StaffRole;
}

/** The dashboard's query parameter that opens one booking for its patient to confirm (the link in a desk booking's notice). */
export const CONFIRM_BOOKING_PARAM = 'confirm';
export const confirmBookingPath = (appointmentId: string): string =>
  `/dashboard?${CONFIRM_BOOKING_PARAM}=${encodeURIComponent(appointmentId)}`;

/** What the patient reads once they confirm (the route's msg and the dashboard's dialog). */
export const BOOKING_CONFIRMED =
  'Thank you: your booking is confirmed. Its doctor can now read your record for this visit, and every opening is listed on your profile.';

// --- payments taken at the desk ---

export const DESK_PAYMENT_METHODS = ['cash', 'momo'] as const;
export type DeskPaymentMethod = (typeof DESK_PAYMENT_METHODS)[number];

/** POST /api/staff/payments/{clientReference}/record: mobile money needs the provider's reference. */
export const deskPaymentSchema = object({
  method: mixed<DeskPaymentMethod>()
    .label('Method')
    .oneOf([...DESK_PAYMENT_METHODS], 'Method must be cash or momo.')
    .required('Method is required: cash or momo.'),
  providerReference: trimmed('The mobile money reference')
    .max(100, 'The mobile money reference must be at most 100 characters.')
    .matches(/^[A-Za-z0-9_.:-]*$/, 'The mobile money reference must be letters, digits, -, _, . or :.')
    .when('method', {
      is: 'momo',
      then: (s) => s.required('The mobile money reference is required for a mobile money payment.'),
      otherwise: (s) => s.optional(),
    }),
});
export type DeskPaymentRequest = InferType<typeof deskPaymentSchema>;

/**
 * The answer of .../record. paid: the record is Paid now; refund-due: it was paid already (online
 * a moment before), so what was taken at the desk is a refund Due; already-paid: this very
 * payment was recorded before (the same mobile money reference).
 */
export interface DeskPaymentOutcome {
  outcome: 'paid' | 'refund-due' | 'already-paid';
  clientReference: string;
  kind: 'subscription' | 'appointment' | 'order' | 'renewal';
  recordId: string;
  amount: number;
  paymentStatus: string;
}

/** The answer of POST /api/staff/payments/{clientReference}/link: the one live checkout, and where its link was sent. */
export interface PaymentLinkSent {
  checkoutUrl: string;
  checkoutDirectUrl: string;
  checkoutId: string;
  sentTo: string;
}

/** The ledger entry (payments/{clientReference}) of a payment taken at the desk. */
export interface DeskLedgerFields {
  source: 'desk';
  method: DeskPaymentMethod;
  providerReference?: string;
  recordedBy: { uid: string; role: StaffRole; email?: string };
}

// --- home visits ---

// The address (api/booking-request.ts addressSchema) is part of the booking request.

/** When the clinician means to arrive, Ghana time. */
export interface ArrivalWindow {
  from: string;
  to: string;
}

/** POST /api/staff/appointments/{appointmentId}/assign. */
export const assignSchema = object({
  assignedTo: requiredId('Clinician'),
  arrivalWindow: object({
    from: string()
      .label('Arrives from')
      .required('Arrives from is required.')
      .test('time', 'Arrives from must be a time written HH:mm.', isClockTime),
    to: string()
      .label('Arrives by')
      .required('Arrives by is required.')
      .test('time', 'Arrives by must be a time written HH:mm.', isClockTime),
  })
    .label('Arrival window')
    .default(undefined)
    .optional()
    .test(
      'order',
      'Arrival window: Arrives from must be before Arrives by.',
      (w) => !w || !isClockTime(w.from) || !isClockTime(w.to) || w.from < w.to,
    ),
});
export type AssignRequest = InferType<typeof assignSchema>;

/** The assignment as stored on the appointment. */
export interface Assignment {
  assignedTo: string;
  assignedToName: string;
  assignedToRole: ClinicianRole;
  arrivalWindow?: ArrivalWindow | null;
  assignedAt: string;
}

/** A clinician staff may assign (GET /api/staff/clinicians): doctor- and nurse-role users. */
export interface Clinician {
  uid: string;
  name: string;
  role: ClinicianRole;
  doctorId?: string;
}

// --- closures and rebooking ---

/** closures/{YYYY-MM-DD}: the clinic is closed that day (no slots, no places). */
export interface Closure {
  day: string;
  reason: string;
  /** 'holiday': preloaded from seed/ghana-holidays.ts; 'clinic': set by an admin. */
  source: 'holiday' | 'clinic';
  updatedAt: string;
  updatedBy: string;
}

/** PUT /api/staff/closures/{day}. confirm: true saves it although booked appointments are on that day. */
export const closureSchema = object({
  reason: requiredText('Reason', 120),
  confirm: boolean().label('Confirm').typeError('Confirm must be yes or no.').default(false),
});
export type ClosureRequest = InferType<typeof closureSchema>;

/** Closures asked for at once (GET /api/staff/closures?from&to). */
export const MAX_CLOSURE_RANGE_DAYS = 400;

export const closureRangeSchema = dayRangeSchema(
  MAX_CLOSURE_RANGE_DAYS,
  () => `Ask for at most ${MAX_CLOSURE_RANGE_DAYS} days of closures at a time.`,
);

/**
 * One booked (Pending or Accepted) appointment a closure or time off would leave without its
 * clinician: the 409's `data.affected` lists them before anything is saved.
 */
export interface AffectedAppointment {
  appointmentId: string;
  patientName: string;
  requestedService: string;
  requestedDay: string;
  requestedTime: string | null;
  appointmentStatus: string;
  paid: boolean;
}

/** The 409's data of a closure or time off over booked appointments. */
export interface AffectedAnswer {
  affected: AffectedAppointment[];
}

/** What an appointment carries once it must be rebooked (cleared by a reschedule, an end or a cancel). */
export interface RebookingFields {
  needsRebooking?: boolean;
  /** Why: the closure's reason or the doctor's time off. */
  needsRebookingReason?: string;
  needsRebookingAt?: string;
}

/** The front desk's fields of an appointment (api/types Appointment extends this). */
export interface FrontDeskAppointmentFields extends RebookingFields, Partial<Assignment> {
  /** A booking made by staff for the patient; absent when the patient booked it. */
  bookedBy?: BookedBy;
  /**
   * When the patient confirmed a booking staff made for them (the dashboard's Confirm, or the
   * link in its SMS or e-mail): from then its doctor may open their record through it (docs/record.md).
   */
  confirmedByPatientAt?: string;
  /** A home visit's or delivery's address (atHome services). */
  address?: HomeAddress | null;
  /** When the assigned clinician set off (state OnTheWay). */
  onTheWayAt?: string;
}

// --- the day ---

/** GET /api/staff/appointments?from&to: a week at most. */
export const MAX_LIST_RANGE_DAYS = 7;

/** GET /api/staff/appointments/day-sheet.csv?day=&doctorId= or &homeVisits=true. */
export const daySheetQuerySchema = object({
  day: string()
    .label('Day')
    .required('Day is required (yyyy-MM-dd).')
    .test('day', 'Day must be a date written yyyy-MM-dd.', isDay),
  doctorId: idField('Doctor').optional(),
  homeVisits: boolean().label('Home visits').typeError('Home visits must be yes or no.').optional(),
}).test('which', 'Name the sheet: a doctor, or the home visits.', (q) => !q || Boolean(q.doctorId) !== Boolean(q.homeVisits));

// --- the inbox ---

export const MESSAGE_STATUSES = ['New', 'Replied', 'Closed'] as const;
export type MessageStatus = (typeof MESSAGE_STATUSES)[number];

/** POST /api/staff/messages/{id}/status. */
export const messageStatusSchema = object({
  status: mixed<MessageStatus>()
    .label('Status')
    .oneOf([...MESSAGE_STATUSES], `Status must be one of ${MESSAGE_STATUSES.join(', ')}.`)
    .required('Status is required.'),
});

export const REPLY_MAX = 5000;

/** POST /api/staff/messages/{id}/reply: the text mailed to the sender. */
export const messageReplySchema = object({
  text: requiredText('Reply', REPLY_MAX),
});

/** A reply kept with the message. */
export interface MessageReply {
  text: string;
  /** The staff member's e-mail (or uid). */
  by: string;
  at: string;
}

/** The console's search box of appointments looks in these. */
export const APPOINTMENT_SEARCH_HINT = 'name, phone, reference or appointment id';
