import type { SubscriptionView } from '@api/types';
import { api } from '@/lib/api-client';

/** A patient's package subscription as GET /subscriptions/{patientId} answers it (payments API). */
export type Subscription = SubscriptionView;

export const getSubscriptions = (patientId: string) =>
  api.get<Subscription[]>(`/subscriptions/${encodeURIComponent(patientId)}`, { auth: true });

/** The subscription the profile shows: a paid one (active first), or none. */
export function currentSubscription(list: Subscription[] | undefined): Subscription | undefined {
  const paid = (list ?? []).filter((s) => s.paymentStatus === 'Paid');
  return paid.find((s) => s.isActive) ?? paid[0];
}
