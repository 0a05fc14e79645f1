import type { SubscriptionView } from '@api/types';
import { useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

/** A patient's package subscription as GET /subscriptions/{patientId} answers it (payments API). */
export type Subscription = SubscriptionView;

export const getSubscriptions = (patientId: string) =>
  api.get<Subscription[]>(`/subscriptions/${encodeURIComponent(patientId)}`, { auth: true });

/** Subscriptions' query keys: a payment or a new subscription invalidates `all`. */
export const subscriptionKeys = {
  all: ['subscriptions'] as const,
  of: (patientId: string) => [...subscriptionKeys.all, patientId] as const,
};

export const useSubscriptions = (patientId: string) =>
  useQuery({ queryKey: subscriptionKeys.of(patientId), queryFn: () => getSubscriptions(patientId) });

/** The subscription the profile shows: a paid one (active first), or none. */
export function currentSubscription(list: Subscription[] | undefined): Subscription | undefined {
  const paid = (list ?? []).filter((s) => s.paymentStatus === 'Paid');
  return paid.find((s) => s.isActive) ?? paid[0];
}
