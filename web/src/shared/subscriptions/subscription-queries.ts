import { useQuery } from '@tanstack/react-query';
import { getSubscriptions } from '@/shared/subscriptions/subscriptions';

// Apart from subscriptions.ts, which the session reads too: the signup and account pages
// then load without TanStack Query.

/** Subscriptions' query keys: a payment or a new subscription invalidates `all`. */
export const subscriptionKeys = {
  all: ['subscriptions'] as const,
  of: (patientId: string) => [...subscriptionKeys.all, patientId] as const,
};

export const useSubscriptions = (patientId: string, enabled = true) =>
  useQuery({ queryKey: subscriptionKeys.of(patientId), queryFn: () => getSubscriptions(patientId), enabled });
