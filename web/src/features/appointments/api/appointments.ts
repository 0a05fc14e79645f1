import * as accepted from '@api/booking-choices';
import { DIETARY_VIRTUAL_FEE } from '@api/prices';
import { SERVICE_ID } from '@api/service-catalog';
import type { CreateAppointmentInput } from '@api/booking-request';
import type { Appointment, AppointmentFile, Doctor, LabTest } from '@api/types';
import { api } from '@/lib/api-client';
import { labelled } from '@/lib/choices';

/** The choices of the booking form (spec section 3 enumerations): value and what a person reads. */
export const BOOK_FOR = labelled(accepted.BOOK_FOR, { SELF: 'Myself', OTHERS: 'Someone else' });
export const DIETARY_MODES = labelled(accepted.DIETARY_MODES, {
  VIRTUAL: `Virtual consultation (GHS ${DIETARY_VIRTUAL_FEE}, paid online)`,
  HOME_VISIT: 'Home visit (free)',
});
export const ORGANIZATION_SERVICES = labelled(accepted.ORGANIZATION_SERVICES, {
  HEALT_TALK: 'Health Talk/Education',
  MEDICAL_SCREENING: 'Medical Screening',
  EXERCISE: 'Aerobics/Exercise',
  ALL: 'All',
});
export const EXPECTED_PEOPLE = labelled(accepted.EXPECTED_PEOPLE, {
  '1-20': '1 - 20',
  '21-50': '21 - 50',
  '51-100': '51 - 100',
  ABOVE: '101 - Above',
});

/** The spec's booking messages, word for word. */
export const MESSAGES = {
  required: 'Please fill in all required fields.',
  labs: 'Select prefered lab test and Prefered Date',
  prescription: 'Prescription form and Prefered Date are required',
} as const;

export type { Appointment, Doctor, LabTest } from '@api/types';

/** The booking form is checked with the API's own booking schema, so a person sees the server's rules before sending. */
export { bookingSchema, todayInGhana } from '@api/booking-request';

/** The form's values as the inputs hold them (the service id as the select's text). */
export interface BookingValues {
  bookFor: string;
  firstName: string;
  lastName: string;
  gender: string;
  emailAddress: string;
  contactNumber: string;
  location: string;
  healthProblem: string;
  requestedServiceId: string;
  requestedDay: string;
  requestedTime: string;
  doctorId: string;
  requestedServiceOption: string;
  selectedLabs: string[];
  appointmentFiles: string;
  appointmentFileName: string;
  organiztionName: string;
  organiztionLocation: string;
  organiztionType: string;
  organiztionService: string;
  expectedPeople: string;
}

export const emptyBooking = (serviceId = ''): BookingValues => ({
  bookFor: 'SELF',
  firstName: '',
  lastName: '',
  gender: '',
  emailAddress: '',
  contactNumber: '',
  location: '',
  healthProblem: '',
  requestedServiceId: serviceId,
  requestedDay: '',
  requestedTime: '',
  doctorId: '',
  requestedServiceOption: '',
  selectedLabs: [],
  appointmentFiles: '',
  appointmentFileName: '',
  organiztionName: '',
  organiztionLocation: '',
  organiztionType: '',
  organiztionService: '',
  expectedPeople: '',
});

/** The spec's message for an invalid form: the lab and prescription services have their own. */
export function invalidBookingMessage(values: BookingValues): string {
  const id = Number(values.requestedServiceId);
  if (id === SERVICE_ID.labTests) return MESSAGES.labs;
  if (id === SERVICE_ID.prescription) return MESSAGES.prescription;
  return MESSAGES.required;
}

/** Lab total as the server computes it: the sum of the chosen prices, rounded to 2 decimals. */
export const labTotal = (labs: LabTest[], chosen: string[]) =>
  Math.round((labs.filter((l) => chosen.includes(l.id)).reduce((sum, l) => sum + l.itemPrice, 0) + Number.EPSILON) * 100) / 100;

export const formatCedis = (amount: number) => `GH₵ ${amount.toFixed(2)}`;

/** POST /appointments: the values as the booking schema casts them (service id a number); the server decides fees and statuses. */
export const createAppointment = (body: CreateAppointmentInput) => api.post<Appointment>('/appointments', body, { auth: true });

export const fetchDoctors = () => api.get<Doctor[]>('/doctors', { query: { specialty: 'All' } });
export const fetchLabs = () => api.get<LabTest[]>('/labs/prices');

export const fetchPending = (patientId: string) =>
  api.get<Appointment[]>('/appointments/pending', { query: { patientId }, auth: true });
export const fetchHistory = (patientId: string) => api.get<Appointment[]>('/consultation', { query: { patientId }, auth: true });
export const fetchAppointment = (appointmentId: string) =>
  api.get<Appointment>(`/appointments/${encodeURIComponent(appointmentId)}`, { auth: true });
export const cancelAppointment = (appointmentId: string) =>
  api.post<Appointment>('/appointments/cancel', { appointmentId }, { auth: true });
export const deleteAppointment = (appointmentId: string) =>
  api.delete<null>(`/appointments/${encodeURIComponent(appointmentId)}`, undefined, { auth: true });

/** The prescription of the caller's appointment, as a data URL. */
export const fetchAppointmentFile = (appointmentId: string) =>
  api.get<AppointmentFile>(`/appointments/${encodeURIComponent(appointmentId)}/file`, {
    auth: true,
  });

/** The rules of section 4: Delete while Unpaid, Cancel while Pending, otherwise the cancellation policy. */
export const canDelete = (a: Appointment) => a.paymentStatus === 'Unpaid';
export const canCancel = (a: Appointment) => a.appointmentStatus === 'Pending';
export const canPay = (a: Appointment) =>
  a.requiresPayment && a.paymentStatus === 'Unpaid' && a.appointmentStatus !== 'Cancelled';
