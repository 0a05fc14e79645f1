import { CalendarClock } from 'lucide-react';
import { useState } from 'react';
import { RESCHEDULABLE_STATES } from '@api/scheduling';
import { Modal } from '@/components/modal';
import { RescheduleForm, when } from '@/features/appointments/components/reschedule-dialog';
import { useStaffReschedule, type StaffAppointment } from '@/features/staff/api/staff-api';
import { showSuccess } from '@/lib/dialogs';

/**
 * 'Reschedule' on the console's appointment: the patient's picker of free days and times,
 * sent to the staff route (no notice period or limit for the clinic). A refusal (the time was
 * taken meanwhile) is the server's sentence in the dialog, which stays open to choose again.
 */
export function RescheduleAction({ appointment: a, disabled }: { appointment: StaffAppointment; disabled?: boolean }) {
  const [open, setOpen] = useState(false);
  const move = useStaffReschedule();
  if (!RESCHEDULABLE_STATES.includes(a.appointmentStatus)) return null;
  return (
    <>
      <button type="button" className="btn btn-outline" disabled={disabled} onClick={() => setOpen(true)}>
        <CalendarClock aria-hidden="true" size={18} /> Reschedule
      </button>
      <Modal open={open} onClose={() => setOpen(false)} title="Reschedule appointment" className="reschedule-dialog">
        <RescheduleForm
          appointment={a}
          move={(to) => move.mutateAsync({ appointmentId: a.appointmentId, ...to })}
          pending={move.isPending}
          onMoved={(moved) =>
            showSuccess('Saved!', `The appointment is now on ${when(moved.requestedDay, moved.requestedTime)}.`)
          }
          onDone={() => setOpen(false)}
        />
      </Modal>
    </>
  );
}
