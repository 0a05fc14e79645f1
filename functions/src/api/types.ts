/**
 * The shapes the API answers (and the small requests it takes), in one place for the server
 * and the site: the functions code uses them, and the web imports them type-only through
 * its `@api/*` path. Types and their closed sets of values (the status constants), importing
 * only siblings, so no server code can reach the browser.
 * Dates are ISO strings here: the server turns Firestore timestamps into text before answering.
 */
import type { GENDERS, ORGANIZATION_TYPES } from './booking-choices';
import type { AppointmentCoverage, Dependant, SubscriptionTimeline } from './subscriptions-contract';
import type { LabTest, PackageItem, PackagePrice } from './catalog-views';
import type { RescheduleEntry } from './scheduling';
import type { ClinicRecordFields, FrontDeskAppointmentFields, PatientSource } from './front-desk';
import type { AppointmentRecordFields, ClinicalNotes, LabRequest, Prescription } from './record';
import type { Currency } from './prices';
import type { AppointmentStatus, PAYMENT_STATUS, PaymentStatus, PayableKind, RefundReason, RefundStatus } from './statuses';

export * from './statuses';
export * from './catalog-views';

// --- public forms: POST /subscriptions/news, /feedback, /enquiries ---

/** Each form may also carry the honeypot field `website`, empty for people. */
export interface NewsletterRequest {
  email: string;
}

export interface FeedbackRequest {
  fullName: string;
  telephone: string;
  email: string;
  message: string;
}

/** The 'organiztion' spelling is the API's contract. */
export interface EnquiryRequest {
  organiztionName: string;
  organiztionLocation: string;
  organiztionType: (typeof ORGANIZATION_TYPES)[number];
  nameOfPerson: string;
  organiztionEmail: string;
  organiztionContact: string;
}

/** What every public form answers: the id of the stored document. */
export interface FormReceipt {
  id: string;
}

// --- patients: POST/PUT /patient, GET /patient/{patientId}, POST /auth/verifypatient ---

export type Gender = (typeof GENDERS)[number];
/** Clinic: a record the clinic's staff hold for a person without an account (api/front-desk.ts). */
export type AccountStatus = 'Pending' | 'Activated' | 'Clinic';

/** What a patient may set themselves (POST /patient); the server decides everything else. */
export interface PatientFields {
  firstName: string;
  lastName: string;
  emailAddress: string;
  /** +233XXXXXXXXX */
  contactNumber: string;
  patientLocation: string;
  gender: Gender;
  consentForTreatment: boolean;
  patientPicture: string;
  /** yyyy-MM-dd or '' */
  dateOfBirth: string;
  address: string;
  emergencyContact: string;
  recoveryEmail: string;
  recoveryContact: string;
  idType: string;
  idNumber: string;
  nameOfNextOfKin: string;
  nextOfKinContact: string;
  nextOfKinLocation: string;
  nextOfKinRelationship: string;
  nextOfKinBirthdate: string;
  notificationToken: string;
  buildNumber: string;
  versionNumber: string;
}

/**
 * The details a new record holds blank until the person fills them in on their profile (the
 * picture and the app's own fields are never set by the site): every way a record is made starts
 * from these, so a record always has every field.
 */
export const BLANK_DETAILS = {
  patientPicture: '',
  dateOfBirth: '',
  address: '',
  emergencyContact: '',
  recoveryEmail: '',
  recoveryContact: '',
  idType: '',
  idNumber: '',
  nameOfNextOfKin: '',
  nextOfKinContact: '',
  nextOfKinLocation: '',
  nextOfKinRelationship: '',
  nextOfKinBirthdate: '',
  notificationToken: '',
  buildNumber: '',
  versionNumber: '',
} satisfies Partial<PatientFields>;

/** Which reminders the patient wants (PUT /patient/{patientId}). */
export interface ReminderPreferences {
  sms: boolean;
  email: boolean;
}

/** A consent as given: when, and which privacy notice (api/retention.ts PRIVACY_NOTICE_VERSION) it was given under. */
export interface ConsentRecord {
  given: boolean;
  at: string;
  /** null for accounts made before consents were versioned. */
  privacyNoticeVersion: string | null;
}

/** The patient's consents: treatment (sign-up) and marketing (the newsletter, withdrawable on the profile). */
export interface PatientConsents {
  treatment: ConsentRecord;
  marketing: { subscribed: boolean; since?: string };
}

/** The patient record as stored and answered (never the verification code: it lives apart). */
export interface Patient extends PatientFields, ClinicRecordFields {
  reminderPreferences?: ReminderPreferences;
  /** The sign-up consent to treatment, with its time and notice version. */
  treatmentConsent?: ConsentRecord;
  /** When the patient confirmed contactNumber with the code sent to it by SMS (ISO); absent until then, and again after the number changes. */
  phoneVerifiedAt?: string;
  patientId: string;
  accountStatus: AccountStatus;
  userType: 'patient';
  entryDate: string;
  lastLogIn: string;
  verifyDate: string;
  wallet: number;
  balance: number;
}

// --- appointments: POST /appointments, GET /appointments/pending, /consultation, /appointments/{id} ---

/** An appointment as stored and as answered (the original site's field names; null where a service has no such field). */
export interface Appointment extends AppointmentCoverage, FrontDeskAppointmentFields, AppointmentRecordFields {
  appointmentId: string;
  /** WEBSITE: the patient booked it; CLINIC: staff booked it for them (bookedBy says who). */
  source: PatientSource;
  /** Booked by the patient from a basic phone over USSD (docs/ussd.md); absent: on the site or at the desk. */
  channel?: 'USSD';
  /** How its visit is held from the start: 'phone' for a phone consultation booked over USSD (the doctor calls the patient). */
  visitMode?: 'phone';
  patientId: string;
  bookFor: string;
  firstName: string;
  lastName: string;
  emailAddress: string;
  contactNumber: string;
  gender: string;
  location: string;
  healthProblem: string;
  requestedServiceId: number;
  requestedService: string;
  requestedServiceOption: string | null;
  requestedDay: string;
  requestedTime: string | null;
  doctorId: string | null;
  doctorSurName: string | null;
  doctorOtherNames: string | null;
  doctorSpecialty: string | null;
  doctorPicture: string | null;
  selectedLabs: LabTest[];
  organiztionName: string | null;
  organiztionLocation: string | null;
  organiztionType: string | null;
  organiztionService: string | null;
  expectedPeople: string | null;
  /** The prescription is in appointmentFiles/{appointmentId}; here only what describes it. */
  appointmentFileName: string | null;
  appointmentFileType: string | null;
  consultationFee: number;
  requiresPayment: boolean;
  currencyCode: Currency;
  paymentStatus: PaymentStatus;
  /** What the clinic has refunded of it so far, and when last (POST /staff/refunds/{id}/refunded): the dashboard says so instead of Paid. */
  refundedAmount?: number;
  refundedAt?: string;
  clientReference: string;
  /** Set by POST /payment/initiate (services/payments/checkout.ts), as ISO strings here. */
  checkoutId?: string;
  checkoutStartedAt?: string;
  checkoutDirectUrl?: string;
  /** Paid through the USSD checkout (docs/ussd.md): the provider knows it by this session, under this account. */
  ussdCheckout?: { sessionId: string; account: string };
  /** Set when an Unpaid appointment's hold lapsed (appointmentStatus 'Expired'). */
  expiredAt?: string;
  timeOfRequest: string;
  createdAt: string;
  appointmentStatus: AppointmentStatus;
  acceptbyDoctor: boolean;
  declineByPatient: boolean;
  declineByDoctor: boolean;
  declinedDate: string | null;
  /** Set by the clinic (the lifecycle in api/staff.ts, docs/roles-and-audit.md): why it was declined or cancelled, and the visit's summary; the patient reads both. */
  declineReason?: string;
  visitSummary?: string;
  acceptedDate?: string;
  checkedInAt?: string;
  completedAt?: string;
  noShowAt?: string;
  cancelledByClinic?: boolean;
  /** Moves so far and their history (api/scheduling.ts); absent until the first move. */
  rescheduleCount?: number;
  reschedules?: RescheduleEntry[];
}

/**
 * What an appointment for one person holds in the original contract's fields for lab tests, an
 * organisation's booking and a prescription file when it has none of them: the test records and
 * the visit bench start from it, so every complete appointment they make says it the same way.
 */
export const noExtras = () =>
  ({
    selectedLabs: [],
    organiztionName: null,
    organiztionLocation: null,
    organiztionType: null,
    organiztionService: null,
    expectedPeople: null,
    appointmentFileName: null,
    appointmentFileType: null,
  }) satisfies Partial<Appointment>;

// --- payments: POST /subscriptions, GET /subscriptions/{patientId}, POST /orders, /payment/initiate, /payment/check ---

/** POST /subscriptions. */
export interface SubscribeRequest {
  packageId: string;
}

/** POST /orders: products and quantities only; the server prices them. */
export interface OrderRequest {
  items: { productId: string; quantity: number }[];
}

/** POST /payment/initiate and /payment/check name the record by its 10-character clientReference. */
export interface PaymentReference {
  clientReference: string;
}

/** A package subscription with its package's title, price and items; amount decided by the server. */
export interface SubscriptionView extends Partial<SubscriptionTimeline> {
  id: string;
  patientId: string;
  packageId: string;
  amount: number;
  paymentStatus: Exclude<PaymentStatus, 'Not Applicable'> | typeof PAYMENT_STATUS.Trial;
  duration: number;
  clientReference: string;
  isActive: boolean;
  packageTitle: string;
  packagePrice: PackagePrice;
  packageItems: PackageItem[];
  startDate?: string;
  endDate?: string;
  paymentDate?: string;
  /** Whole days until endDate (0 when over); only for Paid ones. */
  daysLeft?: number;
}

export interface OrderLine {
  productId: string;
  productName: string;
  price: number;
  quantity: number;
  lineTotal: number;
}

/** A shop order, priced by the server from the catalog. */
export interface OrderView {
  id: string;
  patientId: string;
  items: OrderLine[];
  amount: number;
  currencyCode: Currency;
  paymentStatus: Exclude<PaymentStatus, 'Not Applicable'>;
  clientReference: string;
}

/**
 * A payment the provider confirmed that was not applied to its record, or the part of a paid
 * appointment owed back after a cancellation: the clinic refunds it (docs/money.md).
 * Its id is `${clientReference}_${transactionId}`, so each confirmed payment makes at most one.
 */
export interface Refund {
  clientReference: string;
  kind: PayableKind;
  recordId: string;
  patientId: string;
  amount: number;
  currency: string;
  reason: RefundReason;
  status: RefundStatus;
  transactionId: string;
  createdAt: string;
  refundedAt?: string;
  refundedBy?: string;
  providerReference?: string;
  /** How it was sent back (api/staff.ts REFUND_METHODS). */
  method?: string;
  /** The number and network the money came from, as the provider's callback told it (absent when it did not). */
  paidFrom?: Payer;
}

/**
 * A payment the settlement refused and staff must look at (docs/money.md): a provider transaction
 * that a second payable named, after it had settled another. The second record stays unpaid.
 * GET /api/staff/payment-alerts?status=, POST /api/staff/payment-alerts/{id}/resolved { note }.
 */
export interface PaymentAlert {
  kind: 'transaction-claimed-twice';
  provider: string;
  transactionId: string;
  /** The record that claimed the transaction second (left unpaid). */
  clientReference: string;
  payableKind: PayableKind;
  recordId: string;
  patientId: string;
  amount: number;
  /** The record the transaction settled first. */
  settledReference: string;
  status: 'Open' | 'Resolved';
  createdAt: string;
  resolvedAt?: string;
  resolvedBy?: string;
  note?: string;
}

export const PAYMENT_ALERT_STATUSES = ['Open', 'Resolved'] as const;

/** GET /api/staff/payment-alerts: an alert with its document id. */
export type StaffPaymentAlert = PaymentAlert & { id: string };

/** Who paid, from the provider's callback (Data.CustomerPhoneNumber, Data.PaymentDetails.Channel, e.g. 'mtn-gh'). */
export interface Payer {
  phone: string;
  channel: string;
}

/**
 * GET /appointments/{id}/cancellation, and `cancellation` in the answer of POST
 * /appointments/cancel: which rule of the policy applies (api/policy.ts) and what is refunded.
 */
export type AppointmentCancellation =
  | { allowed: false; reason: string; policy: string }
  | {
      allowed: true;
      rule: 'free' | 'late';
      paid: boolean;
      refundAmount: number;
      feeAmount: number;
      currencyCode: Currency;
      policy: string;
    };

/** The provider's checkout, started by the server with its own credentials. */
export interface Checkout {
  checkoutUrl: string;
  checkoutDirectUrl: string;
  checkoutId: string;
}

/**
 * GET /payment/return/{clientReference}?status=success|cancelled: what became of a checkout, for
 * the page the provider sends the payer back to (web/public/payment-return.html). The envelope's
 * msg says it in words; the outcome steers the page (it asks again while 'waiting'). No names,
 * no services: a reference from a texted link is all the page has.
 */
export interface PaymentReturn {
  outcome: 'paid' | 'paid-at-clinic' | 'refund-due' | 'not-paid' | 'waiting';
  /** When it was paid (ISO), for 'paid' and 'paid-at-clinic'. */
  paidAt?: string;
}

// --- data protection: GET /patient/{patientId}/export ---

/** What a patient gets from 'Download my data' (Act 843: a person may see the data held about them). */
export interface PatientDataExport {
  exportedAt: string;
  controller: string;
  profile: Patient;
  subscriptions: SubscriptionView[];
  /** The people the patient named for Family Care. */
  dependants: Dependant[];
  appointments: unknown[];
  orders: unknown[];
  newsletter: { subscribed: boolean; since?: string };
  /** Consents with their dates and the privacy notice version. */
  consents: PatientConsents;
  /** Contact messages and organisation enquiries sent from the account's e-mail. */
  contactMessages: unknown[];
  enquiries: unknown[];
  /** The privacy notice in force when this copy was made. */
  privacyNoticeVersion: string;
  /** E-prescriptions and lab requests from visits (result files are described on their lab appointments). */
  prescriptions: Prescription[];
  labRequests: LabRequest[];
  /** The clinic's notes of each visit: the dashboard shows the summary only, this copy holds all (docs/record.md). */
  visitNotes: { appointmentId: string; requestedService: string; requestedDay: string; clinicalNotes: ClinicalNotes }[];
}
