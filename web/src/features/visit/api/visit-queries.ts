/**
 * The visit's server state through TanStack Query, like the rest of the site: GET
 * /api/visits/{id} (the page's view), the staff appointment the host completes, and the
 * one-off reads the call makes (the patient's number, whether this person still has access).
 */
import { useQuery } from '@tanstack/react-query';
import { fetchVisit } from '@/features/visit/api/visit-api';

export const visitKeys = {
  view: (appointmentId: string) => ['visit', appointmentId] as const,
  phone: (appointmentId: string) => ['visit', appointmentId, 'phone'] as const,
};

/**
 * What the server says about this visit for the signed-in person, read when `enabled` (Firebase
 * knows who is signed in) and again when the page asks (the room opens). Never polled and kept
 * as long as the page is open: each answer moves the page's state machine.
 */
export const useVisitView = (appointmentId: string, enabled: boolean) =>
  useQuery({
    queryKey: visitKeys.view(appointmentId),
    queryFn: ({ signal }) => fetchVisit(appointmentId, signal),
    enabled,
    staleTime: Number.POSITIVE_INFINITY,
  });

/** The patient's number for the host's `tel:` link, once the visit goes on by phone (the API gives it then). */
export const usePatientPhone = (appointmentId: string, enabled: boolean) =>
  useQuery({
    queryKey: visitKeys.phone(appointmentId),
    queryFn: async ({ signal }) => (await fetchVisit(appointmentId, signal)).patientPhone ?? null,
    enabled,
  });
