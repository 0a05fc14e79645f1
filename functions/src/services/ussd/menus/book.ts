import { DIGITAL_ADDRESS, tidyDigitalAddress, type CreateAppointmentInput } from '../../../api/booking-request';
import { SAMPLES_AT_HOME, SERVICE_ID, serviceById } from '../../../api/service-catalog';
import type { Appointment } from '../../../api/types';
import { HttpError } from '../../../http/errors';
import { accountEmail } from '../../../notifications/mail';
import { findPatient } from '../../../store/patients';
import type { CallerDetails } from '../../../store/ussd';
import { createAppointment, SLOT_TAKEN } from '../../booking/appointments';
import { priceWithBenefits } from '../../packages/benefits';
import { ussdCheckoutOf } from '../caller';
import { HINT, screens, short } from '../screens';
import {
  dayLabel,
  end,
  input,
  menu,
  picked,
  showMain,
  whenLabel,
  type Caller,
  type Handler,
  type Reply,
  type Step,
} from './common';
import {
  type DoctorChoice,
  type LabChoice,
  type RxChoice,
  labConfirmText,
  labPrice,
  showDays,
  showDoctors,
  showHomeDays,
  showLabDays,
  showLabRequests,
  showLabWhere,
  showPrescriptions,
  showTimes,
} from './book-choices';
import { needsPin } from './pin';

/** The home services the menu offers: a doctor or a nurse at home (both booked by day, free at booking). */
const HOME_SERVICES: Record<string, number> = { '2': 2, '3': 3 };
/** Book's 4 and 5: what a doctor asked for (the record's lab requests and e-prescriptions, docs/record.md). */
const LAB_TESTS = '4';
const MEDICINE_DELIVERY = '5';

/** Books the lab request at the clinic's lab, or with the samples taken at home (`home`: the address). */
async function confirmLabs(
  caller: Caller,
  data: Record<string, unknown>,
  home?: CreateAppointmentInput['address'],
): Promise<Reply> {
  const request = data.request as LabChoice;
  const day = String(data.day);
  const booked = await bookOrRefusal(caller, {
    requestedServiceId: SERVICE_ID.labTests,
    requestedDay: day,
    selectedLabs: request.tests,
    labRequestId: request.id,
    ...(home ? { requestedServiceOption: SAMPLES_AT_HOME, address: home } : {}),
  });
  if (booked instanceof HttpError) {
    // The day closed (or its home places went) meanwhile, or the request was booked in another session: said as a screen.
    if (booked.status === 409 && !/already booked/.test(booked.message))
      return home
        ? showHomeDays(caller, SERVICE_ID.labTests, 'That day is now full or closed.', carriedOf(data))
        : showLabDays(caller, request, 'That day is now closed.');
    return end(screens.notCancellable(booked.message));
  }
  if (!booked.requiresPayment) return end(screens.bookedLabs({ day: dayLabel(day), atHome: Boolean(home) }));
  return pay(booked, screens.payLabs({ fee: booked.consultationFee }), `Lab tests ${dayLabel(day)}`);
}

// --- booking ---

/** The caller's booking, as the site's booking form would send it for them (name and contact from their record). */
function bookingFor(
  caller: Caller,
  patient: CallerDetails | undefined,
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
 * session's USSD checkout. The record is read only when the session does not hold its
 * details; a clinic record has no sign-in whose e-mail could be looked up.
 */
async function book(caller: Caller, fields: Partial<CreateAppointmentInput>) {
  const patient = caller.details ?? (await findPatient(caller.patientId!));
  const email =
    patient?.emailAddress || (patient?.accountStatus === 'Clinic' ? undefined : await accountEmail(caller.patientId!));
  return createAppointment(caller.patientId!, bookingFor(caller, patient, fields), {
    accountEmail: email,
    channel: 'USSD',
    ussdCheckout: ussdCheckoutOf(caller.sessionId),
  });
}

/** The booking, or the refusal (a 4xx) the confirming step answers with a screen; anything else is thrown. */
async function bookOrRefusal(caller: Caller, fields: Partial<CreateAppointmentInput>): Promise<Appointment | HttpError> {
  try {
    return await book(caller, fields);
  } catch (err) {
    if (!(err instanceof HttpError) || err.status >= 500) throw err;
    return err;
  }
}

/** A booking to pay: its price goes to this session's checkout (the cart), and the next dial starts at the main menu. */
const pay = (booked: Appointment, text: string, itemName: string): Reply => ({
  kind: 'cart',
  text,
  next: { step: 'main', data: { appointmentId: booked.appointmentId, clientReference: booked.clientReference } },
  item: { ItemName: itemName, Qty: 1, Price: booked.consultationFee },
});

/** A 409 from booking: the time was taken, the day closed or full. */
const isConflict = (err: unknown): err is HttpError => err instanceof HttpError && err.status === 409;
/** A 409 about the day (closed or full), not about what the booking carries. */
const isConflictOfDay = (err: HttpError) => err.status === 409 && !/already ordered|cannot be ordered/.test(err.message);
/** What a home booking carries from step to step besides its day: the prescription a delivery brings, the lab request whose samples are taken. */
const carriedOf = (data: Record<string, unknown>) => ({
  ...(data.prescriptionId ? { prescriptionId: data.prescriptionId } : {}),
  ...(data.request ? { request: data.request } : {}),
});

async function confirmPhone(caller: Caller, data: Record<string, unknown>): Promise<Reply> {
  const doctor = data.doctor as DoctorChoice;
  const day = String(data.day);
  const time = String(data.time);
  const booked = await bookOrRefusal(caller, {
    requestedServiceId: SERVICE_ID.virtualConsultation,
    requestedDay: day,
    requestedTime: time,
    doctorId: doctor.id,
  });
  if (booked instanceof HttpError) {
    if (!isConflict(booked)) throw booked;
    // Taken since the list was shown: say so and offer what is free now (or other days).
    if (booked.message === SLOT_TAKEN) return showTimes(caller, doctor, day, 'That time was just taken.');
    return showDays(caller, doctor, 'That day is now closed.');
  }
  const when = whenLabel(day, time);
  if (!booked.requiresPayment) return end(screens.bookedCovered({ doctor: doctor.name, when }));
  return pay(booked, screens.pay({ fee: booked.consultationFee }), `Phone consultation ${when}`);
}

/** A home booking's address: the landmark (the line staff read) and the GhanaPost code if given. */
function homeAddress(data: Record<string, unknown>): NonNullable<CreateAppointmentInput['address']> {
  const landmark = String(data.landmark);
  return { line: landmark, landmark, ...(data.gps ? { digitalAddress: String(data.gps) } : {}) };
}

async function confirmHome(caller: Caller, data: Record<string, unknown>): Promise<Reply> {
  const serviceId = Number(data.serviceId);
  if (serviceId === SERVICE_ID.labTests) return confirmLabs(caller, data, homeAddress(data));
  const day = String(data.day);
  const booked = await bookOrRefusal(caller, {
    requestedServiceId: serviceId,
    requestedDay: day,
    address: homeAddress(data),
    ...(data.prescriptionId ? { prescriptionId: String(data.prescriptionId) } : {}),
  });
  if (booked instanceof HttpError) {
    // A prescription ordered meanwhile in another session, or no longer Issued: said as a screen.
    if (data.prescriptionId && !isConflictOfDay(booked)) return end(screens.notCancellable(booked.message));
    if (!isConflict(booked)) throw booked;
    return showHomeDays(caller, serviceId, 'That day is now full or closed.', carriedOf(data));
  }
  return end(screens.bookedHome({ service: serviceById(serviceId)!.title, day: dayLabel(day) }));
}

/** Book (main menu 1): a phone consultation, a visit at home, what a doctor asked for. */
export const bookSteps = {
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
    // Whether the package's allowance covers it, by the booking's own rule: the screen says so.
    const { fee, covered } = await priceWithBenefits(
      caller.patientId!,
      { requestedServiceId: SERVICE_ID.virtualConsultation },
      doctor.fee,
    );
    const next = { doctor, day, time, fee, covered };
    return menu(phoneConfirmText(next), 'confirm', next);
  },

  confirm: async (caller, typed, data) => {
    if (typed === '1') return confirmPhone(caller, data);
    if (typed === '0') return showMain();
    return menu(phoneConfirmText(data, HINT.choice), 'confirm', data);
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
    return request ? showLabWhere(request) : showLabRequests(caller, HINT.choice);
  },

  labWhere: async (caller, typed, data) => {
    const request = data.request as LabChoice;
    if (typed === '0') return showLabRequests(caller);
    if (typed === '1') return showLabDays(caller, request);
    if (typed === '2') return showHomeDays(caller, SERVICE_ID.labTests, undefined, { request });
    return showLabWhere(request, HINT.choice);
  },

  labDay: async (caller, typed, data) => {
    const request = data.request as LabChoice;
    if (typed === '0') return showLabWhere(request);
    const day = picked(typed, data.days as string[]);
    if (!day) return showLabDays(caller, request, HINT.choice);
    return menu(await labConfirmText(caller, { request, day }), 'labConfirm', { request, day });
  },

  labConfirm: async (caller, typed, data) => {
    if (typed === '1') return confirmLabs(caller, data);
    if (typed === '0') return showMain();
    return menu(await labConfirmText(caller, data, HINT.choice), 'labConfirm', data);
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

  gps: async (caller, typed, data) => {
    // As people type it (no dashes, any case) in its one stored form, as the site's form does.
    const gps = tidyDigitalAddress(typed);
    if (gps !== '0' && !DIGITAL_ADDRESS.test(gps)) return input(screens.gps(HINT.gps), 'gps', data);
    const next = { ...data, ...(gps === '0' ? {} : { gps }) };
    return menu(await homeConfirmText(caller, next), 'homeConfirm', next);
  },

  homeConfirm: async (caller, typed, data) => {
    if (typed === '1' && Number(data.serviceId) === SERVICE_ID.prescription) {
      // Medicine sent to an address is a change by phone: the PIN first.
      const pin = await needsPin(caller, { then: 'homeConfirm', thenData: data, typed });
      if (pin) return pin;
    }
    if (typed === '1') return confirmHome(caller, data);
    if (typed === '0') return showMain();
    return menu(await homeConfirmText(caller, data, HINT.choice), 'homeConfirm', data);
  },
} satisfies Partial<Record<Step, Handler>>;

const phoneConfirmText = (data: Record<string, unknown>, hint?: string) =>
  screens.confirmPhone(
    {
      doctor: (data.doctor as DoctorChoice).name,
      when: whenLabel(String(data.day), String(data.time)),
      fee: Number(data.fee ?? (data.doctor as DoctorChoice).fee),
      covered: data.covered === true,
    },
    hint,
  );

async function homeConfirmText(caller: Caller, data: Record<string, unknown>, hint?: string) {
  const where = {
    day: dayLabel(String(data.day)),
    landmark: String(data.landmark),
    gps: data.gps ? String(data.gps) : undefined,
  };
  if (Number(data.serviceId) === SERVICE_ID.labTests) {
    const price = await labPrice(caller, data.request as LabChoice, true);
    return screens.confirmLabsAtHome({ ...where, ...price }, hint);
  }
  return screens.confirmHome({ ...where, service: serviceById(Number(data.serviceId))!.title }, hint);
}
