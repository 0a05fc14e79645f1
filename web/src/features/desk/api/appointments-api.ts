/**
 * The desk's appointments (docs/front-desk.md; shapes and schemas in @api/staff and
 * @api/front-desk): the day's and the week's lists, the prescription file, moving an
 * appointment, bookings and payments taken at the desk, home visits' assignment and the day
 * sheet. Each change invalidates what it touches under the console's shared keys.
 */
import { useInfiniteQuery, useQuery, type QueryKey } from '@tanstack/react-query';
import type {
  AssignRequest,
  Clinician,
  DeskPaymentOutcome,
  DeskPaymentRequest,
  PaymentLinkSent,
  StaffBookingRequest,
} from '@api/front-desk';
import type { RescheduleRequest } from '@api/scheduling';
import type { AppointmentState, StaffAppointmentList } from '@api/staff';
import type { Appointment } from '@api/types';
import { api } from '@/lib/api-client';
import { fetchApiFile } from '@/lib/api-files';
import type { StaffAppointment } from '@/features/staff/api/appointment-api';
import { downloadFile, itemsOf, staffKeys, useChange } from '@/features/staff/api/console-query';
import { canStartVisit } from '@/features/staff/visits';

const opts = { auth: true } as const;
const id = encodeURIComponent;

/**
 * GET /staff/appointments: one day, or a week (from and to, at most 7 days); q finds by name,
 * phone, reference or id; needsRebooking lists what a closure or time off left to rebook;
 * assignedTo, a clinician's home visits.
 */
export interface AppointmentFilter {
  day?: string;
  from?: string;
  to?: string;
  q?: string;
  status?: AppointmentState;
  doctorId?: string;
  serviceId?: string;
  assignedTo?: string;
  needsRebooking?: boolean;
  limit?: number;
}

export const deskAppointmentKeys = {
  list: (filter: AppointmentFilter) => [...staffKeys.appointments, 'list', filter] as const,
  clinicians: [...staffKeys.all, 'clinicians'] as const,
};

// ---- the lists ----

/** How often a day list with video visits to come is read again, so the waiting room shows (docs/visits.md). */
const WAITING_ROOM_REFRESH_MS = 20_000;

/** `live`: the day is today; the list is then read again while it holds video visits that can still be held. */
export function useAppointmentList(filter: AppointmentFilter, live = false) {
  return useInfiniteQuery({
    queryKey: deskAppointmentKeys.list(filter),
    queryFn: ({ pageParam, signal }) =>
      api.get<StaffAppointmentList>('/staff/appointments', {
        ...opts,
        signal,
        query: { ...filter, cursor: pageParam ?? undefined },
      }),
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.nextCursor,
    refetchInterval: (query) =>
      live && itemsOf(query.state.data).some((a) => a.visit && a.visit.state !== 'Ended' && canStartVisit(a))
        ? WAITING_ROOM_REFRESH_MS
        : false,
  });
}

/** The prescription file itself (its own content type): each opening is logged by the server. */
export const fetchStaffAppointmentFile = (appointmentId: string) =>
  fetchApiFile(`/staff/appointments/${id(appointmentId)}/file`, 'The prescription could not be opened.');

/**
 * The clinic moves an appointment at any time, to a free slot or a day with places.
 * `freeTimes`: the key of the public free times the dialog showed (the freed and the taken one change).
 */
export const useStaffReschedule = (freeTimes: QueryKey) =>
  useChange(
    ({ appointmentId, ...to }: RescheduleRequest & { appointmentId: string }) =>
      api.post<StaffAppointment>(`/staff/appointments/${id(appointmentId)}/reschedule`, to, opts),
    [staffKeys.appointments, staffKeys.patients, freeTimes],
  );

// ---- booking and payment at the desk ----

/**
 * POST /staff/appointments: the same rules as a patient's own booking; the server fixes the fee.
 * ['appointments']: the patient's own lists (appointmentKeys.all in features/appointments).
 */
export const useDeskBooking = () =>
  useChange(
    (booking: StaffBookingRequest) => api.post<Appointment>('/staff/appointments', booking, opts),
    [staffKeys.appointments, staffKeys.patients, ['appointments']],
  );

/** POST /staff/payments/{clientReference}/record: cash or mobile money taken at the desk (the amount is the record's). */
export const useRecordPayment = () =>
  useChange(
    ({ clientReference, ...body }: DeskPaymentRequest & { clientReference: string }) =>
      api.post<DeskPaymentOutcome>(`/staff/payments/${id(clientReference)}/record`, body, opts),
    [staffKeys.appointments, staffKeys.orders, staffKeys.refunds, staffKeys.patients],
  );

/** POST /staff/payments/{clientReference}/link: the checkout's link by SMS to the patient's phone. */
export const useSendPaymentLink = () =>
  useChange(
    (clientReference: string) => api.post<PaymentLinkSent>(`/staff/payments/${id(clientReference)}/link`, {}, opts),
    [staffKeys.appointments],
  );

// ---- home visits ----

/** GET /staff/clinicians: the doctors and nurses a home visit can be assigned to. */
export const useClinicians = (enabled = true) =>
  useQuery({
    queryKey: deskAppointmentKeys.clinicians,
    queryFn: ({ signal }) => api.get<Clinician[]>('/staff/clinicians', { ...opts, signal }),
    enabled,
  });

export const useAssign = () =>
  useChange(
    ({ appointmentId, ...body }: AssignRequest & { appointmentId: string }) =>
      api.post<Appointment>(`/staff/appointments/${id(appointmentId)}/assign`, body, opts),
    [staffKeys.appointments],
  );

// ---- the day sheet ----

/** Whose day a sheet lists: one doctor's, or the home visits'. */
export type SheetOf = { doctorId: string } | { homeVisits: true };

/** GET /staff/appointments/day-sheet.csv?day=&doctorId= or &homeVisits=true. */
export function downloadDaySheet(day: string, of: SheetOf, fileName: string): Promise<void> {
  const query = new URLSearchParams({ day, ...('doctorId' in of ? { doctorId: of.doctorId } : { homeVisits: 'true' }) });
  return downloadFile(`/staff/appointments/day-sheet.csv?${query}`, fileName, 'The day sheet could not be downloaded.');
}
