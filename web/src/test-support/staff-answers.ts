/**
 * The staff API's answers for the console's jsdom tests, typed by the shared contract
 * (@api/types, @api/staff, @api/front-desk), so a test feeds a page only what the API sends,
 * and a fake fetch that answers routes in the API's envelope.
 */
import type { Clinician, Closure, DeskPaymentOutcome, PaymentLinkSent } from '@api/front-desk';
import type { StaffAppointmentList, StaffMessage, StaffOrder, StaffRefund } from '@api/staff';
import { BLANK_DETAILS, noExtras, type Appointment, type Patient, type StaffPaymentAlert } from '@api/types';

export function anAppointment(change: Partial<Appointment> = {}): Appointment {
  return {
    appointmentId: 'a1',
    source: 'WEBSITE',
    patientId: 'p1',
    bookFor: 'SELF',
    firstName: 'Ama',
    lastName: 'Mensah',
    emailAddress: 'ama@example.com',
    contactNumber: '+233241234567',
    gender: 'FEMALE',
    location: 'Adenta, Accra',
    healthProblem: '',
    requestedServiceId: 3,
    requestedService: 'Nursing Home Care',
    requestedServiceOption: null,
    requestedDay: '2099-01-05',
    requestedTime: null,
    doctorId: null,
    doctorSurName: null,
    doctorOtherNames: null,
    doctorSpecialty: null,
    doctorPicture: null,
    ...noExtras(),
    consultationFee: 0,
    requiresPayment: false,
    currencyCode: 'GHS',
    paymentStatus: 'Not Applicable',
    clientReference: 'REF0000001',
    timeOfRequest: '2098-12-20 10:00:00',
    createdAt: '2098-12-20T10:00:00.000Z',
    appointmentStatus: 'Accepted',
    acceptbyDoctor: true,
    declineByPatient: false,
    declineByDoctor: false,
    declinedDate: null,
    address: { line: '12 Mango Street', landmark: 'Shell station', digitalAddress: 'GA-183-8164' },
    ...change,
  };
}

export function aPatient(change: Partial<Patient> = {}): Patient {
  return {
    patientId: 'p1',
    firstName: 'Ama',
    lastName: 'Mensah',
    emailAddress: 'ama@example.com',
    contactNumber: '+233241234567',
    patientLocation: 'Adenta, Accra',
    gender: 'FEMALE',
    consentForTreatment: true,
    ...BLANK_DETAILS,
    accountStatus: 'Activated',
    userType: 'patient',
    entryDate: '2098-01-01T00:00:00.000Z',
    lastLogIn: '',
    verifyDate: '',
    wallet: 0,
    balance: 0,
    source: 'WEBSITE',
    ...change,
  };
}

export const aClinicRecord = (change: Partial<Patient> = {}): Patient =>
  aPatient({
    patientId: 'clinic-1',
    firstName: 'Yaw',
    lastName: 'Asante',
    emailAddress: '',
    contactNumber: '+233551234567',
    patientLocation: '',
    accountStatus: 'Clinic',
    source: 'CLINIC',
    ...change,
  });

export const aList = (items: Appointment[], nextCursor: string | null = null): StaffAppointmentList => ({
  items,
  nextCursor,
  counts: items.reduce<StaffAppointmentList['counts']>(
    (c, a) => ({ ...c, [a.appointmentStatus]: (c[a.appointmentStatus as keyof typeof c] ?? 0) + 1 }),
    {},
  ),
});

export const aClinician = (change: Partial<Clinician> = {}): Clinician => ({
  uid: 'nurse-1',
  name: 'Nurse Akosua Addo',
  role: 'nurse',
  ...change,
});

export const aClosure = (change: Partial<Closure> = {}): Closure => ({
  day: '2099-12-25',
  reason: 'Christmas Day',
  source: 'holiday',
  updatedAt: '2098-01-01T00:00:00.000Z',
  updatedBy: 'seed',
  ...change,
});

export const anOrder = (change: Partial<StaffOrder> = {}): StaffOrder => ({
  id: 'o1',
  patientId: 'p1',
  items: [{ productId: 'paracetamol', productName: 'Paracetamol 500mg', price: 12.5, quantity: 2, lineTotal: 25 }],
  amount: 25,
  currencyCode: 'GHS',
  paymentStatus: 'Paid',
  clientReference: 'ORD0000001',
  status: 'Pending',
  createdAt: '2098-12-20T10:00:00.000Z',
  customerName: 'Ama Mensah',
  contactNumber: '+233241234567',
  deliveryAddress: '12 Mango Street, Adenta',
  ...change,
});

export const aMessage = (change: Partial<StaffMessage> = {}): StaffMessage => ({
  docid: 'm1',
  fullName: 'Kofi Boateng',
  telephone: '0241234567',
  email: 'kofi@example.com',
  message: 'Do you visit homes in Tema?',
  date: '2098-12-20T10:00:00.000Z',
  status: 'New',
  replies: [],
  ...change,
});

export const aPaymentOutcome = (change: Partial<DeskPaymentOutcome> = {}): DeskPaymentOutcome => ({
  outcome: 'paid',
  clientReference: 'REF0000001',
  kind: 'appointment',
  recordId: 'a1',
  amount: 250,
  paymentStatus: 'Paid',
  ...change,
});

export const aLinkSent = (change: Partial<PaymentLinkSent> = {}): PaymentLinkSent => ({
  checkoutUrl: 'http://127.0.0.1:5005/checkout/c1',
  checkoutDirectUrl: 'http://127.0.0.1:5005/checkout/c1/direct',
  checkoutId: 'c1',
  sentTo: '+233241234567',
  ...change,
});

// ---- a fake API ----

export interface Answer {
  statusCode: number;
  msg?: string;
  data: unknown;
}

/** A route of the fake API: method and path (query string excluded), and what it answers for a call. */
export type Route = [method: string, path: string | RegExp, answer: (call: { url: URL; body: unknown }) => Answer];

export const ok = (data: unknown, statusCode = 200): Answer => ({ statusCode, data });

/**
 * A fetch that answers `routes()` in the API's envelope (the first match; 404 otherwise) and
 * records every call, so a test reads what the page asked for.
 */
export function fakeApi(routes: () => Route[]) {
  const calls: { method: string; url: URL; body: unknown }[] = [];
  const fetchMock = jest.fn((input: string, init?: RequestInit) => {
    const url = new URL(input, 'http://localhost');
    const method = init?.method ?? 'GET';
    const body = init?.body ? JSON.parse(String(init.body)) : undefined;
    calls.push({ method, url, body });
    const path = url.pathname;
    const route = routes().find(([m, p]) => m === method && (typeof p === 'string' ? p === path : p.test(path)));
    const answer = route ? route[2]({ url, body }) : { statusCode: 404, msg: `No route ${method} ${path}`, data: null };
    return Promise.resolve({
      ok: answer.statusCode < 300,
      status: answer.statusCode,
      json: () => Promise.resolve({ statusCode: answer.statusCode, msg: answer.msg ?? 'ok', data: answer.data }),
      blob: () => Promise.resolve(new Blob(['csv'])),
    } as Response);
  });
  const callsTo = (method: string, path: string) => calls.filter((c) => c.method === method && c.url.pathname === path);
  return { fetchMock, calls, callsTo };
}

/** GET /api/staff/payment-alerts: a transaction a second booking named, left unpaid. */
export const aPaymentAlert = (change: Partial<StaffPaymentAlert> = {}): StaffPaymentAlert => ({
  id: 'hubtel:tx9_USSD000001',
  kind: 'transaction-claimed-twice',
  provider: 'hubtel',
  transactionId: 'tx9',
  clientReference: 'USSD000001',
  payableKind: 'appointment',
  recordId: 'a2',
  patientId: 'p2',
  amount: 180,
  settledReference: 'REF0000009',
  status: 'Open',
  createdAt: '2098-12-21T09:30:00.000Z',
  ...change,
});

/** GET /api/staff/refunds: one Due refund, with whose money it is and where it came from. */
export const aRefund = (change: Partial<StaffRefund> = {}): StaffRefund => ({
  id: 'REF0000001_tx1',
  clientReference: 'REF0000001',
  kind: 'appointment',
  recordId: 'a1',
  patientId: 'p1',
  amount: 120,
  currency: 'GHS',
  reason: 'cancelled',
  status: 'Due',
  transactionId: 'tx1',
  createdAt: '2098-12-20T10:00:00.000Z',
  patientName: 'Ama Mensah',
  patientPhone: '+233241234567',
  paidFrom: { phone: '233551234987', channel: 'mtn-gh' },
  ...change,
});
