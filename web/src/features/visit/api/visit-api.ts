/**
 * The visit's calls to /api/visits/{appointmentId}/... (shapes in @api/visits). The server
 * decides who may join and when; the page shows its refusals as they come.
 */
import type { VisitAnswer, VisitJoinAnswer, VisitMode, VisitModeAnswer, VisitView } from '@api/visits';
import { api } from '@/lib/api-client';

const opts = { auth: true } as const;
const path = (appointmentId: string, action = '') => `/visits/${encodeURIComponent(appointmentId)}${action && `/${action}`}`;

/** GET: whether the caller may join now (and if not, why, in the API's words), when the room opens, who the other side is. */
export const fetchVisit = (appointmentId: string, signal?: AbortSignal) =>
  api.get<VisitView>(path(appointmentId), { ...opts, signal });

/** Enters the room (the patient waits in it until admitted); answers the ICE servers to use. */
export const joinVisit = (appointmentId: string) => api.post<VisitJoinAnswer>(path(appointmentId, 'join'), {}, opts);

/** The host lets the waiting patient in (the appointment is checked in). */
export const admitPatient = (appointmentId: string) => api.post<VisitAnswer>(path(appointmentId, 'admit'), {}, opts);

/** Records a change of mode: audio only, or the phone (the host then gets the patient's number). */
export const setVisitMode = (appointmentId: string, mode: VisitMode) =>
  api.post<VisitModeAnswer>(path(appointmentId, 'mode'), { mode }, opts);

/** Hangs up: the room stays open for a rejoin until it closes or the visit is completed. */
export const leaveVisit = (appointmentId: string) => api.post<VisitAnswer>(path(appointmentId, 'leave'), {}, opts);
