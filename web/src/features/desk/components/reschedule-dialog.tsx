import { availabilityKeys } from '@/features/appointments/api/availability';
import { RescheduleForm, when } from '@/features/appointments/components/reschedule-dialog';
import { Modal } from '@/components/modal';
import { useStaffReschedule } from '@/features/desk/api/appointments-api';
import type { StaffAppointment } from '@/features/staff/api/appointment-api';
import { showSuccess } from '@/lib/dialogs';

/**
 * The console's Reschedule dialog: the patient's picker of free days and times, sent to the
 * staff route (no notice period or limit for the clinic). A refusal (the time was taken
 * meanwhile) is the server's sentence in the dialog, which stays open to choose again.
 * Loaded when first opened: the picker and its schemas stay out of the detail page's first load.
 */
export default function StaffRescheduleDialog({
  appointment: a,
  onClose,
}: {
  appointment: StaffAppointment;
  onClose: () => void;
}) {
  const move = useStaffReschedule(availabilityKeys.all);
  return (
    <Modal open onClose={onClose} title="Reschedule appointment" className="reschedule-dialog">
      <RescheduleForm
        appointment={a}
        move={(to) => move.mutateAsync({ appointmentId: a.appointmentId, ...to })}
        pending={move.isPending}
        onMoved={(moved) => showSuccess('Saved!', `The appointment is now on ${when(moved.requestedDay, moved.requestedTime)}.`)}
        onDone={onClose}
      />
    </Modal>
  );
}
