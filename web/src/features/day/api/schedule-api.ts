/**
 * Doctors' schedules and the daily capacity of home and community services (docs/scheduling.md): `GET/PUT /api/staff/doctors/{doctorId}/schedule` (an admin any doctor, a
 * doctor their own) and `GET /api/staff/services/capacity`, `PUT .../{serviceId}/capacity`
 * (admin). The public slots and days follow on their next request (the console shows no booking form).
 */
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { DoctorSchedule, DoctorScheduleView, ServiceCapacity } from '@api/scheduling';
import { api } from '@/lib/api-client';
import { staffKeys } from '@/features/staff/api/console-query';

export type { DoctorSchedule, DoctorScheduleView, ServiceCapacity } from '@api/scheduling';

export const scheduleKeys = {
  schedule: (doctorId: string) => [...staffKeys.all, 'schedule', doctorId] as const,
  capacity: [...staffKeys.all, 'capacity'] as const,
};

const opts = { auth: true } as const;
const schedulePath = (doctorId: string) => `/staff/doctors/${encodeURIComponent(doctorId)}/schedule`;

export const useDoctorSchedule = (doctorId: string) =>
  useQuery({
    queryKey: scheduleKeys.schedule(doctorId),
    queryFn: ({ signal }) => api.get<DoctorScheduleView>(schedulePath(doctorId), { ...opts, signal }),
    enabled: !!doctorId,
  });

export function useSaveSchedule(doctorId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    /** `confirm`: save although booked appointments fall in the time off (they move to Needs rebooking). */
    mutationFn: (schedule: DoctorSchedule & { confirm?: boolean }) =>
      api.put<DoctorScheduleView>(schedulePath(doctorId), schedule, opts),
    onSuccess: (saved) => queryClient.setQueryData(scheduleKeys.schedule(doctorId), saved),
    // Confirmed time off moves appointments to Needs rebooking.
    onSettled: () => void queryClient.invalidateQueries({ queryKey: staffKeys.appointments }),
  });
}

export const useCapacities = () =>
  useQuery({
    queryKey: scheduleKeys.capacity,
    queryFn: ({ signal }) => api.get<ServiceCapacity[]>('/staff/services/capacity', { ...opts, signal }),
  });

export function useSaveCapacity() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ serviceId, perDay }: { serviceId: number; perDay: number }) =>
      api.put<ServiceCapacity>(`/staff/services/${serviceId}/capacity`, { perDay }, opts),
    onSettled: () => void queryClient.invalidateQueries({ queryKey: scheduleKeys.capacity }),
  });
}
