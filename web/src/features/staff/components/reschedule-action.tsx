import { CalendarClock } from 'lucide-react';
import { Suspense, lazy, useState } from 'react';
import { RESCHEDULABLE_STATES } from '@api/policy';
import { SpinnerOverlay } from '@/components/spinner';
import type { StaffAppointment } from '@/features/staff/api/staff-api';

const StaffRescheduleDialog = lazy(() => import('@/features/staff/components/reschedule-dialog'));

/** 'Reschedule' on the console's appointment while it can still be moved (Pending or Accepted). */
export function RescheduleAction({ appointment, disabled }: { appointment: StaffAppointment; disabled?: boolean }) {
  const [open, setOpen] = useState(false);
  if (!RESCHEDULABLE_STATES.includes(appointment.appointmentStatus)) return null;
  return (
    <>
      <button type="button" className="btn btn-outline" disabled={disabled} onClick={() => setOpen(true)}>
        <CalendarClock aria-hidden="true" size={18} /> Reschedule
      </button>
      {open && (
        <Suspense fallback={<SpinnerOverlay show />}>
          <StaffRescheduleDialog appointment={appointment} onClose={() => setOpen(false)} />
        </Suspense>
      )}
    </>
  );
}
