import type { LiveSubscription } from '@/features/accounts/api/subscription-contract';
import { api } from '@/lib/api-client';

/** A patient's package subscription as GET /subscriptions/{patientId} answers it (period, benefits, usage). */
export type Subscription = LiveSubscription;

export const getSubscriptions = (patientId: string) =>
  api.get<Subscription[]>(`/subscriptions/${encodeURIComponent(patientId)}`, { auth: true });

/** A subscription that gives its benefits now: a trial, a paid period, or a cancelled one running to its end. */
const isLive = (s: Subscription) =>
  s.status ? s.status !== 'Expired' && s.paymentStatus !== 'Unpaid' : s.paymentStatus === 'Paid';

/** The subscription the profile shows: a live one (an active one first), or none (never an unpaid or expired one). */
export function currentSubscription(list: Subscription[] | undefined): Subscription | undefined {
  const live = (list ?? []).filter(isLive);
  return live.find((s) => s.isActive) ?? live[0];
}
