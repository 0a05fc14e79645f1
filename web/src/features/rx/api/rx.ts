import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { RxCheck, RxDispenseRequest, RxItems, RxProof } from '@api/record';
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

/** POST /rx/{code}/items: the medicines, once the patient's initials and year of birth match. */
export const useRxItems = (code: string) =>
  useMutation({ mutationFn: (proof: RxProof) => api.post<RxItems>(`/rx/${encodeURIComponent(code)}/items`, proof) });

/** POST /rx/{code}/dispense: marks it dispensed once, then the check shows it so. */
export function useRxDispense(code: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: RxDispenseRequest) => api.post<RxCheck>(`/rx/${encodeURIComponent(code)}/dispense`, body),
    onSuccess: (check) => client.setQueryData(['rx', code], check),
  });
}
