import { QueryClientProvider } from '@tanstack/react-query';
import { Outlet } from 'react-router-dom';
import { queryClient } from '@/lib/query-client';

/**
 * The pages that load server state sit under this layout, so TanStack Query downloads with
 * them and not with the home page and the other static ones (routes.tsx). One client for the
 * whole page load: what one page fetched, the next one reuses.
 */
export default function ServerStateLayout() {
  return (
    <QueryClientProvider client={queryClient}>
      <Outlet />
    </QueryClientProvider>
  );
}
