import type { MandateView } from '@api/direct-debit';
/**
 * The console's calls to `/api/staff/...` (docs/roles-and-audit.md; shapes in @api/staff)
 * and their TanStack Query hooks: one query key per resource under ['staff'], lists paged by
 * cursor, and each change invalidating what it touches.
 */
import { useInfiniteQuery, useMutation, useQuery, useQueryClient, type QueryKey } from '@tanstack/react-query';
import type {
  AppointmentState,
  AuditEntry,
  EnquiryStatus,
  GrantRoleRequest,
  MarkRefundedRequest,
  OrderStatus,
  Page,
  StaffAction,
  StaffAppointmentDetail,
  StaffAppointmentList,
  StaffEnquiry,
  StaffMessage,
  StaffOrder,
  StaffMember,
  StaffOverview,
  StaffPatientView,
  StaffRefund,
} from '@api/staff';
import type { Delivery } from '@api/notifications';
import type { RescheduleRequest } from '@api/scheduling';
import type { Appointment, Doctor, Patient, PaymentAlert, StaffPaymentAlert } from '@api/types';
import { api } from '@/lib/api-client';
import { canStartVisit } from '@/features/staff/visits';
import { fetchApiFile } from '@/lib/api-files';
import { saveBlob } from '@/lib/files';
import { CATALOG_STALE_MS } from '@/lib/query-client';

// ---- records as the staff routes answer them (shapes in @api/staff and @api/types) ----

/** An appointment with what the clinic's side records on it (Appointment carries those fields). */
export type StaffAppointment = Appointment;
export type { StaffEnquiry, StaffOrder } from '@api/staff';
export type ContactMessage = StaffMessage;

export const orderStatusOf = (order: StaffOrder): OrderStatus => order.status;

// ---- keys ----

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

export const staffKeys = {
  all: ['staff'] as const,
  overview: ['staff', 'overview'] as const,
  appointments: ['staff', 'appointments'] as const,
  appointmentList: (filter: AppointmentFilter) => ['staff', 'appointments', 'list', filter] as const,
  appointment: (id: string) => ['staff', 'appointments', 'detail', id] as const,
  enquiries: ['staff', 'enquiries'] as const,
  messages: ['staff', 'messages'] as const,
  orders: ['staff', 'orders'] as const,
  refunds: ['staff', 'refunds'] as const,
  paymentAlerts: ['staff', 'payment-alerts'] as const,
  patients: ['staff', 'patients'] as const,
  roles: ['staff', 'roles'] as const,
  audit: ['staff', 'audit'] as const,
  doctors: ['doctors'] as const,
};

const opts = { auth: true } as const;
const id = encodeURIComponent;

// ---- reads ----

/** A cursor-paged list under `key`, fetched page by page ('Load more'). */
function usePaged<T>(key: QueryKey, path: string, query: Record<string, string | undefined> = {}) {
  return useInfiniteQuery({
    queryKey: key,
    queryFn: ({ pageParam, signal }) =>
      api.get<Page<T>>(path, { ...opts, signal, query: { ...query, cursor: pageParam ?? undefined } }),
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.nextCursor,
  });
}

/** The items of every page loaded so far. */
export const itemsOf = <T>(data: { pages: Page<T>[] } | undefined): T[] => data?.pages.flatMap((p) => p.items) ?? [];

export const useOverview = () =>
  useQuery({
    queryKey: staffKeys.overview,
    queryFn: ({ signal }) => api.get<StaffOverview>('/staff/overview', { ...opts, signal }),
  });

/** How often a day list with video visits to come is read again, so the waiting room shows (docs/visits.md). */
const WAITING_ROOM_REFRESH_MS = 20_000;

/** `live`: the day is today; the list is then read again while it holds video visits that can still be held. */
export function useAppointmentList(filter: AppointmentFilter, live = false) {
  return useInfiniteQuery({
    queryKey: staffKeys.appointmentList(filter),
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

/** One appointment (each read is audited by the server, so it is read when asked, never polled). */
export const useStaffAppointment = (appointmentId: string) =>
  useQuery({
    queryKey: staffKeys.appointment(appointmentId),
    queryFn: ({ signal }) => api.get<StaffAppointmentDetail>(`/staff/appointments/${id(appointmentId)}`, { ...opts, signal }),
    enabled: !!appointmentId,
  });

/** The prescription file itself (its own content type): each opening is logged by the server. */
export const fetchStaffAppointmentFile = (appointmentId: string) =>
  fetchApiFile(`/staff/appointments/${id(appointmentId)}/file`, 'The prescription could not be opened.');

/** The public list of doctors, for the doctor filter. */
export const useDoctorList = (enabled: boolean) =>
  useQuery({
    queryKey: staffKeys.doctors,
    queryFn: ({ signal }) => api.get<Doctor[]>('/doctors', { query: { specialty: 'All' }, signal }),
    staleTime: CATALOG_STALE_MS,
    enabled,
  });

export const useEnquiries = (status?: EnquiryStatus) =>
  usePaged<StaffEnquiry>([...staffKeys.enquiries, status ?? 'all'], '/staff/enquiries', { status });
export const useMessages = () => usePaged<ContactMessage>(staffKeys.messages, '/staff/messages');
/** Orders by status, or `toDispatch`: the Paid ones not yet dispatched (what the overview counts). */
export const useOrders = (filter: { status?: OrderStatus; toDispatch?: boolean }) =>
  usePaged<StaffOrder>([...staffKeys.orders, filter.toDispatch ? 'to-dispatch' : (filter.status ?? 'all')], '/staff/orders', {
    status: filter.status,
    toDispatch: filter.toDispatch ? 'true' : undefined,
  });
export const useRefunds = (status: StaffRefund['status']) =>
  usePaged<StaffRefund>([...staffKeys.refunds, status], '/staff/refunds', { status });
/** Payments the settlement refused (a transaction a second record named): the Open ones first. */
export const usePaymentAlerts = (status: PaymentAlert['status']) =>
  usePaged<StaffPaymentAlert>([...staffKeys.paymentAlerts, status], '/staff/payment-alerts', { status });
/** The audit log, newest first; with a patient id, only the entries naming that patient. */
export const useAudit = (patientId?: string) =>
  usePaged<AuditEntry>([...staffKeys.audit, patientId ?? ''], '/staff/audit', { patientId: patientId || undefined });

export const usePatientSearch = (q: string) =>
  useQuery({
    queryKey: [...staffKeys.patients, 'search', q],
    queryFn: ({ signal }) => api.get<Patient[]>('/staff/patients', { ...opts, signal, query: { q } }),
    enabled: q.length >= 2,
  });

export const useStaffPatient = (patientId: string, enabled = true) =>
  useQuery({
    queryKey: [...staffKeys.patients, 'detail', patientId],
    queryFn: ({ signal }) => api.get<StaffPatientView>(`/staff/patients/${id(patientId)}`, { ...opts, signal }),
    enabled,
  });

/** The e-mails and SMS about an appointment or a patient (GET /staff/{about}/{id}/deliveries). */
export const useDeliveries = (about: 'appointments' | 'patients', recordId: string) =>
  useQuery({
    queryKey: ['staff', about, 'deliveries', recordId],
    queryFn: ({ signal }) => api.get<Delivery[]>(`/staff/${about}/${id(recordId)}/deliveries`, { ...opts, signal }),
  });

/** A patient's direct debits, newest first (GET /staff/patients/{id}/mandates; docs/direct-debit.md). */
export const usePatientMandates = (patientId: string) =>
  useQuery({
    queryKey: [...staffKeys.patients, 'mandates', patientId],
    queryFn: ({ signal }) =>
      api.get<(MandateView & { endedBecause?: string })[]>(`/staff/patients/${id(patientId)}/mandates`, { ...opts, signal }),
  });

/** Who holds a role: GET /staff/roles answers cursor pages like every staff list. */
export const useStaffMembers = () => usePaged<StaffMember>(staffKeys.roles, '/staff/roles');

// ---- changes ----

/** A change that invalidates `keys` (and the overview's figures) once it settles. */
export function useChange<A, R>(change: (arg: A) => Promise<R>, keys: QueryKey[]) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: change,
    onSettled: () => {
      for (const queryKey of [...keys, staffKeys.overview]) void queryClient.invalidateQueries({ queryKey });
    },
  });
}

export interface ActionArgs {
  appointmentId: string;
  action: StaffAction;
  /** `{ reason }` for decline, `{ visitSummary, clinicalNotes?, followUp? }` for complete (@api/staff CompleteRequest). */
  body?: object;
}

export const useAppointmentAction = () =>
  useChange(
    ({ appointmentId, action, body }: ActionArgs) =>
      api.post<StaffAppointment>(`/staff/appointments/${id(appointmentId)}/${action}`, body ?? {}, opts),
    [staffKeys.appointments, staffKeys.refunds, staffKeys.patients],
  );

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

/** POST /staff/{list}/{id}/status: staff move an enquiry, an order or a contact message on. */
export const useStatusChange = <S extends string, R>(list: 'enquiries' | 'orders' | 'messages', keys: QueryKey[]) =>
  useChange(
    ({ recordId, status }: { recordId: string; status: S }) =>
      api.post<R>(`/staff/${list}/${id(recordId)}/status`, { status }, opts),
    keys,
  );

export const useSetEnquiryStatus = () => useStatusChange<EnquiryStatus, StaffEnquiry>('enquiries', [staffKeys.enquiries]);

export const useSetOrderStatus = () =>
  useStatusChange<OrderStatus, StaffOrder>('orders', [staffKeys.orders, staffKeys.refunds, staffKeys.patients]);

export const useMarkRefunded = () =>
  useChange(
    ({ refundId, ...sent }: MarkRefundedRequest & { refundId: string }) =>
      api.post<StaffRefund>(`/staff/refunds/${id(refundId)}/refunded`, sent, opts),
    [staffKeys.refunds],
  );

export const useResolveAlert = () =>
  useChange(
    ({ alertId, note }: { alertId: string; note: string }) =>
      api.post<StaffPaymentAlert>(`/staff/payment-alerts/${id(alertId)}/resolved`, { note }, opts),
    [staffKeys.paymentAlerts],
  );

export const useGrantRole = () =>
  useChange((grant: GrantRoleRequest) => api.post<StaffMember>('/staff/roles', grant, opts), [staffKeys.roles, staffKeys.audit]);

export const useRevokeRole = () =>
  useChange((uid: string) => api.delete<null>(`/staff/roles/${id(uid)}`, undefined, opts), [staffKeys.roles, staffKeys.audit]);

// ---- files ----

/** Saves a file the API answers at `path` (a CSV); a refusal is thrown as ApiError with its sentence, or `failure`. */
export async function downloadFile(path: string, fileName: string, failure: string): Promise<void> {
  saveBlob(await fetchApiFile(path, failure), fileName);
}

/** GET /staff/newsletter.csv: text/csv on success, the usual envelope on failure. */
export const downloadNewsletterCsv = () =>
  downloadFile(
    '/staff/newsletter.csv',
    `newsletter-subscribers-${new Date().toISOString().slice(0, 10)}.csv`,
    'The subscriber list could not be downloaded.',
  );
