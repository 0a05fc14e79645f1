import { PAYMENT_STATUS } from './statuses';
/**
 * The clinic's policies as numbers and rule functions: the server enforces them and the site
 * shows them (and decides which buttons to offer) from this one module. Pure TypeScript, no
 * imports but siblings: it is bundled into the browser too.
 */

/** FAQ: cancelling at least this many hours before the appointment is free. */
export const FREE_CANCELLATION_HOURS = 12;
/** FAQ: a later cancellation keeps this share of the fee. */
export const LATE_CANCELLATION_FEE_PERCENT = 50;
/** An Unpaid appointment of a paid service holds its slot this long (from booking or checkout start). */
export const UNPAID_HOLD_MINUTES = 30;
/** A patient may move an appointment at most this many times, at least FREE_CANCELLATION_HOURS before it. */
export const RESCHEDULE_LIMIT = 2;
/** Free slots start at least this many hours from now: the clinic needs time to prepare. */
export const MIN_BOOKING_NOTICE_HOURS = 2;
/** Booking, and moving a booking, reach at most this many days ahead. */
export const MAX_BOOKING_DAYS_AHEAD = 366;
/** One request for free slots or days covers at most this many days. */
export const MAX_AVAILABILITY_DAYS = 31;
/** Places a day for a home or community service until an admin sets its own number. */
export const DEFAULT_DAILY_CAPACITY = 8;
/** The Free package's trial, and every paid period, in days. */
export const TRIAL_DAYS = 30;
export const PERIOD_DAYS = 30;
/** Renew opens this many days before periodEnd; reminders go out these many days before it. */
export const RENEWAL_WINDOW_DAYS = 5;
export const RENEWAL_REMINDER_DAYS = [5, 1] as const;
/** A patient may name at most this many dependants (Family Care covers 5 people: the holder and 4). */
export const MAX_DEPENDANTS = 4;
/** One order line: from 1 to this many of a product. */
export const MAX_ORDER_QUANTITY = 99;

/**
 * Staff may complete a visit from this many minutes before its start (when a video visit's
 * room opens) on: a visit cannot be done before it begins. Checking in early is fine.
 */
export const COMPLETE_FROM_MINUTES_BEFORE = 15;

const HOUR_MS = 60 * 60 * 1000;

/** The fields of an appointment the rules read (the API's Appointment has them all). */
export interface AppointmentForPolicy {
  appointmentStatus: string;
  paymentStatus: string;
  consultationFee: number;
  requestedDay: string;
  requestedTime: string | null;
  /** The clinic closed or its doctor is away (docs/front-desk.md): cancelling is free whenever. */
  needsRebooking?: boolean;
}

/**
 * When the appointment starts. Ghana keeps GMT all year, so Ghana time is UTC. An
 * appointment without a time (home and community services) counts from the start of its day.
 */
export const appointmentStartsAt = (a: Pick<AppointmentForPolicy, 'requestedDay' | 'requestedTime'>): Date =>
  new Date(`${a.requestedDay}T${a.requestedTime ?? '00:00'}:00Z`);

const round2 = (n: number) => Math.round((n + Number.EPSILON) * 100) / 100;

/** The states a patient may still cancel from (the lifecycle in api/staff.ts, docs/roles-and-audit.md). */
const CANCELLABLE_STATES = ['Pending', 'Accepted'];

export type CancellationTerms =
  | { allowed: false }
  /**
   * free: at least FREE_CANCELLATION_HOURS ahead; late: a LATE_CANCELLATION_FEE_PERCENT fee.
   * refundAmount: what is owed back (only when Paid); feeAmount: what the clinic keeps.
   */
  | { allowed: true; rule: 'free' | 'late'; refundAmount: number; feeAmount: number };

/** What cancelling this appointment now would mean for the patient (server and site alike). */
export function cancellationTerms(a: AppointmentForPolicy, now: Date = new Date()): CancellationTerms {
  if (!CANCELLABLE_STATES.includes(a.appointmentStatus)) return { allowed: false };
  const free = a.needsRebooking === true || appointmentStartsAt(a).getTime() - now.getTime() >= FREE_CANCELLATION_HOURS * HOUR_MS;
  const paid = a.paymentStatus === PAYMENT_STATUS.Paid ? a.consultationFee : 0;
  const feeAmount = free ? 0 : round2((paid * LATE_CANCELLATION_FEE_PERCENT) / 100);
  return { allowed: true, rule: free ? 'free' : 'late', refundAmount: round2(paid - feeAmount), feeAmount };
}

export const canCancel = (a: AppointmentForPolicy, now: Date = new Date()): boolean => cancellationTerms(a, now).allowed;

/** The earliest moment a visit may be marked completed; a visit without a time (home services), from the start of its day. */
export const completableFrom = (a: Pick<AppointmentForPolicy, 'requestedDay' | 'requestedTime'>): Date =>
  new Date(appointmentStartsAt(a).getTime() - (a.requestedTime ? COMPLETE_FROM_MINUTES_BEFORE * 60 * 1000 : 0));

/** The states in which a booking staff made can still be confirmed by its patient: before the visit happens. */
const CONFIRMABLE_STATES = ['Pending', 'Accepted', 'OnTheWay'];

/**
 * Whether the patient can confirm this booking (the dashboard's Confirm, the link in its notice):
 * staff made it (bookedBy), the patient has not confirmed it yet, and the visit is still to come.
 * Their confirmation lets its doctor open their record through it (docs/record.md 'Who reads what').
 */
export const canConfirm = (a: { bookedBy?: unknown; confirmedByPatientAt?: string; appointmentStatus: string }): boolean =>
  Boolean(a.bookedBy) && !a.confirmedByPatientAt && CONFIRMABLE_STATES.includes(a.appointmentStatus);

/** Only an Unpaid appointment can be deleted; anything paid or free is cancelled instead. */
export const canDelete = (a: Pick<AppointmentForPolicy, 'paymentStatus'>): boolean => a.paymentStatus === PAYMENT_STATUS.Unpaid;

/** The cancellation policy in one sentence (FAQ, dialogs, refusals). */
export const CANCELLATION_POLICY =
  `Cancellation is free at least ${FREE_CANCELLATION_HOURS} hours before the appointment; ` +
  `later cancellations carry a ${LATE_CANCELLATION_FEE_PERCENT}% late cancellation fee.`;

/**
 * The rules a patient meets after booking, told before they book (booking form, home page,
 * FAQ): how soon, until when it can be cancelled free or moved online.
 */
export const BOOKING_RULES =
  `The earliest times are ${MIN_BOOKING_NOTICE_HOURS} hours from now, so the clinic can prepare. ` +
  `Cancelling is free up to ${FREE_CANCELLATION_HOURS} hours before; later, ${LATE_CANCELLATION_FEE_PERCENT}% of a paid fee ` +
  `is kept. You can move a booking online up to ${FREE_CANCELLATION_HOURS} hours before, ${RESCHEDULE_LIMIT} times.`;

/**
 * When an Unpaid appointment of a paid service stops holding its slot: UNPAID_HOLD_MINUTES
 * after booking, or after its latest checkout started if that is later.
 */
export function unpaidHoldEndsAt(a: { createdAt: string; checkoutStartedAt?: string | null }): Date {
  const from = Math.max(Date.parse(a.createdAt), a.checkoutStartedAt ? Date.parse(a.checkoutStartedAt) : 0);
  return new Date(from + UNPAID_HOLD_MINUTES * 60 * 1000);
}

/**
 * The states of an appointment still ahead of the patient: the dashboard's Upcoming list
 * (with its day today or later); everything else is History. OnTheWay: a home visit's
 * clinician has set out.
 */
export const UPCOMING_STATES = ['Pending', 'Accepted', 'OnTheWay', 'CheckedIn'];

/** Upcoming: in an UPCOMING_STATES state and not on a past day (Ghana's `today`, 'yyyy-MM-dd'). */
export const isUpcoming = (a: Pick<AppointmentForPolicy, 'appointmentStatus' | 'requestedDay'>, today: string): boolean =>
  UPCOMING_STATES.includes(a.appointmentStatus) && a.requestedDay >= today;

/** The states an appointment can be moved from (the console reads this without @api/scheduling's yup schemas). */
export const RESCHEDULABLE_STATES = ['Pending', 'Accepted'];

/**
 * A visit at the patient's address can be moved or given to another clinician by the desk until
 * it is done (docs/front-desk.md): a clinician who set off or arrived too early must not leave it
 * stuck. Moving or reassigning it sends it back to Accepted.
 */
export const FIELD_VISIT_MOVABLE_STATES = [...RESCHEDULABLE_STATES, 'OnTheWay', 'CheckedIn'];

/** The states the desk may move (or reassign) an appointment from; `home`: a visit at the patient's address. */
export const deskMovableStates = (home: boolean): readonly string[] => (home ? FIELD_VISIT_MOVABLE_STATES : RESCHEDULABLE_STATES);

/**
 * A field visit is set off for and arrived at on its day (Ghana's today, 'yyyy-MM-dd'), not
 * before: the patient is told "on the way" that day (docs/front-desk.md).
 */
export const onVisitDay = (a: Pick<AppointmentForPolicy, 'requestedDay'>, today: string): boolean => today >= a.requestedDay;

/**
 * Codes by SMS (confirming a phone number): each send takes one of these per hour, for the
 * number and for the account, so new accounts typing someone else's number cannot flood it.
 */
export const PHONE_CODE_SENDS_PER_HOUR = { perNumber: 3, perAccount: 3 } as const;
/** A phone code works this long after it is sent. */
export const PHONE_CODE_MINUTES = 15;
/** Any SMS from the clinic: at most this many an hour to one number (a safety net; confirmations are a few an hour). */
export const SMS_PER_NUMBER_PER_HOUR = 20;

/** Changes made by phone (USSD, voice) need the caller's PIN of this many digits (docs/ussd.md 'The PIN'). */
export const PHONE_PIN_DIGITS = 4;
/** Wrong PINs in a row that lock it until the person resets it on their account or at the desk. */
export const PHONE_PIN_TRIES = 3;

/** A PIN anyone would guess first: one digit four times, or four in a row up or down. */
export function isGuessablePin(pin: string): boolean {
  const steps = [...pin].slice(1).map((d, i) => Number(d) - Number(pin[i]));
  return steps.every((s) => s === 0) || steps.every((s) => s === 1) || steps.every((s) => s === -1);
}

/** Dials one number may start an hour, and USSD requests from everyone a minute (docs/ussd.md 'Limits'). */
export const USSD_DIALS_PER_NUMBER_PER_HOUR = 20;
export const ussdRequestBudget = { perMinute: 600 };
