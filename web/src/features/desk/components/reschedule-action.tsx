import { CalendarClock } from 'lucide-react';
import { lazy } from 'react';
import { deskMovableStates } from '@api/policy';
import { atHome } from '@api/service-catalog';
import type { StaffAppointment } from '@/features/staff/api/appointment-api';
import { DialogButton } from '@/features/desk/components/dialog-button';

const StaffRescheduleDialog = lazy(() => import('@/features/desk/components/reschedule-dialog'));

/** 'Reschedule' on the console's appointment while the desk can still move it (@api/policy deskMovableStates). */
export function RescheduleAction({ appointment, disabled }: { appointment: StaffAppointment; disabled?: boolean }) {
  const home = atHome(appointment.requestedServiceId, appointment.requestedServiceOption);
  if (!deskMovableStates(home).includes(appointment.appointmentStatus)) return null;
  return (
    <DialogButton disabled={disabled} dialog={(close) => <StaffRescheduleDialog appointment={appointment} onClose={close} />}>
      <CalendarClock aria-hidden="true" size={18} /> Reschedule
    </DialogButton>
  );
}
