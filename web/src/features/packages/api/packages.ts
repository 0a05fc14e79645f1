import type { Package, PackagePrice } from '@api/types';
import { api } from '@/lib/api-client';

export type { Package } from '@api/types';

export const getPackages = () => api.get<Package[]>('/packages');

/** The spec's price rules: a number is monthly, 'Free' is the trial, anything else is priced on enquiry. */
export type PriceKind = 'trial' | 'monthly' | 'custom';
export function priceKind(price: PackagePrice): PriceKind {
  if (price === 'Free') return 'trial';
  if (typeof price === 'number' || /^\d+(\.\d+)?$/.test(String(price))) return 'monthly';
  return 'custom';
}
