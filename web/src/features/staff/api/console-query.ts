/**
 * What every console area's `api/` builds its queries on (docs/architecture.md "The staff
 * console, by area"; calls to `/api/staff/...`, docs/roles-and-audit.md): the query keys more
 * than one area reads or invalidates, cursor-paged lists and changes that invalidate what they
 * touch. An area's own keys live in its own `api/`, built on `staffKeys.all` or one of these roots,
 * so invalidating a root here reaches every area's queries under it.
 */
import { useInfiniteQuery, useMutation, useQueryClient, type QueryKey } from '@tanstack/react-query';
import type { Page } from '@api/staff';
import { api } from '@/lib/api-client';
import { fetchApiFile } from '@/lib/api-files';
import { saveBlob } from '@/lib/files';

/** The roots the areas share: one key per resource, each defined here only. */
export const staffKeys = {
  all: ['staff'] as const,
  /** The overview's figures, which every change in the console may move. */
  overview: ['staff', 'overview'] as const,
  /** Appointments: the desk's lists, an appointment's page, the record and the day's closures change them. */
  appointments: ['staff', 'appointments'] as const,
  appointment: (appointmentId: string) => ['staff', 'appointments', 'detail', appointmentId] as const,
  /** Patients: the desk's search and pages; an appointment's lifecycle and an order's refund change them. */
  patients: ['staff', 'patients'] as const,
  /** Orders and refunds: money's pages; the desk's payments and an appointment's lifecycle change them. */
  orders: ['staff', 'orders'] as const,
  refunds: ['staff', 'refunds'] as const,
  /** The audit log: people's page; role changes and the desk's PIN reset add to it. */
  audit: ['staff', 'audit'] as const,
};

const opts = { auth: true } as const;

/** A cursor-paged list under `key`, fetched page by page ('Load more'). */
export function usePaged<T>(key: QueryKey, path: string, query: Record<string, string | undefined> = {}) {
  return useInfiniteQuery({
    queryKey: key,
    queryFn: ({ pageParam, signal }) =>
      api.get<Page<T>>(path, { ...opts, signal, query: { ...query, cursor: pageParam ?? undefined } }),
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.nextCursor,
  });
}

/** The items of every page loaded so far. */
export const itemsOf = <T>(data: { pages: Page<T>[] } | undefined): T[] => data?.pages.flatMap((p) => p.items) ?? [];

/** A change that invalidates `keys` (and the overview's figures) once it settles. */
export function useChange<A, R>(change: (arg: A) => Promise<R>, keys: QueryKey[]) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: change,
    onSettled: () => {
      for (const queryKey of [...keys, staffKeys.overview]) void queryClient.invalidateQueries({ queryKey });
    },
  });
}

/** POST /staff/{list}/{id}/status: staff move an enquiry, an order or a contact message on. */
export const useStatusChange = <S extends string, R>(list: 'enquiries' | 'orders' | 'messages', keys: QueryKey[]) =>
  useChange(
    ({ recordId, status }: { recordId: string; status: S }) =>
      api.post<R>(`/staff/${list}/${encodeURIComponent(recordId)}/status`, { status }, opts),
    keys,
  );

/** Saves a file the API answers at `path` (a CSV); a refusal is thrown as ApiError with its sentence, or `failure`. */
export async function downloadFile(path: string, fileName: string, failure: string): Promise<void> {
  saveBlob(await fetchApiFile(path, failure), fileName);
}
