import { UserCheck } from 'lucide-react';
import { Suspense, lazy, useState } from 'react';
import { SpinnerOverlay } from '@/components/spinner';
import type { StaffAppointment } from '@/features/staff/api/staff-api';

const AssignDialog = lazy(() => import('@/features/staff/components/assign-dialog'));

/** 'Assign clinician' (or 'Change clinician') on a home visit the desk is still arranging. */
export function AssignAction({ appointment, disabled }: { appointment: StaffAppointment; disabled?: boolean }) {
  const [open, setOpen] = useState(false);
  return (
    <>
      <button type="button" className="btn btn-outline" disabled={disabled} onClick={() => setOpen(true)}>
        <UserCheck aria-hidden="true" size={18} /> {appointment.assignedTo ? 'Change clinician' : 'Assign clinician'}
      </button>
      {open && (
        <Suspense fallback={<SpinnerOverlay show />}>
          <AssignDialog appointment={appointment} onClose={() => setOpen(false)} />
        </Suspense>
      )}
    </>
  );
}
