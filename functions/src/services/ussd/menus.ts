import { formatDate } from '../../api/format';
import { MANDATE_STATUS, type MandateView, type MobileNetwork } from '../../api/direct-debit';
import { MOBILE_NETWORKS } from '../../api/mobile-networks';
import { CALLBACK_REASONS, type UssdCartItem } from '../../api/ussd';
import { DIGITAL_ADDRESS, tidyDigitalAddress, todayInGhana, type CreateAppointmentInput } from '../../api/booking-request';
import { cancellationTerms } from '../../api/policy';
import { normaliseRxCode } from '../../api/record';
import { SERVICE_ID, serviceById } from '../../api/service-catalog';
import { PAYMENT_STATUS, type Appointment, type Patient } from '../../api/types';
import { HttpError } from '../../http/errors';
import { accountEmail } from '../../notifications/mail';
import { labsById } from '../../store/catalog';
import { closuresBetween } from '../../store/closures';
import { labRequestsOf } from '../../store/lab-requests';
import { findPatient } from '../../store/patients';
import { prescriptionsOf } from '../../store/prescriptions';
import { createAppointment, SLOT_TAKEN, upcomingAppointments } from '../booking/appointments';
import { cancelAppointment } from '../booking/cancel-and-delete';
import { doctorSlots, serviceDays } from '../booking/scheduling';
import { createSubscription, liveSubscriptionsOf, periodOf, statusOf } from '../packages/subscriptions';
import { cancelAutorenew, mandateOfSubscription, startAutorenew, verifyAutorenew } from '../payments/direct-debit';
import { listDoctors, listPackages } from '../public/catalog';
import { checkRx, rxVerdict } from '../record/rx-check';
import { createUssdPatient, queueCallback, ussdCheckoutOf } from './caller';
import { HINT, MAX_CHOICES, MAX_DOCTORS, MAX_REQUESTS, MAX_TIMES, type PackageRenewal, screens, short } from './screens';

/**
 * The USSD menus as a state machine (docs/ussd.md draws the tree): each step shows a screen
 * and reads the next thing typed. What the caller was offered (doctors, days, times) is kept
 * in the session's data, so "2" means what screen showed as 2 even if the list changed since.
 * Refusals are screens: a choice not on the list shows the same screen with a hint; a day
 * closed or a time taken meanwhile says so and offers what is free now.
 */

export type Step =
  | 'name'
  | 'main'
  | 'book'
  | 'doctor'
  | 'day'
  | 'time'
  | 'confirm'
  | 'homeDay'
  | 'landmark'
  | 'gps'
  | 'homeConfirm'
  | 'labRequest'
  | 'labDay'
  | 'labConfirm'
  | 'rxOrder'
  | 'next'
  | 'cancel'
  | 'package'
  | 'renewNetwork'
  | 'approvalCode'
  | 'stopRenewal'
  | 'rx'
  | 'callback';

export interface State {
  step: Step;
  data: Record<string, unknown>;
}

/** Who is dialling: their number (+233...) and, once known, their record. */
export interface Caller {
  mobile: string;
  patientId?: string;
  shortcode: string;
  sessionId: string;
  /** The caller's mobile money network, from the request's Operator; undefined when not known. */
  network?: MobileNetwork;
}

/** One answer: a screen that waits for input, ends the session, or hands the payment to the checkout. */
export interface Reply {
  kind: 'menu' | 'input' | 'end' | 'cart';
  text: string;
  next: State;
  item?: UssdCartItem;
}

const menu = (text: string, step: Step, data: Record<string, unknown> = {}): Reply => ({
  kind: 'menu',
  text,
  next: { step, data },
});
const input = (text: string, step: Step, data: Record<string, unknown> = {}): Reply => ({
  kind: 'input',
  text,
  next: { step, data },
});
const end = (text: string): Reply => ({ kind: 'end', text, next: { step: 'main', data: {} } });

/** How far ahead the service offers days. */
const DAYS_AHEAD = 14;
/** The home services the menu offers: a doctor or a nurse at home (both booked by day, free at booking). */
const HOME_SERVICES: Record<string, number> = { '2': 2, '3': 3 };
/** Book's 4 and 5: what a doctor asked for (the record's lab requests and e-prescriptions, docs/record.md). */
const LAB_TESTS = '4';
const MEDICINE_DELIVERY = '5';

const addDays = (day: string, n: number) => new Date(Date.parse(`${day}T00:00:00Z`) + n * 86_400_000).toISOString().slice(0, 10);
const shortDate = (iso: string) =>
  new Date(iso).toLocaleDateString('en-GB', { day: 'numeric', month: 'short', timeZone: 'Africa/Accra' });
const dayLabel = (day: string) =>
  new Date(`${day}T12:00:00Z`).toLocaleDateString('en-GB', { weekday: 'short', day: 'numeric', month: 'short', timeZone: 'UTC' });
const whenLabel = (day: string, time?: string | null) => `${dayLabel(day)}${time ? ` ${time}` : ''}`;
const localPhone = (mobile: string) => `0${mobile.slice(4)}`;

/** The n-th item of what the screen offered, from what was typed ('2' -> the second); undefined otherwise. */
function picked<T>(typed: string, offered: readonly T[] | undefined): T | undefined {
  if (!offered || !/^\d{1,2}$/.test(typed)) return undefined;
  const n = Number(typed);
  return n >= 1 && n <= offered.length ? offered[n - 1] : undefined;
}

// --- showing each step (also used to go back, and to repeat a step with a hint) ---

interface DoctorChoice {
  id: string;
  name: string;
  fee: number;
}

async function showMain(hint?: string, greeting?: string): Promise<Reply> {
  return menu(screens.main(hint, greeting), 'main');
}

/**
 * The catalogue (doctors and their fees, packages) changes seldom: each instance keeps it a
 * minute instead of reading it at every screen. A fee that changed meanwhile is not charged:
 * the booking takes the fee from the server at the time (createAppointment).
 */
const CATALOGUE_TTL_MS = 60_000;
function keptFor<T>(ms: number, read: () => Promise<T>): () => Promise<T> {
  let kept: { value: Promise<T>; until: number } | undefined;
  return () => {
    if (!kept || kept.until < Date.now()) {
      const value = read();
      kept = { value, until: Date.now() + ms };
      // A failed read is not kept.
      value.catch(() => (kept = undefined));
    }
    return kept.value;
  };
}
const doctorsNow = keptFor(CATALOGUE_TTL_MS, () => listDoctors());
const packagesNow = keptFor(CATALOGUE_TTL_MS, () => listPackages());

async function showDoctors(hint?: string): Promise<Reply> {
  const doctors: DoctorChoice[] = (await doctorsNow()).slice(0, MAX_DOCTORS).map((d) => ({
    id: d.doctorId,
    name: `Dr ${d.surname}`,
    fee: Number(d.consultationFee),
  }));
  return menu(screens.chooseDoctor(doctors, hint), 'doctor', { doctors });
}

async function showDays(caller: Caller, doctor: DoctorChoice, hint?: string): Promise<Reply> {
  const today = todayInGhana();
  const { days } = await doctorSlots(doctor.id, today, addDays(today, DAYS_AHEAD - 1));
  const open = days.filter((d) => d.times.length > 0).slice(0, MAX_CHOICES);
  if (!open.length) return end(screens.noDays(caller.shortcode));
  const offered = open.map((d) => d.day);
  return menu(screens.chooseDay(offered.map(dayLabel), hint), 'day', { doctor, days: offered });
}

async function showTimes(caller: Caller, doctor: DoctorChoice, day: string, hint?: string): Promise<Reply> {
  const { days } = await doctorSlots(doctor.id, day, day);
  const times = (days[0]?.times ?? []).slice(0, MAX_TIMES);
  if (!times.length) return showDays(caller, doctor, 'That day has no free time now.');
  return menu(screens.chooseTime(dayLabel(day), times, hint), 'time', { doctor, day, times });
}

async function showHomeDays(
  caller: Caller,
  serviceId: number,
  hint?: string,
  carried: Record<string, unknown> = {},
): Promise<Reply> {
  const today = todayInGhana();
  const days = await serviceDays(serviceId, today, addDays(today, DAYS_AHEAD - 1));
  const offered = days
    .filter((d) => d.left > 0 && d.day > today)
    .slice(0, MAX_CHOICES)
    .map((d) => d.day);
  if (!offered.length) return end(screens.noDays(caller.shortcode));
  return menu(screens.chooseDay(offered.map(dayLabel), hint), 'homeDay', { ...carried, serviceId, days: offered });
}

// --- what a doctor asked for: lab tests (at the clinic's lab) and medicine delivery ---

interface LabChoice {
  id: string;
  tests: string[];
  label: string;
}

/** The lab requests not booked yet, newest first, as the screen names them ('12 Nov: Full blood count, Malaria'). */
async function showLabRequests(caller: Caller, hint?: string): Promise<Reply> {
  const open = (await labRequestsOf(caller.patientId!)).filter((r) => r.status === 'Requested').slice(0, MAX_REQUESTS);
  if (!open.length) return end(screens.noLabRequests(caller.shortcode));
  const requests: LabChoice[] = open.map((r) => ({
    id: r.labRequestId,
    tests: r.tests,
    label: `${shortDate(r.requestedAt)}: ${r.testNames.join(', ')}`,
  }));
  return menu(
    screens.chooseLabRequest(
      requests.map((r) => r.label),
      hint,
    ),
    'labRequest',
    { requests },
  );
}

/** The next days the clinic is open (no closure), from tomorrow: lab tests are taken at the clinic's lab, by day. */
async function showLabDays(caller: Caller, request: LabChoice, hint?: string): Promise<Reply> {
  const today = todayInGhana();
  const closed = await closuresBetween(addDays(today, 1), addDays(today, DAYS_AHEAD));
  const offered = Array.from({ length: DAYS_AHEAD }, (_, i) => addDays(today, i + 1))
    .filter((day) => !closed.has(day))
    .slice(0, MAX_CHOICES);
  if (!offered.length) return end(screens.noDays(caller.shortcode));
  return menu(screens.chooseDay(offered.map(dayLabel), hint), 'labDay', { request, days: offered });
}

/** The tests' price from the catalogue (the booking charges the server's price, less a package's discount). */
async function labConfirmText(data: Record<string, unknown>, hint?: string) {
  const request = data.request as LabChoice;
  const { found } = await labsById(request.tests);
  const fee = found.reduce((sum, l) => sum + Number(l.itemPrice), 0);
  return screens.confirmLabs({ tests: request.label.replace(/^[^:]*: /, ''), day: dayLabel(String(data.day)), fee }, hint);
}

async function confirmLabs(caller: Caller, data: Record<string, unknown>): Promise<Reply> {
  const request = data.request as LabChoice;
  const day = String(data.day);
  let booked: Appointment;
  try {
    booked = await book(caller, {
      requestedServiceId: SERVICE_ID.labTests,
      requestedDay: day,
      selectedLabs: request.tests,
      labRequestId: request.id,
    });
  } catch (err) {
    if (!(err instanceof HttpError) || err.status >= 500) throw err;
    // The day closed meanwhile, or the request was booked in another session: said as a screen.
    if (err.status === 409 && !/already booked/.test(err.message)) return showLabDays(caller, request, 'That day is now closed.');
    return end(screens.notCancellable(err.message));
  }
  if (!booked.requiresPayment) return end(screens.bookedLabs({ day: dayLabel(day) }));
  return {
    kind: 'cart',
    text: screens.payLabs({ fee: booked.consultationFee }),
    next: { step: 'main', data: { appointmentId: booked.appointmentId, clientReference: booked.clientReference } },
    item: { ItemName: `Lab tests ${dayLabel(day)}`, Qty: 1, Price: booked.consultationFee },
  };
}

interface RxChoice {
  id: string;
  label: string;
}

/** The e-prescriptions that can still be ordered (issued, not carried by a delivery yet), newest first. */
async function showPrescriptions(caller: Caller, hint?: string): Promise<Reply> {
  const open = (await prescriptionsOf(caller.patientId!))
    .filter((p) => p.status === 'Issued' && !p.deliveryAppointmentId)
    .slice(0, MAX_REQUESTS);
  if (!open.length) return end(screens.noPrescriptions(caller.shortcode));
  const prescriptions: RxChoice[] = open.map((p) => ({ id: p.prescriptionId, label: `${shortDate(p.issuedAt)} ${p.doctor}` }));
  return menu(
    screens.choosePrescription(
      prescriptions.map((p) => p.label),
      hint,
    ),
    'rxOrder',
    { prescriptions },
  );
}

async function showNext(caller: Caller, hint?: string): Promise<Reply> {
  const [next] = await upcomingAppointments(caller.patientId!);
  if (!next) return menu(screens.nothingNext(hint), 'next');
  const paid =
    next.paymentStatus === PAYMENT_STATUS.Paid
      ? 'Paid'
      : next.requiresPayment
        ? `Not paid (${next.consultationFee ? `GHS ${next.consultationFee.toFixed(2)}` : ''})`.replace(' ()', '')
        : next.coveredBy
          ? 'Covered by your package'
          : 'Nothing to pay';
  const who = next.doctorSurName ? `Dr ${next.doctorSurName}` : next.assignedToName;
  return menu(
    screens.next({ what: serviceName(next), when: whenLabel(next.requestedDay, next.requestedTime), who, paid }, hint),
    'next',
    { appointmentId: next.appointmentId },
  );
}

/** Where the package's automatic renewal stands (docs/direct-debit.md): a Declined or Cancelled mandate is off. */
function renewalOf(mandate: MandateView | undefined): PackageRenewal {
  if (mandate?.status === MANDATE_STATUS.Active)
    return { kind: 'active', on: formatDate(new Date(mandate.nextChargeAt!)), amount: mandate.nextChargeAmount ?? 0 };
  if (mandate?.status === MANDATE_STATUS.Pending) return { kind: mandate.verificationType === 'OTP' ? 'otp' : 'prompt' };
  return { kind: 'off' };
}

async function showPackage(caller: Caller, hint?: string): Promise<Reply> {
  const [live] = await liveSubscriptionsOf(caller.patientId!);
  if (!live) return menu(screens.noPackage(hint), 'package', { has: false });
  const end = periodOf(live.data).periodEnd;
  const daysLeft = end ? Math.max(0, Math.ceil((Date.parse(end) - Date.now()) / 86_400_000)) : 0;
  const renewal = renewalOf(await mandateOfSubscription(live.id));
  return menu(screens.pkg({ title: live.data.packageTitle, status: statusOf(live.data), daysLeft, renewal }, hint), 'package', {
    has: true,
    renewal: renewal.kind,
  });
}

/** What the direct-debit service refused (a second opt-in, nothing to approve or stop), said as a screen. */
const refusedAs = (err: unknown): Reply => {
  if (err instanceof HttpError && err.status < 500) return end(screens.renewalRefused(err.message));
  throw err;
};

/**
 * "Renew automatically": the same opt-in as the package card (startAutorenew), from the caller's
 * own number on its network; a network the request did not name is asked. A second opt-in (a
 * retry in another session) is refused by the service and said in its words.
 */
async function startRenewal(caller: Caller, network: MobileNetwork | undefined): Promise<Reply> {
  if (!network) return menu(screens.chooseNetwork(), 'renewNetwork');
  try {
    const { verificationType } = await startAutorenew(caller.patientId!, { msisdn: caller.mobile, network });
    return end(verificationType === 'OTP' ? screens.approveByCode(caller.shortcode) : screens.approvePrompt());
  } catch (err) {
    return refusedAs(err);
  }
}

const serviceName = (a: Pick<Appointment, 'requestedServiceId' | 'visitMode' | 'requestedService'>) =>
  a.requestedServiceId === SERVICE_ID.virtualConsultation && a.visitMode === 'phone' ? 'Phone consultation' : a.requestedService;

// --- booking ---

/** The caller's booking, as the site's booking form would send it for them (name and contact from their record). */
function bookingFor(
  caller: Caller,
  patient: Patient | undefined,
  fields: Partial<CreateAppointmentInput>,
): CreateAppointmentInput {
  return {
    bookFor: 'SELF',
    firstName: patient?.firstName ?? '',
    lastName: patient?.lastName ?? '',
    gender: patient?.gender ?? '',
    emailAddress: patient?.emailAddress ?? '',
    contactNumber: patient?.contactNumber || caller.mobile,
    location: patient?.patientLocation || 'By phone (USSD)',
    healthProblem: '',
    appointmentFileName: '',
    ...fields,
  } as CreateAppointmentInput;
}

/**
 * Books for the caller through the one createAppointment, its payment (if any) by this
 * session's USSD checkout. The record is read once: a clinic record has no sign-in whose
 * e-mail could be looked up.
 */
async function book(caller: Caller, fields: Partial<CreateAppointmentInput>) {
  const patient = await findPatient(caller.patientId!);
  const email =
    patient?.emailAddress || (patient?.accountStatus === 'Clinic' ? undefined : await accountEmail(caller.patientId!));
  return createAppointment(caller.patientId!, bookingFor(caller, patient, fields), {
    accountEmail: email,
    channel: 'USSD',
    ussdCheckout: ussdCheckoutOf(caller.sessionId),
  });
}

/** A 409 from booking: the time was taken, the day closed or full. */
const isConflict = (err: unknown): err is HttpError => err instanceof HttpError && err.status === 409;
/** A 409 about the day (closed or full), not about what the booking carries. */
const isConflictOfDay = (err: HttpError) => err.status === 409 && !/already ordered|cannot be ordered/.test(err.message);
/** What a home booking carries from step to step besides its day: the prescription a delivery brings. */
const carriedOf = (data: Record<string, unknown>) => (data.prescriptionId ? { prescriptionId: data.prescriptionId } : {});

async function confirmPhone(caller: Caller, data: Record<string, unknown>): Promise<Reply> {
  const doctor = data.doctor as DoctorChoice;
  const day = String(data.day);
  const time = String(data.time);
  let booked: Appointment;
  try {
    booked = await book(caller, {
      requestedServiceId: SERVICE_ID.virtualConsultation,
      requestedDay: day,
      requestedTime: time,
      doctorId: doctor.id,
    });
  } catch (err) {
    if (!isConflict(err)) throw err;
    // Taken since the list was shown: say so and offer what is free now (or other days).
    if (err.message === SLOT_TAKEN) return showTimes(caller, doctor, day, 'That time was just taken.');
    return showDays(caller, doctor, 'That day is now closed.');
  }
  const when = whenLabel(day, time);
  if (!booked.requiresPayment) return end(screens.bookedCovered({ doctor: doctor.name, when }));
  return {
    kind: 'cart',
    text: screens.pay({ fee: booked.consultationFee }),
    next: { step: 'main', data: { appointmentId: booked.appointmentId, clientReference: booked.clientReference } },
    item: { ItemName: `Phone consultation ${when}`, Qty: 1, Price: booked.consultationFee },
  };
}

async function confirmHome(caller: Caller, data: Record<string, unknown>): Promise<Reply> {
  const serviceId = Number(data.serviceId);
  const day = String(data.day);
  const landmark = String(data.landmark);
  const gps = data.gps ? String(data.gps) : undefined;
  try {
    await book(caller, {
      requestedServiceId: serviceId,
      requestedDay: day,
      address: { line: landmark, landmark, ...(gps ? { digitalAddress: gps } : {}) },
      ...(data.prescriptionId ? { prescriptionId: String(data.prescriptionId) } : {}),
    });
  } catch (err) {
    if (!(err instanceof HttpError) || err.status >= 500) throw err;
    // A prescription ordered meanwhile in another session, or no longer Issued: said as a screen.
    if (data.prescriptionId && !isConflictOfDay(err)) return end(screens.notCancellable(err.message));
    if (!isConflict(err)) throw err;
    return showHomeDays(caller, serviceId, 'That day is now full or closed.', carriedOf(data));
  }
  return end(screens.bookedHome({ service: serviceById(serviceId)!.title, day: dayLabel(day) }));
}

// --- the steps: what each does with what was typed ---

type Handler = (caller: Caller, typed: string, data: Record<string, unknown>) => Promise<Reply>;

const STEPS: Record<Step, Handler> = {
  name: async (caller, typed) => {
    const words = short(typed, 80).split(/\s+/).filter(Boolean);
    if (words.length < 2 || !words.every((w) => /^[A-Za-z'.-]{1,40}$/.test(w))) return input(screens.askName(HINT.name), 'name');
    const [firstName, ...rest] = words;
    caller.patientId = await createUssdPatient(caller.mobile, firstName, rest.join(' '));
    return showMain(undefined, firstName);
  },

  main: async (caller, typed) => {
    switch (typed) {
      case '1':
        return menu(screens.bookService(), 'book');
      case '2':
        return showNext(caller);
      case '3':
        return showPackage(caller);
      case '4':
        return input(screens.askRx(), 'rx');
      case '5':
        return menu(screens.callbackReason(), 'callback');
      default:
        return showMain(HINT.choice);
    }
  },

  book: async (caller, typed) => {
    if (typed === '0') return showMain();
    if (typed === '1') return showDoctors();
    const home = HOME_SERVICES[typed];
    if (home) return showHomeDays(caller, home);
    if (typed === LAB_TESTS) return showLabRequests(caller);
    if (typed === MEDICINE_DELIVERY) return showPrescriptions(caller);
    return menu(screens.bookService(HINT.choice), 'book');
  },

  doctor: async (caller, typed, data) => {
    if (typed === '0') return menu(screens.bookService(), 'book');
    const doctor = picked(typed, data.doctors as DoctorChoice[]);
    return doctor ? showDays(caller, doctor) : showDoctors(HINT.choice);
  },

  day: async (caller, typed, data) => {
    const doctor = data.doctor as DoctorChoice;
    if (typed === '0') return showDoctors();
    const day = picked(typed, data.days as string[]);
    return day ? showTimes(caller, doctor, day) : showDays(caller, doctor, HINT.choice);
  },

  time: async (caller, typed, data) => {
    const doctor = data.doctor as DoctorChoice;
    const day = String(data.day);
    if (typed === '0') return showDays(caller, doctor);
    const time = picked(typed, data.times as string[]);
    if (!time) return showTimes(caller, doctor, day, HINT.choice);
    return menu(screens.confirmPhone({ doctor: doctor.name, when: whenLabel(day, time), fee: doctor.fee }), 'confirm', {
      doctor,
      day,
      time,
    });
  },

  confirm: async (caller, typed, data) => {
    if (typed === '1') return confirmPhone(caller, data);
    if (typed === '0') return showMain();
    const doctor = data.doctor as DoctorChoice;
    const when = whenLabel(String(data.day), String(data.time));
    return menu(screens.confirmPhone({ doctor: doctor.name, when, fee: doctor.fee }, HINT.choice), 'confirm', data);
  },

  homeDay: async (caller, typed, data) => {
    const serviceId = Number(data.serviceId);
    if (typed === '0') return menu(screens.bookService(), 'book');
    const day = picked(typed, data.days as string[]);
    if (!day) return showHomeDays(caller, serviceId, HINT.choice, carriedOf(data));
    return input(screens.landmark(), 'landmark', { ...carriedOf(data), serviceId, day });
  },

  labRequest: async (caller, typed, data) => {
    if (typed === '0') return menu(screens.bookService(), 'book');
    const request = picked(typed, data.requests as LabChoice[]);
    return request ? showLabDays(caller, request) : showLabRequests(caller, HINT.choice);
  },

  labDay: async (caller, typed, data) => {
    const request = data.request as LabChoice;
    if (typed === '0') return showLabRequests(caller);
    const day = picked(typed, data.days as string[]);
    if (!day) return showLabDays(caller, request, HINT.choice);
    return menu(await labConfirmText({ request, day }), 'labConfirm', { request, day });
  },

  labConfirm: async (caller, typed, data) => {
    if (typed === '1') return confirmLabs(caller, data);
    if (typed === '0') return showMain();
    return menu(await labConfirmText(data, HINT.choice), 'labConfirm', data);
  },

  rxOrder: async (caller, typed, data) => {
    if (typed === '0') return menu(screens.bookService(), 'book');
    const prescription = picked(typed, data.prescriptions as RxChoice[]);
    if (!prescription) return showPrescriptions(caller, HINT.choice);
    return showHomeDays(caller, SERVICE_ID.prescription, undefined, { prescriptionId: prescription.id });
  },

  landmark: async (_caller, typed, data) => {
    const landmark = short(typed, 60);
    if (landmark.length < 3) return input(screens.landmark(HINT.landmark), 'landmark', data);
    return input(screens.gps(), 'gps', { ...data, landmark });
  },

  gps: async (_caller, typed, data) => {
    // As people type it (no dashes, any case) in its one stored form, as the site's form does.
    const gps = tidyDigitalAddress(typed);
    if (gps !== '0' && !DIGITAL_ADDRESS.test(gps)) return input(screens.gps(HINT.gps), 'gps', data);
    const next = { ...data, ...(gps === '0' ? {} : { gps }) };
    return menu(homeConfirmText(next), 'homeConfirm', next);
  },

  homeConfirm: async (caller, typed, data) => {
    if (typed === '1') return confirmHome(caller, data);
    if (typed === '0') return showMain();
    return menu(homeConfirmText(data, HINT.choice), 'homeConfirm', data);
  },

  next: async (caller, typed, data) => {
    if (typed === '0') return showMain();
    if (!data.appointmentId) return typed === '1' ? menu(screens.bookService(), 'book') : showNext(caller, HINT.choice);
    if (typed !== '1') return showNext(caller, HINT.choice);
    const [next] = await upcomingAppointments(caller.patientId!);
    if (!next || next.appointmentId !== data.appointmentId) return showNext(caller);
    const terms = cancellationTerms(next);
    if (!terms.allowed)
      return end(screens.notCancellable('This appointment can no longer be cancelled here. Please call the clinic.'));
    return menu(screens.confirmCancel({ refund: terms.refundAmount, kept: terms.feeAmount }), 'cancel', data);
  },

  cancel: async (caller, typed, data) => {
    if (typed === '0') return showNext(caller);
    if (typed !== '1') return showNext(caller, HINT.choice);
    try {
      const { cancellation } = await cancelAppointment(caller.patientId!, String(data.appointmentId));
      return end(screens.cancelled({ refund: cancellation.allowed ? cancellation.refundAmount : 0 }));
    } catch (err) {
      if (err instanceof HttpError && err.status < 500) return end(screens.notCancellable(err.message));
      throw err;
    }
  },

  package: async (caller, typed, data) => {
    if (typed === '0') return showMain();
    if (data.has) {
      if (data.renewal === 'off' && typed === '1') return startRenewal(caller, caller.network);
      if (data.renewal === 'otp' && typed === '1') return input(screens.askApprovalCode(), 'approvalCode');
      const stop = data.renewal === 'otp' ? '2' : '1';
      if (data.renewal !== 'off' && typed === stop) return menu(screens.confirmStop(), 'stopRenewal');
      return showPackage(caller, HINT.choice);
    }
    if (typed !== '1') return showPackage(caller, HINT.choice);
    const free = (await packagesNow()).find((p) => p.packagePrice === 'Free');
    if (!free) return end(screens.trialRefused('The free trial is not offered now.'));
    try {
      const { subscription } = await createSubscription({ uid: caller.patientId! }, free.id);
      return end(screens.trialStarted({ until: subscription.endDate ? formatDate(new Date(subscription.endDate)) : '' }));
    } catch (err) {
      if (err instanceof HttpError && err.status < 500) return end(screens.trialRefused(err.message));
      throw err;
    }
  },

  renewNetwork: async (caller, typed) => {
    if (typed === '0') return showPackage(caller);
    const network = picked(typed, MOBILE_NETWORKS);
    return network ? startRenewal(caller, network) : menu(screens.chooseNetwork(HINT.choice), 'renewNetwork');
  },

  approvalCode: async (caller, typed) => {
    if (!/^[A-Za-z0-9-]{3,20}$/.test(typed)) return input(screens.askApprovalCode(HINT.approvalCode), 'approvalCode');
    try {
      const mandate = await verifyAutorenew(caller.patientId!, typed);
      const renewal = renewalOf(mandate);
      if (renewal.kind !== 'active') return showPackage(caller);
      return end(screens.renewsNow({ on: renewal.on, amount: renewal.amount, number: mandate.maskedNumber }));
    } catch (err) {
      // A wrong code may be typed again; anything else (nothing waiting) is said as it is.
      if (err instanceof HttpError && err.status === 400)
        return input(screens.askApprovalCode(HINT.approvalCode), 'approvalCode');
      return refusedAs(err);
    }
  },

  stopRenewal: async (caller, typed) => {
    if (typed === '0') return showPackage(caller);
    if (typed !== '1') return menu(screens.confirmStop(HINT.choice), 'stopRenewal');
    try {
      await cancelAutorenew(caller.patientId!);
      return end(screens.renewalStopped());
    } catch (err) {
      return refusedAs(err);
    }
  },

  rx: async (caller, typed) => {
    const code = normaliseRxCode(typed);
    if (!code) return input(screens.askRx(HINT.code), 'rx');
    // The same check a pharmacy makes on /rx (docs/record.md 'Checking a code'), its misses
    // counted against the caller's number: status, date and doctor, never the medicines.
    try {
      const rx = await checkRx(`ussd:${caller.mobile}`, code);
      return end(
        screens.rx({
          valid: rx.status === 'Issued',
          lines: [rxVerdict(code, rx), `${rx.doctor}, ${formatDate(new Date(rx.issuedAt))}`],
        }),
      );
    } catch (err) {
      if (err instanceof HttpError && err.status < 500) return end(screens.rx({ valid: false, lines: [err.message] }));
      throw err;
    }
  },

  callback: async (caller, typed) => {
    if (typed === '0') return showMain();
    const reason = picked(typed, CALLBACK_REASONS);
    if (!reason) return menu(screens.callbackReason(HINT.choice), 'callback');
    await queueCallback({ phone: caller.mobile, patientId: caller.patientId, reason });
    return end(screens.callbackQueued({ phone: localPhone(caller.mobile) }));
  },
};

const homeConfirmText = (data: Record<string, unknown>, hint?: string) =>
  screens.confirmHome(
    {
      service: serviceById(Number(data.serviceId))!.title,
      day: dayLabel(String(data.day)),
      landmark: String(data.landmark),
      gps: data.gps ? String(data.gps) : undefined,
    },
    hint,
  );

/** The first screen of a session: the main menu for a known number, else the question of their name. */
export async function firstScreen(caller: Caller): Promise<Reply> {
  return caller.patientId ? showMain() : input(screens.askName(), 'name');
}

/** What the caller typed at `state`, answered. */
export async function answerStep(caller: Caller, state: State, typed: string): Promise<Reply> {
  const handler = STEPS[state.step] ?? STEPS.main;
  return handler(caller, typed.trim(), state.data ?? {});
}
