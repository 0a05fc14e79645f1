import { isLive } from '@api/subscriptions-contract';
import type { SubscriptionView } from '@api/types';
import { api } from '@/lib/api-client';

/** A patient's package subscription as GET /subscriptions/{patientId} answers it (period, benefits, usage). */
export type Subscription = SubscriptionView;

export const getSubscriptions = (patientId: string) =>
  api.get<Subscription[]>(`/subscriptions/${encodeURIComponent(patientId)}`, { auth: true });

/**
 * The subscription the profile shows: a live one (a trial, a paid period, or a cancelled one
 * running to its end; an active one first), or none: never a pending (unpaid) or expired one.
 */
export function currentSubscription(list: Subscription[] | undefined, now = new Date()): Subscription | undefined {
  const live = (list ?? []).filter((s) => isLive(s, now));
  return live.find((s) => s.isActive) ?? live[0];
}
