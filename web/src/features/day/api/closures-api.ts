/**
 * Days the clinic is closed (docs/front-desk.md; shapes in @api/front-desk): `GET /api/staff/closures`,
 * `PUT` and `DELETE /api/staff/closures/{day}` (admin). A closure moves the appointments booked on
 * it to rebooking, so saving one refreshes the console's and the patients' appointments too.
 */
import { useQuery } from '@tanstack/react-query';
import type { Closure } from '@api/front-desk';
import { api } from '@/lib/api-client';
import { staffKeys, useChange } from '@/features/staff/api/console-query';

const opts = { auth: true } as const;
const id = encodeURIComponent;

export const closureKeys = {
  between: (from: string, to: string) => [...staffKeys.all, 'closures', from, to] as const,
  all: [...staffKeys.all, 'closures'] as const,
};

export const useClosures = (from: string, to: string) =>
  useQuery({
    queryKey: closureKeys.between(from, to),
    queryFn: ({ signal }) => api.get<Closure[]>('/staff/closures', { ...opts, signal, query: { from, to } }),
  });

/** PUT /staff/closures/{day}: 409 with data.affected when booked appointments are on it, unless confirm. */
export const useSaveClosure = () =>
  useChange(
    ({ day, ...body }: { day: string; reason: string; confirm?: boolean }) =>
      api.put<Closure>(`/staff/closures/${id(day)}`, body, opts),
    [closureKeys.all, staffKeys.appointments, ['appointments']],
  );

export const useRemoveClosure = () =>
  useChange(
    (day: string) => api.delete<null>(`/staff/closures/${id(day)}`, undefined, opts),
    [closureKeys.all, ['appointments']],
  );
