/** GET /staff/overview: the figures the console's Overview sums up from every area (docs/roles-and-audit.md). */
import { useQuery } from '@tanstack/react-query';
import type { StaffOverview } from '@api/staff';
import { api } from '@/lib/api-client';
import { staffKeys } from '@/features/staff/api/console-query';

export const useOverview = () =>
  useQuery({
    queryKey: staffKeys.overview,
    queryFn: ({ signal }) => api.get<StaffOverview>('/staff/overview', { auth: true, signal }),
  });
