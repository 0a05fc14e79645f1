import type { Package, PackagePrice } from '@api/types';
import { useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { CATALOG_STALE_MS } from '@/lib/query-client';

export type { Package } from '@api/types';

const getPackages = (signal?: AbortSignal) => api.get<Package[]>('/packages', { signal });

export const packageKeys = { all: ['packages'] as const };

/** The packages on offer (a catalog: fetched once per page load). */
export const usePackages = () =>
  useQuery({ queryKey: packageKeys.all, queryFn: ({ signal }) => getPackages(signal), staleTime: CATALOG_STALE_MS });

/** The price rules (docs/packages.md): a number is monthly, 'Free' is the trial, anything else is priced on enquiry. */
export type PriceKind = 'trial' | 'monthly' | 'custom';
export function priceKind(price: PackagePrice): PriceKind {
  if (price === 'Free') return 'trial';
  if (typeof price === 'number' || /^\d+(\.\d+)?$/.test(String(price))) return 'monthly';
  return 'custom';
}
