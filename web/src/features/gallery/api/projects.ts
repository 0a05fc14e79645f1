import type { Project } from '@api/types';
import { useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { CATALOG_STALE_MS } from '@/lib/query-client';

/** A community or corporate project, as `GET /projects` returns it. */
export type { Project } from '@api/types';

const getProjects = (signal?: AbortSignal) => api.get<Project[]>('/projects', { signal });

export const projectKeys = { all: ['projects'] as const };

/** The gallery's projects (seeded content: fresh for the page load). */
export const useProjects = () =>
  useQuery({ queryKey: projectKeys.all, queryFn: ({ signal }) => getProjects(signal), staleTime: CATALOG_STALE_MS });
