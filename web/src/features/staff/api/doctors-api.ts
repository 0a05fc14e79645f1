/** The public list of doctors, which the desk's filters, the day's schedule and people's roles pick from. */
import { useQuery } from '@tanstack/react-query';
import type { Doctor } from '@api/types';
import { api } from '@/lib/api-client';
import { CATALOG_STALE_MS } from '@/lib/query-client';

export const doctorKeys = { all: ['doctors'] as const };

export const useDoctorList = (enabled: boolean) =>
  useQuery({
    queryKey: doctorKeys.all,
    queryFn: ({ signal }) => api.get<Doctor[]>('/doctors', { query: { specialty: 'All' }, signal }),
    staleTime: CATALOG_STALE_MS,
    enabled,
  });
