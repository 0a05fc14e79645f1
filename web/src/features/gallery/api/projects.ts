import type { Project } from '@api/types';
import { api } from '@/lib/api-client';

/** A community or corporate project, as `GET /projects` returns it. */
export type { Project } from '@api/types';

export const getProjects = (signal?: AbortSignal) => api.get<Project[]>('/projects', { signal });
