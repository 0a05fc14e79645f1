/**
 * The clinic's side (docs/roles-and-audit.md): roles, the appointment lifecycle and the
 * shapes of `/api/staff/...` answers and requests, shared by the server and the staff console.
 * Pure TypeScript (siblings only): the console imports it through `@api/staff`.
 */
import type { ClinicalNotes, FollowUpRequest, RecordThrough } from './record';
import {
  APPOINTMENT_STATUS,
  type Appointment,
  type AppointmentStatus,
  type OrderView,
  type Patient,
  type Refund,
  type SubscriptionView,
} from './types';
import type { MessageReply, MessageStatus } from './front-desk';
import type { StaffRole } from './roles';
import type { StaffVisitMark, Visit } from './visits';

/** Firebase Auth custom claims: `{ role, doctorId? }`. Patients have no role (api/roles.ts). */
export { STAFF_ROLES, CLINICIAN_ROLES, type StaffRole, type ClinicianRole } from './roles';

export interface StaffClaims {
  role: StaffRole;
  /** A doctor's `doctors` document. */
  doctorId?: string;
}

/** Every state staff see an appointment in: all of APPOINTMENT_STATUS but the hidden tombstone. */
export type AppointmentState = Exclude<AppointmentStatus, typeof APPOINTMENT_STATUS.Deleted>;
export const APPOINTMENT_STATES: readonly AppointmentState[] = Object.values(APPOINTMENT_STATUS).filter(
  (s): s is AppointmentState => s !== APPOINTMENT_STATUS.Deleted,
);

/** What staff may do to an appointment: `POST /api/staff/appointments/{id}/{action}`. */
export const STAFF_ACTIONS = ['accept', 'decline', 'on-the-way', 'check-in', 'complete', 'no-show', 'cancel'] as const;
export type StaffAction = (typeof STAFF_ACTIONS)[number];

/**
 * The lifecycle (docs/roles-and-audit.md): from which states each action is allowed, and where it leads. A
 * home visit may go Accepted -> OnTheWay (the clinician set off) -> CheckedIn (arrived); the
 * server refuses 'on-the-way' for anything not at the patient's address (api/booking-request atHome).
 */
export const LIFECYCLE: Record<StaffAction, { from: readonly AppointmentState[]; to: AppointmentState }> = {
  accept: { from: ['Pending'], to: 'Accepted' },
  decline: { from: ['Pending'], to: 'Declined' },
  cancel: { from: ['Pending', 'Accepted', 'OnTheWay'], to: 'Cancelled' },
  'on-the-way': { from: ['Accepted'], to: 'OnTheWay' },
  'check-in': { from: ['Accepted', 'OnTheWay'], to: 'CheckedIn' },
  'no-show': { from: ['Accepted', 'OnTheWay'], to: 'NoShow' },
  complete: { from: ['CheckedIn'], to: 'Completed' },
};

/** What a nurse may do to a visit assigned to her (accepting, declining and cancelling are the desk's). */
export const NURSE_ACTIONS: readonly StaffAction[] = ['on-the-way', 'check-in', 'complete', 'no-show'];

/** The state an action leads to, or undefined when the lifecycle does not allow it (the server answers 409). */
export const nextState = (state: string, action: StaffAction): AppointmentState | undefined =>
  (LIFECYCLE[action].from as readonly string[]).includes(state) ? LIFECYCLE[action].to : undefined;

/** Bodies of the actions that need one. */
export interface DeclineRequest {
  reason: string;
}
export interface CompleteRequest {
  /** The short visit summary the patient reads in their dashboard. */
  visitSummary: string;
  /** The clinic's structured notes (never shown to the patient in the dashboard). */
  clinicalNotes?: ClinicalNotes;
  /** A suggested follow-up: the patient is reminded with a link that books it. */
  followUp?: FollowUpRequest;
}

/** One page of a list: pass `nextCursor` back as `cursor` for the next page; null at the end. */
export interface Page<T> {
  items: T[];
  nextCursor: string | null;
}

/** A row of the day list: a virtual visit's row carries its room's state (api/visits.ts). */
export interface StaffAppointmentRow extends Appointment {
  visit?: StaffVisitMark;
}

/** GET /api/staff/appointments: one page, and the counts per state for the same filter (day, doctor, service). */
export interface StaffAppointmentList extends Page<StaffAppointmentRow> {
  counts: Partial<Record<AppointmentState, number>>;
}

export type EnquiryStatus = 'Pending' | 'Contacted' | 'Closed';
/** Where a shop order is: Pending until staff dispatch it (ORDER_FLOW says which moves are allowed). */
export const ORDER_STATUS = {
  Pending: 'Pending',
  Dispatched: 'Dispatched',
  Delivered: 'Delivered',
  Cancelled: 'Cancelled',
} as const;
export type OrderStatus = (typeof ORDER_STATUS)[keyof typeof ORDER_STATUS];

/** GET /api/staff/refunds: a refund (api/types Refund, made by the money paths) with its document id. */
export interface StaffRefund extends Refund {
  id: string;
  /** Whose money it is, from the patient's record (absent once the account is erased). */
  patientName?: string;
  patientPhone?: string;
}

/** GET /api/staff/patients/{patientId}: what the clinic holds about one patient. */
export interface StaffPatientView {
  patient: Patient;
  /** A clinic record's claim waiting for the desk (claimWaiting or claimMismatch): the account it would go to. */
  claimant?: { patientId: string; name: string; emailAddress: string };
  appointments: Appointment[];
  subscriptions: SubscriptionView[];
  orders: OrderView[];
}

export interface AuditEntry {
  id: string;
  actorUid: string;
  /**
   * 'patient' for a patient's own acts that are logged (a visit joined, an account erased, a
   * clinic record claimed); 'pharmacy' for a prescription dispensed at /rx (actorUid 'pharmacy');
   * 'system' for what the provider's callbacks and the scheduled jobs change (a mandate approved, a charge made).
   */
  actorRole: StaffRole | 'patient' | 'pharmacy' | 'system';
  /** e.g. 'appointment.accept', 'patient.read', 'refund.refunded', 'role.grant' */
  action: string;
  /** The document path acted on, e.g. 'appointments/abc', or the collection a list or search read. */
  target: string;
  at: string;
  /** GET /staff/audit: the actor's name or e-mail, and the account's when the target is one (users/…, patients/…). */
  actorName?: string;
  targetName?: string;
  /** GET /staff/audit: the names (or e-mails) of the patientIds' accounts, by id; an erased account has none. */
  patientNames?: Record<string, string>;
  /** Whose records the answer showed or changed (GET /api/staff/audit?patientId= filters on it). */
  patientIds?: string[];
  /** A list's filter or a search's text, and how many records came back. */
  query?: string;
  count?: number;
  /** Records shown that belong to no patient account (enquiries, contact messages): their ids. */
  recordIds?: string[];
  /** A read of the record (api/record.ts RECORD_OPENING_ACTIONS): the appointment it went through, none for admins and the desk. */
  through?: RecordThrough;
  /** On a read of the record: the staff member's e-mail as their token carried it, which the patient's list shows. */
  actorEmail?: string;
}

/** POST /api/staff/roles (admin only). */
export interface GrantRoleRequest {
  email: string;
  role: StaffRole;
  doctorId?: string;
}

/** The API's 401 to a token whose role was removed or changed since sign-in; the console signs out on it. */
export const ROLE_CHANGED = 'Your role at the clinic has changed since you signed in. Please sign in again.';

export interface StaffMember {
  uid: string;
  email: string;
  role: StaffRole;
  doctorId?: string;
}

/** GET /api/staff/overview: the console's first page (ordersToDispatch: Paid orders not yet dispatched). */
export interface StaffOverview {
  /** Africa/Accra day, yyyy-MM-dd. */
  today: string;
  todayCounts: Partial<Record<AppointmentState, number>>;
  /** Bookings per day (by appointment day), from 14 days ago to 14 days ahead. */
  bookingsPerDay: { day: string; count: number }[];
  /** Paid revenue (GHS) per ISO week (the Monday it starts), the last 8 weeks; `directDebit` is the part charged by direct debit. */
  revenuePerWeek: { weekStart: string; amount: number; directDebit: number }[];
  openEnquiries: number;
  refundsDue: number;
  ordersToDispatch: number;
}

/** How a state reads in a sentence ('This appointment is Checked in: ...'). */
export const STATE_LABEL: Record<AppointmentState, string> = {
  Pending: 'Pending',
  Accepted: 'Accepted',
  Declined: 'Declined',
  Cancelled: 'Cancelled',
  Expired: 'Expired',
  OnTheWay: 'On the way',
  CheckedIn: 'Checked in',
  NoShow: 'a No-show',
  Completed: 'Completed',
};

/** A stored state in a sentence ('This appointment is a No-show: ...'); one outside the lifecycle as stored. */
export const stateInWords = (state: string): string => STATE_LABEL[state as AppointmentState] ?? state;

/** What an action does, as the end of 'it cannot be ...' and of the patient's mail. */
export const ACTION_DONE: Record<StaffAction, string> = {
  accept: 'accepted',
  decline: 'declined',
  'on-the-way': 'marked on the way',
  'check-in': 'checked in',
  complete: 'completed',
  'no-show': 'marked as a no-show',
  cancel: 'cancelled',
};

/** The server's 409 when the lifecycle does not allow the action. */
export const notAllowedMessage = (state: string, action: StaffAction): string =>
  `This appointment is ${STATE_LABEL[state as AppointmentState] ?? state}: it cannot be ${ACTION_DONE[action]}.`;

/** POST /api/staff/appointments/{id}/cancel: why the clinic cancels (optional; told to the patient). */
export interface StaffCancelRequest {
  reason?: string;
}

/** GET /api/staff/appointments/{id}: the appointment with the account's own contact and its refunds. */
export interface StaffAppointmentDetail extends Appointment {
  /** The patient's account (the booking may be for someone else, whose contact is on the appointment). */
  account: { name: string; emailAddress: string; contactNumber: string } | null;
  refunds: StaffRefund[];
  /** A virtual visit's record (who joined when, mode, start, end, duration); null before its room opened; absent for other services. */
  visit?: Visit | null;
}

export const ENQUIRY_STATUSES = ['Pending', 'Contacted', 'Closed'] as const;
export const ORDER_STATUSES = ['Pending', 'Dispatched', 'Delivered', 'Cancelled'] as const;

/** The order lifecycle: where each status may move next. */
export const ORDER_FLOW: Record<OrderStatus, readonly OrderStatus[]> = {
  Pending: ['Dispatched', 'Cancelled'],
  Dispatched: ['Delivered', 'Cancelled'],
  Delivered: [],
  Cancelled: [],
};

/** POST /api/staff/enquiries/{id}/status and /api/staff/orders/{id}/status. */
export interface EnquiryStatusRequest {
  status: EnquiryStatus;
}
export interface OrderStatusRequest {
  status: Exclude<OrderStatus, 'Pending'>;
}
/** POST /api/staff/refunds/{id}/refunded. */
/** How the clinic sent a refund back: told to the patient with the amount and the reference. */
export const REFUND_METHODS = ['MTN mobile money', 'Telecel mobile money', 'AT mobile money', 'Card', 'Cash'] as const;
export type RefundMethod = (typeof REFUND_METHODS)[number];

export interface MarkRefundedRequest {
  providerReference: string;
  method: RefundMethod;
}

/** GET /api/staff/enquiries: an organisation's enquiry with what staff did about it. */
export interface StaffEnquiry {
  id: string;
  organiztionName: string;
  organiztionLocation: string;
  organiztionType: string;
  nameOfPerson: string;
  organiztionEmail: string;
  organiztionContact: string;
  timeOfRequest: string;
  status: EnquiryStatus;
  updateBy: string;
  updatedById: string;
  updatedOn: string;
}

/** GET /api/staff/messages: a contact-form message, what staff made of it and the replies mailed. */
export interface StaffMessage {
  docid: string;
  fullName: string;
  telephone: string;
  email: string;
  message: string;
  date: string;
  /** Messages stored before statuses existed read as New. */
  status: MessageStatus;
  replies: MessageReply[];
  statusUpdatedAt?: string;
  statusUpdatedBy?: string;
}

/** GET /api/staff/orders and /api/staff/orders/{id}: an order with its fulfilment status and whom it goes to. */
export interface StaffOrder extends OrderView {
  status: OrderStatus;
  createdAt: string;
  statusUpdatedAt?: string;
  statusUpdatedBy?: string;
  /** From the customer's patient record: who, their phone, and where the order is delivered. */
  customerName: string;
  contactNumber: string;
  deliveryAddress: string;
}

/** Most items one list page holds (and the default). */
export const MAX_PAGE_SIZE = 50;
export const DEFAULT_PAGE_SIZE = 20;
/** GET /api/staff/patients?q=: at least this many characters, at most MAX_PATIENT_RESULTS found. */
export const MIN_PATIENT_QUERY = 2;
export const MAX_PATIENT_RESULTS = 20;
