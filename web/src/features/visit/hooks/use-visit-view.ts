import { onAuthStateChanged } from 'firebase/auth';
import { useEffect, useState, type Dispatch } from 'react';
import { GENERIC_ERROR } from '@api/messages';
import { useVisitView } from '@/features/visit/api/visit-queries';
import type { VisitEvent } from '@/features/visit/visit-machine';
import { ApiError } from '@/lib/api-client';
import { auth } from '@/lib/firebase';

/** Who is signed in: undefined while Firebase finds out, null for nobody. */
export function useUid(): string | null | undefined {
  const [uid, setUid] = useState<string | null | undefined>(undefined);
  useEffect(() => onAuthStateChanged(auth, (user) => setUid(user?.uid ?? null)), []);
  return uid;
}

/**
 * This tab joined the visit (kept for the tab only): a reload goes straight back in, with
 * video or audio only as before, instead of through the check again.
 */
const rejoinKey = (appointmentId: string) => `visit-joined:${appointmentId}`;
export const rejoinMemory = (appointmentId: string) => ({
  get: (): { audioOnly: boolean } | undefined => {
    const raw = sessionStorage.getItem(rejoinKey(appointmentId));
    return raw ? (JSON.parse(raw) as { audioOnly: boolean }) : undefined;
  },
  set: (audioOnly: boolean) => sessionStorage.setItem(rejoinKey(appointmentId), JSON.stringify({ audioOnly })),
  forget: () => sessionStorage.removeItem(rejoinKey(appointmentId)),
});

/** A refusal the person cannot retry (403, 404, 409) against one they can (no connection, a server error). */
export const isRefusal = (err: unknown) => err instanceof ApiError && [403, 404, 409].includes(err.status);
export const messageOf = (err: unknown) => (err instanceof Error && err.message ? err.message : GENERIC_ERROR);

/**
 * The server's view of the visit, fed to the page's state machine: each answer (the first, and
 * the one when a visit that was not open yet opens) or refusal. `opensAt` is set while the
 * visit is not open yet; the page reads it again by itself when the time comes (within hours).
 */
export function useVisitViewEvents(appointmentId: string, uid: string | null | undefined, dispatch: Dispatch<VisitEvent>) {
  const query = useVisitView(appointmentId, !!uid);
  const { data, error, dataUpdatedAt, refetch } = query;

  useEffect(() => {
    if (!data) return;
    const rejoin = !!rejoinMemory(appointmentId).get() && !!data.visit && data.visit.state !== 'Ended';
    dispatch({ type: 'viewed', view: data, rejoin });
  }, [data, dataUpdatedAt, appointmentId, dispatch]);

  useEffect(() => {
    if (!error) return;
    // 401: the sign-in is no longer accepted (ended, or a role changed since): the page asks to log in.
    if (error instanceof ApiError && error.status === 401) dispatch({ type: 'signed-out' });
    else dispatch({ type: 'refused', message: messageOf(error) });
  }, [error, dispatch]);

  const opensAt = data?.refusal?.reason === 'too-early' ? Date.parse(data.opensAt) : undefined;
  useEffect(() => {
    if (!opensAt || opensAt - Date.now() > 6 * 3_600_000) return;
    const timer = setTimeout(() => void refetch(), Math.max(1_000, opensAt - Date.now() + 1_000));
    return () => clearTimeout(timer);
  }, [opensAt, refetch]);
}
