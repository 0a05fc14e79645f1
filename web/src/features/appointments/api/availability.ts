/**
 * Real availability (docs/scheduling.md): a doctor's free times and a home or community
 * service's places left per day, each fetched once for the whole 31-day window the pickers
 * show (one request per range, not one per day: patients are on slow phones), and moving an
 * appointment to another of them.
 */
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { todayInGhana } from '@api/booking-request';
import { MAX_AVAILABILITY_DAYS } from '@api/policy';
import type { DayPlaces, DaySlots, RescheduleRequest } from '@api/scheduling';
import type { Appointment } from '@api/types';
import { api } from '@/lib/api-client';
import { appointmentKeys, useAppointmentMutation } from '@/features/appointments/api/appointments';

export type { DayPlaces, DaySlots } from '@api/scheduling';
export { usesDailyCapacity } from '@api/scheduling';

/** The API answers at most this many days per request: the pickers show exactly that window. */
export const WINDOW_DAYS = MAX_AVAILABILITY_DAYS;
const DAY_MS = 86_400_000;

/** The days a picker offers: today (Ghana time, UTC all year) and the next 30. */
export function windowDays(today = todayInGhana()): string[] {
  const start = Date.parse(`${today}T00:00:00Z`);
  return Array.from({ length: WINDOW_DAYS }, (_, i) => new Date(start + i * DAY_MS).toISOString().slice(0, 10));
}

/** Availability changes with every booking: it lives under the appointments' keys, so each booking, cancel or move refreshes it. */
export const availabilityKeys = {
  all: [...appointmentKeys.all, 'availability'] as const,
  doctorSlots: (doctorId: string, from: string, to: string) => [...availabilityKeys.all, 'doctor', doctorId, from, to] as const,
  serviceDays: (serviceId: number, from: string, to: string) =>
    [...availabilityKeys.all, 'service', serviceId, from, to] as const,
};

/** Free times go quickly: a picker's answer is refetched when it is older than this and shown again. */
const AVAILABILITY_STALE_MS = 30_000;

const range = () => {
  const days = windowDays();
  return { from: days[0], to: days[days.length - 1] };
};

export function useDoctorSlots(doctorId: string | undefined) {
  const { from, to } = range();
  return useQuery({
    queryKey: availabilityKeys.doctorSlots(doctorId ?? '', from, to),
    queryFn: ({ signal }) =>
      api.get<DaySlots[]>(`/doctors/${encodeURIComponent(doctorId!)}/slots`, { query: { from, to }, signal }),
    enabled: !!doctorId,
    staleTime: AVAILABILITY_STALE_MS,
  });
}

export function useServiceDays(serviceId: number | undefined) {
  const { from, to } = range();
  return useQuery({
    queryKey: availabilityKeys.serviceDays(serviceId ?? 0, from, to),
    queryFn: ({ signal }) => api.get<DayPlaces[]>(`/services/${serviceId}/days`, { query: { from, to }, signal }),
    enabled: !!serviceId,
    staleTime: AVAILABILITY_STALE_MS,
  });
}

/** POST /appointments/{id}/reschedule: the server checks the owner, the notice, the limit and that the slot is free. */
const reschedule = ({ appointmentId, ...to }: RescheduleRequest & { appointmentId: string }) =>
  api.post<Appointment>(`/appointments/${encodeURIComponent(appointmentId)}/reschedule`, to, { auth: true });

export function useRescheduleAppointment() {
  const queryClient = useQueryClient();
  return useAppointmentMutation(reschedule, (moved) =>
    queryClient.setQueryData(appointmentKeys.detail(moved.appointmentId), moved),
  );
}
