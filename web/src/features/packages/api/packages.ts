import type { PackagePrice } from '@api/types';
import type { PackageWithBenefits } from '@/features/accounts/api/subscription-contract';
import { useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { CATALOG_STALE_MS } from '@/lib/query-client';

/** A package with the benefits the server applies (design.md 'Subscriptions over time'). */
export type Package = PackageWithBenefits;

const getPackages = (signal?: AbortSignal) => api.get<Package[]>('/packages', { signal });

export const packageKeys = { all: ['packages'] as const };

/** The packages on offer (a catalog: fetched once per page load). */
export const usePackages = () =>
  useQuery({ queryKey: packageKeys.all, queryFn: ({ signal }) => getPackages(signal), staleTime: CATALOG_STALE_MS });

/** The spec's price rules: a number is monthly, 'Free' is the trial, anything else is priced on enquiry. */
export type PriceKind = 'trial' | 'monthly' | 'custom';
export function priceKind(price: PackagePrice): PriceKind {
  if (price === 'Free') return 'trial';
  if (typeof price === 'number' || /^\d+(\.\d+)?$/.test(String(price))) return 'monthly';
  return 'custom';
}
