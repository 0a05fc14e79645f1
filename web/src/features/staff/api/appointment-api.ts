/**
 * The appointment as the console reads and moves it, shared by the desk (its lists and page),
 * the record (Complete visit) and the video visit's call screen: one query of an appointment
 * and the lifecycle's actions (docs/roles-and-audit.md; shapes in @api/staff).
 */
import { useQuery } from '@tanstack/react-query';
import type { StaffAction, StaffAppointmentDetail } from '@api/staff';
import type { Appointment } from '@api/types';
import { api } from '@/lib/api-client';
import { staffKeys, useChange } from '@/features/staff/api/console-query';

const opts = { auth: true } as const;
const id = encodeURIComponent;

/** An appointment with what the clinic's side records on it (Appointment carries those fields). */
export type StaffAppointment = Appointment;

/** One appointment (each read is audited by the server, so it is read when asked, never polled). */
export const useStaffAppointment = (appointmentId: string) =>
  useQuery({
    queryKey: staffKeys.appointment(appointmentId),
    queryFn: ({ signal }) => api.get<StaffAppointmentDetail>(`/staff/appointments/${id(appointmentId)}`, { ...opts, signal }),
    enabled: !!appointmentId,
  });

export interface ActionArgs {
  appointmentId: string;
  action: StaffAction;
  /** `{ reason }` for decline, `{ visitSummary, clinicalNotes?, followUp? }` for complete (@api/staff CompleteRequest). */
  body?: object;
}

export const useAppointmentAction = () =>
  useChange(
    ({ appointmentId, action, body }: ActionArgs) =>
      api.post<StaffAppointment>(`/staff/appointments/${id(appointmentId)}/${action}`, body ?? {}, opts),
    [staffKeys.appointments, staffKeys.refunds, staffKeys.patients],
  );
