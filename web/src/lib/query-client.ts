import { QueryClient } from '@tanstack/react-query';

/** The public catalogs (products, packages, doctors, labs) change rarely: fetched once per page load, then shared. */
export const CATALOG_STALE_MS = Number.POSITIVE_INFINITY;

/**
 * The site's one cache of server state for the page load. Queries never run while the build
 * prerenders pages (no window there): the browser's first render then matches the HTML.
 * A failed load is shown with its Try again button rather than retried behind the visitor's
 * back, and the site does not refetch on every focus of the tab.
 */
export const queryClient = new QueryClient({
  defaultOptions: {
    queries: { enabled: typeof window !== 'undefined', retry: false, refetchOnWindowFocus: false },
    mutations: { retry: false },
  },
});
