import { isLive } from '@api/subscriptions-contract';
import type { SubscriptionView } from '@api/types';
import { api } from '@/lib/api-client';

/** A patient's package subscription as GET /subscriptions/{patientId} answers it (period, benefits, usage). */
export type Subscription = SubscriptionView;

export const getSubscriptions = (patientId: string) =>
  api.get<Subscription[]>(`/subscriptions/${encodeURIComponent(patientId)}`, { auth: true });

/** After a switch of package the new one runs beside the old, which runs out not renewing: the new one comes first. */
const RANK: Partial<Record<string, number>> = { Active: 0, Trial: 1, Cancelled: 2 };

/**
 * The subscription the profile shows: a live one (a paid period, a trial, or a cancelled one
 * running to its end, in that order), or none: never a pending (unpaid) or expired one.
 */
export function currentSubscription(list: Subscription[] | undefined, now = new Date()): Subscription | undefined {
  const live = (list ?? []).filter((s) => isLive(s, now));
  return live.sort((a, b) => (RANK[a.status ?? ''] ?? 9) - (RANK[b.status ?? ''] ?? 9))[0];
}
