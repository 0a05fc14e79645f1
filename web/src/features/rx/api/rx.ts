import { useQuery } from '@tanstack/react-query';
import type { RxCheck } from '@api/record';
import { api } from '@/lib/api-client';

/** GET /rx/{code}: a pharmacy's check of a prescription (public, throttled; never cached: it changes when dispensed). */
export const useRxCheck = (code: string | undefined) =>
  useQuery({
    queryKey: ['rx', code ?? ''],
    queryFn: ({ signal }) => api.get<RxCheck>(`/rx/${encodeURIComponent(code!)}`, { signal }),
    enabled: !!code,
    retry: false,
    staleTime: 0,
    gcTime: 0,
  });
