import { UserCheck } from 'lucide-react';
import { lazy } from 'react';
import type { StaffAppointment } from '@/features/staff/api/appointment-api';
import { DialogButton } from '@/features/desk/components/dialog-button';

const AssignDialog = lazy(() => import('@/features/desk/components/assign-dialog'));

/** 'Assign clinician' (or 'Change clinician') on a home visit the desk is still arranging. */
export function AssignAction({ appointment, disabled }: { appointment: StaffAppointment; disabled?: boolean }) {
  return (
    <DialogButton disabled={disabled} dialog={(close) => <AssignDialog appointment={appointment} onClose={close} />}>
      <UserCheck aria-hidden="true" size={18} /> {appointment.assignedTo ? 'Change clinician' : 'Assign clinician'}
    </DialogButton>
  );
}
