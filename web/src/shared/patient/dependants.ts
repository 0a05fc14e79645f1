import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { Dependant } from '@api/subscriptions-contract';
import type { DependantRequest } from '@api/subscription-requests';
import { api } from '@/lib/api-client';

export { RELATIONS, type Dependant } from '@api/subscriptions-contract';
export { dependantSchema, type DependantRequest } from '@api/subscription-requests';

const path = (patientId: string) => `/patient/${encodeURIComponent(patientId)}/dependants`;

export const dependantKeys = { of: (patientId: string) => ['dependants', patientId] as const };

/** The people the patient books for (and a Family Care package covers). */
export const useDependants = (patientId: string | undefined) =>
  useQuery({
    queryKey: dependantKeys.of(patientId ?? ''),
    queryFn: () => api.get<Dependant[]>(path(patientId!), { auth: true }),
    enabled: !!patientId,
  });

function useDependantMutation<T>(patientId: string, change: (arg: T) => Promise<unknown>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: change,
    onSettled: () => void queryClient.invalidateQueries({ queryKey: dependantKeys.of(patientId) }),
  });
}

export const useAddDependant = (patientId: string) =>
  useDependantMutation(patientId, (body: DependantRequest) => api.post<Dependant>(path(patientId), body, { auth: true }));

export const useRemoveDependant = (patientId: string) =>
  useDependantMutation(patientId, (dependantId: string) =>
    api.delete<null>(`${path(patientId)}/${encodeURIComponent(dependantId)}`, undefined, { auth: true }),
  );
