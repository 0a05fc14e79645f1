import { api } from '@/lib/api-client';

/** A community or corporate project, as `GET /projects` returns it. */
export interface Project {
  id: string;
  title: string;
  location: string;
  /** yyyy-MM-dd */
  date: string;
  description: string;
}

export const getProjects = (signal?: AbortSignal) => api.get<Project[]>('/projects', { signal });
