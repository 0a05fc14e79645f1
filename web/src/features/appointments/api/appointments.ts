import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import * as accepted from '@api/booking-choices';
import type { CreateAppointmentInput } from '@api/booking-request';
import { formatGhs } from '@api/format';
import { FREE_CANCELLATION_HOURS, LATE_CANCELLATION_FEE_PERCENT } from '@api/policy';
import { DIETARY_VIRTUAL_FEE } from '@api/prices';
import { SERVICE_ID } from '@api/service-catalog';
import {
  type Appointment,
  APPOINTMENT_STATUS,
  type AppointmentCancellation,
  type Doctor,
  type LabTest,
  PAYMENT_STATUS,
} from '@api/types';
import type { LabResult } from '@api/record';
import { api } from '@/lib/api-client';
import { REQUIRED } from '@/lib/form-words';
import { fetchApiFile } from '@/lib/api-files';
import { saveBlob } from '@/lib/files';
import { labelled } from '@/lib/choices';
import { CATALOG_STALE_MS } from '@/lib/query-client';

/** The choices of the booking form (the original site's enumerations): value and what a person reads. */
export const BOOK_FOR = labelled(accepted.BOOK_FOR, { SELF: 'Myself', OTHERS: 'Someone else' });
export const DIETARY_MODES = labelled(accepted.DIETARY_MODES, {
  VIRTUAL: `Virtual consultation (${formatGhs(DIETARY_VIRTUAL_FEE)}, paid online)`,
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

/** The booking messages, word for word (api/messages.ts style: one place). */
export const MESSAGES = {
  required: REQUIRED,
  labs: 'Select prefered lab test and Prefered Date',
  prescription: 'Prescription form and Prefered Date are required',
} as const;

export type { Appointment, Doctor, LabTest } from '@api/types';

/** The booking form is checked with the API's own booking schema, so a person sees the server's rules before sending. */
export { bookingSchema, todayInGhana } from '@api/booking-request';

/** The form's values as the inputs hold them (the service id as the select's text). */
export interface BookingValues {
  bookFor: string;
  /** The family member booked for ('Someone else'), only when one is picked from the patient's list. */
  dependantId?: string;
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
  /** Where a home visit or delivery goes (@api/booking-request addressSchema); dropped for other services. */
  address: { line: string; landmark: string; digitalAddress: string };
  /** Medicine Delivery of one of the patient's e-prescriptions (no file needed): from 'Order these medicines'. */
  prescriptionId?: string;
  /** A lab booking of the tests a doctor requested: from 'Book these tests'. */
  labRequestId?: string;
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
  address: { line: '', landmark: '', digitalAddress: '' },
});

/** The message for an invalid form: the lab and prescription services have their own. */
export function invalidBookingMessage(values: BookingValues): string {
  const id = Number(values.requestedServiceId);
  if (id === SERVICE_ID.labTests) return MESSAGES.labs;
  if (id === SERVICE_ID.prescription) return MESSAGES.prescription;
  return MESSAGES.required;
}

/** Lab total as the server computes it: the sum of the chosen prices, rounded to 2 decimals. */
export const labTotal = (labs: LabTest[], chosen: string[]) =>
  Math.round((labs.filter((l) => chosen.includes(l.id)).reduce((sum, l) => sum + l.itemPrice, 0) + Number.EPSILON) * 100) / 100;

/** POST /appointments: the values as the booking schema casts them (service id a number); the server decides fees and statuses. */
const createAppointment = (body: CreateAppointmentInput) => api.post<Appointment>('/appointments', body, { auth: true });

const fetchDoctors = (signal: AbortSignal) => api.get<Doctor[]>('/doctors', { query: { specialty: 'All' }, signal });
const fetchLabs = (signal: AbortSignal) => api.get<LabTest[]>('/labs/prices', { signal });

/** Pending, Accepted, on the way or checked in, not past (/appointments/pending holds Pending ones only: docs/api.md). */
const fetchUpcoming = (patientId: string) =>
  api.get<Appointment[]>('/appointments/upcoming', { query: { patientId }, auth: true });
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
/** POST /appointments/{id}/confirm: the patient says yes to a booking the clinic made for them (its doctor may then read their record). */
const confirmAppointment = (appointmentId: string) =>
  api.post<Appointment>(`/appointments/${encodeURIComponent(appointmentId)}/confirm`, {}, { auth: true });
const deleteAppointment = (appointmentId: string) =>
  api.delete<null>(`/appointments/${encodeURIComponent(appointmentId)}`, undefined, { auth: true });

/** The query keys of appointments and of the booking form's catalogs. */
export const appointmentKeys = {
  all: ['appointments'] as const,
  upcoming: (patientId: string) => [...appointmentKeys.all, 'upcoming', patientId] as const,
  history: (patientId: string) => [...appointmentKeys.all, 'history', patientId] as const,
  detail: (appointmentId: string) => [...appointmentKeys.all, 'detail', appointmentId] as const,
  doctors: ['doctors'] as const,
  labs: ['labs'] as const,
};

/** The doctors and lab tests to choose from, loaded once a service needs them, then kept for the page load. */
const useCatalog = <T>(queryKey: readonly string[], fetch: (signal: AbortSignal) => Promise<T>, needed: boolean) =>
  useQuery({ queryKey, queryFn: ({ signal }) => fetch(signal), enabled: needed, staleTime: CATALOG_STALE_MS });
export const useDoctors = (needed: boolean) => useCatalog(appointmentKeys.doctors, fetchDoctors, needed);
export const useLabs = (needed: boolean) => useCatalog(appointmentKeys.labs, fetchLabs, needed);

/** The patient's upcoming appointments and their history (none until signed in). */
export const useUpcomingAppointments = (patientId: string | undefined) =>
  useQuery({
    queryKey: appointmentKeys.upcoming(patientId ?? ''),
    queryFn: () => fetchUpcoming(patientId!),
    enabled: !!patientId,
  });
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
export function useAppointmentMutation<T, R>(change: (arg: T) => Promise<R>, onSuccess?: (result: R, arg: T) => void) {
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

/** Confirming changes the appointment: its detail shows the answer at once, then every list refetches. */
export function useConfirmAppointment() {
  const queryClient = useQueryClient();
  return useAppointmentMutation(confirmAppointment, (updated) =>
    queryClient.setQueryData(appointmentKeys.detail(updated.appointmentId), updated),
  );
}

/** The appointment a link names (the desk booking's notice, @api/front-desk confirmBookingPath), as the server holds it. */
export const useLinkedAppointment = (appointmentId: string | null) =>
  useQuery({
    queryKey: appointmentKeys.detail(appointmentId ?? ''),
    queryFn: () => fetchAppointment(appointmentId!),
    enabled: !!appointmentId,
  });

/** The prescription of the caller's appointment, the file itself (its own content type). */
export const fetchAppointmentFile = (appointmentId: string) =>
  fetchApiFile(`/appointments/${encodeURIComponent(appointmentId)}/file`, 'The prescription could not be opened.');

/** Delete and Cancel follow the server's rules (canDelete, canCancel in @api/policy); paying is offered while Unpaid. */
export const canPay = (a: Appointment) =>
  a.requiresPayment &&
  a.paymentStatus === PAYMENT_STATUS.Unpaid &&
  a.appointmentStatus !== APPOINTMENT_STATUS.Cancelled &&
  a.appointmentStatus !== APPOINTMENT_STATUS.Expired;

/** Downloads one result file of the caller's lab booking (served only to its owner, never cached). */
export async function openResult(appointmentId: string, result: Pick<LabResult, 'fileId' | 'name'>): Promise<void> {
  const path = `/appointments/${encodeURIComponent(appointmentId)}/results/${encodeURIComponent(result.fileId)}`;
  saveBlob(await fetchApiFile(path), result.name);
}
