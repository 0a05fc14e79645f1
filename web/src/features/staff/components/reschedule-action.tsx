import { CalendarClock } from 'lucide-react';
import { lazy } from 'react';
import { RESCHEDULABLE_STATES } from '@api/policy';
import type { StaffAppointment } from '@/features/staff/api/staff-api';
import { DialogButton } from '@/features/staff/components/dialog-button';

const StaffRescheduleDialog = lazy(() => import('@/features/staff/components/reschedule-dialog'));

/** 'Reschedule' on the console's appointment while it can still be moved (Pending or Accepted). */
export function RescheduleAction({ appointment, disabled }: { appointment: StaffAppointment; disabled?: boolean }) {
  if (!RESCHEDULABLE_STATES.includes(appointment.appointmentStatus)) return null;
  return (
    <DialogButton disabled={disabled} dialog={(close) => <StaffRescheduleDialog appointment={appointment} onClose={close} />}>
      <CalendarClock aria-hidden="true" size={18} /> Reschedule
    </DialogButton>
  );
}
