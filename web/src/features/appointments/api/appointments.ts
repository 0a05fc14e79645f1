import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { array, object, string, type InferType } from 'yup';
import * as accepted from '@api/booking-choices';
import { DIETARY_VIRTUAL_FEE } from '@api/prices';
import { SERVICE_ID } from '@api/service-catalog';
import { formatGhs } from '@api/format';
import { FREE_CANCELLATION_HOURS, LATE_CANCELLATION_FEE_PERCENT } from '@api/policy';
import type { Appointment, AppointmentCancellation, AppointmentFile, Doctor, LabTest } from '@api/types';
import { api } from '@/lib/api-client';
import { labelled } from '@/lib/choices';
import { CATALOG_STALE_MS } from '@/lib/query-client';
import { requiredEmail, requiredPhone, requiredText } from '@/lib/form-rules';

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

/** Ghana keeps UTC all year: today's date there, as the date input writes it. */
export const todayInGhana = () => new Date().toISOString().slice(0, 10);

const is =
  (...ids: number[]) =>
  (value: string) =>
    ids.includes(Number(value));
const needsTime = (service: string, option: string) =>
  Number(service) === SERVICE_ID.virtualConsultation || (Number(service) === SERVICE_ID.dietary && option === 'VIRTUAL');
const COMMUNITY = [SERVICE_ID.corporateWellness, SERVICE_ID.agricHealth];

/** Required only for the services that use the field (the server applies the same rules). */
const requiredWhen = (ids: number[], label: string) =>
  string().when('requestedServiceId', {
    is: is(...ids),
    then: (s) => s.trim().required(`${label} is required.`),
  });

/** The booking form; the form reuses it and the request below sends what it holds. */
export const bookingSchema = object({
  bookFor: string().oneOf(['SELF', 'OTHERS']).required(),
  firstName: requiredText('First Name', 80),
  lastName: requiredText('Last Name', 80),
  gender: string().required('Gender is required.').oneOf(['MALE', 'FEMALE'], 'Gender is required.'),
  emailAddress: requiredEmail('Email Address'),
  contactNumber: requiredPhone('Phone Number'),
  location: requiredText('Location', 120),
  healthProblem: string().trim().max(2000, 'Health Problem must be at most 2000 characters.'),
  requestedServiceId: string().required('Service is required.'),
  requestedDay: string()
    .required('Preferred Date is required.')
    .test('not-past', 'Preferred Date must be today or later.', (v) => !v || v >= todayInGhana()),
  requestedTime: string().when(['requestedServiceId', 'requestedServiceOption'], {
    is: needsTime,
    then: (s) => s.required('Preferred Time is required.'),
  }),
  doctorId: requiredWhen([SERVICE_ID.virtualConsultation], 'Doctor'),
  requestedServiceOption: requiredWhen([SERVICE_ID.dietary], 'Mode'),
  selectedLabs: array(string().required()).when('requestedServiceId', {
    is: is(SERVICE_ID.labTests),
    then: (s) => s.min(1, 'Select at least one lab test.'),
  }),
  appointmentFiles: requiredWhen([SERVICE_ID.prescription], 'Prescription'),
  appointmentFileName: string(),
  organiztionName: requiredWhen(COMMUNITY, 'Organization Name'),
  organiztionLocation: requiredWhen(COMMUNITY, 'Organization Location'),
  organiztionType: requiredWhen(COMMUNITY, 'Organization Type'),
  organiztionService: requiredWhen(COMMUNITY, 'Service Needed'),
  expectedPeople: requiredWhen(COMMUNITY, 'Expected Number of Beneficiaries'),
});

export type BookingValues = InferType<typeof bookingSchema>;

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

/** POST /appointments: the form's values with the service id as a number; the server decides fees and statuses. */
function createAppointment(values: BookingValues): Promise<Appointment> {
  const body = { ...values, requestedServiceId: Number(values.requestedServiceId) };
  return api.post<Appointment>('/appointments', body, { auth: true });
}

const fetchDoctors = (signal: AbortSignal) => api.get<Doctor[]>('/doctors', { query: { specialty: 'All' }, signal });
const fetchLabs = (signal: AbortSignal) => api.get<LabTest[]>('/labs/prices', { signal });

const fetchPending = (patientId: string) => api.get<Appointment[]>('/appointments/pending', { query: { patientId }, auth: true });
const fetchHistory = (patientId: string) => api.get<Appointment[]>('/consultation', { query: { patientId }, auth: true });
const fetchAppointment = (appointmentId: string) =>
  api.get<Appointment>(`/appointments/${encodeURIComponent(appointmentId)}`, { auth: true });
const cancelAppointment = (appointmentId: string) =>
  api.post<Appointment & { cancellation: AppointmentCancellation }>('/appointments/cancel', { appointmentId }, { auth: true });
/** Which rule of the cancellation policy applies now: asked before the patient confirms a cancel. */
export const fetchCancellation = (appointmentId: string) =>
  api.get<AppointmentCancellation>(`/appointments/${encodeURIComponent(appointmentId)}/cancellation`, { auth: true });

/** The rule that applies and what it means for the patient's money, in a sentence for the dialogs. */
export function cancellationSummary(c: AppointmentCancellation): string {
  if (!c.allowed) return c.reason;
  if (c.rule === 'free') {
    const refund = c.paid ? ` and ${formatGhs(c.refundAmount)} will be refunded to you` : '';
    return `Cancelling at least ${FREE_CANCELLATION_HOURS} hours before the appointment is free of charge${refund}.`;
  }
  if (!c.paid)
    return `It is less than ${FREE_CANCELLATION_HOURS} hours before the appointment, but as it is not paid nothing is charged.`;
  return (
    `It is less than ${FREE_CANCELLATION_HOURS} hours before the appointment, so a ${LATE_CANCELLATION_FEE_PERCENT}% late ` +
    `cancellation fee of ${formatGhs(c.feeAmount)} is kept and ${formatGhs(c.refundAmount)} will be refunded to you.`
  );
}
const deleteAppointment = (appointmentId: string) =>
  api.delete<null>(`/appointments/${encodeURIComponent(appointmentId)}`, undefined, { auth: true });

/** The query keys of appointments and of the booking form's catalogs. */
export const appointmentKeys = {
  all: ['appointments'] as const,
  pending: (patientId: string) => [...appointmentKeys.all, 'pending', patientId] as const,
  history: (patientId: string) => [...appointmentKeys.all, 'history', patientId] as const,
  detail: (appointmentId: string) => [...appointmentKeys.all, 'detail', appointmentId] as const,
  doctors: ['doctors'] as const,
  labs: ['labs'] as const,
};

/** The doctors and lab tests to choose from, loaded once a service needs them, then kept for the page load. */
export const useDoctors = (needed: boolean) =>
  useQuery({
    queryKey: appointmentKeys.doctors,
    queryFn: ({ signal }) => fetchDoctors(signal),
    enabled: needed,
    staleTime: CATALOG_STALE_MS,
  });
export const useLabs = (needed: boolean) =>
  useQuery({
    queryKey: appointmentKeys.labs,
    queryFn: ({ signal }) => fetchLabs(signal),
    enabled: needed,
    staleTime: CATALOG_STALE_MS,
  });

/** The patient's pending appointments and their history (none until signed in). */
export const usePendingAppointments = (patientId: string | undefined) =>
  useQuery({ queryKey: appointmentKeys.pending(patientId ?? ''), queryFn: () => fetchPending(patientId!), enabled: !!patientId });
export const useAppointmentHistory = (patientId: string | undefined) =>
  useQuery({ queryKey: appointmentKeys.history(patientId ?? ''), queryFn: () => fetchHistory(patientId!), enabled: !!patientId });

/**
 * One appointment as the server holds it now. The list's copy shows at once (placeholder),
 * since the list may be older than a payment made since.
 */
export const useAppointment = (appointment: Appointment | undefined) =>
  useQuery({
    queryKey: appointmentKeys.detail(appointment?.appointmentId ?? ''),
    queryFn: () => fetchAppointment(appointment!.appointmentId),
    enabled: !!appointment,
    placeholderData: appointment,
  });

/** Booking, cancelling and deleting change the lists: each invalidates every appointment query. */
function useAppointmentMutation<T, R>(change: (arg: T) => Promise<R>, onSuccess?: (result: R, arg: T) => void) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: change,
    onSuccess: (result, arg) => onSuccess?.(result, arg),
    onSettled: () => void queryClient.invalidateQueries({ queryKey: appointmentKeys.all }),
  });
}

export const useCreateAppointment = () => useAppointmentMutation(createAppointment);
export const useDeleteAppointment = () => useAppointmentMutation(deleteAppointment);
export function useCancelAppointment() {
  const queryClient = useQueryClient();
  return useAppointmentMutation(cancelAppointment, (updated) =>
    queryClient.setQueryData(appointmentKeys.detail(updated.appointmentId), updated),
  );
}

/** The prescription of the caller's appointment, as a data URL. */
export const fetchAppointmentFile = (appointmentId: string) =>
  api.get<AppointmentFile>(`/appointments/${encodeURIComponent(appointmentId)}/file`, {
    auth: true,
  });

/** Delete and Cancel follow the server's rules (canDelete, canCancel in @api/policy); paying is offered while Unpaid. */
export const canPay = (a: Appointment) =>
  a.requiresPayment && a.paymentStatus === 'Unpaid' && a.appointmentStatus !== 'Cancelled' && a.appointmentStatus !== 'Expired';
