import { api } from '@/lib/api-client';

export interface PackageItem {
  itemName: string;
  itemValue: string;
  benefit?: string;
}

/** A patient's package subscription as GET /subscriptions/{patientId} answers it (payments API). */
export interface Subscription {
  id?: string;
  patientId: string;
  packageTitle: string;
  packagePrice: number | string;
  packageItems: PackageItem[];
  paymentStatus: 'Paid' | 'Unpaid' | string;
  duration: number;
  amount: number;
  isActive: boolean;
  startDate?: string;
  endDate?: string;
}

export const getSubscriptions = (patientId: string) =>
  api.get<Subscription[]>(`/subscriptions/${encodeURIComponent(patientId)}`, { auth: true });

/** The subscription the profile shows: a paid one (active first), or none. */
export function currentSubscription(list: Subscription[] | undefined): Subscription | undefined {
  const paid = (list ?? []).filter((s) => s.paymentStatus === 'Paid');
  return paid.find((s) => s.isActive) ?? paid[0];
}
