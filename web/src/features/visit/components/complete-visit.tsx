import { useEffect } from 'react';
import { SpinnerOverlay } from '@/components/spinner';
import { useStaffAppointment } from '@/features/staff/api/appointment-api';
import { CompleteVisitDialog } from '@/features/record/components/complete-visit-dialog';
import { showApiError } from '@/lib/dialogs';

interface CompleteVisitProps {
  appointmentId: string;
  onClose: () => void;
}

/**
 * Complete visit from the call screen: the appointment as the console reads it (its own query,
 * in the site's one query client, which the visit page provides), then the console's own dialog
 * and request (summary, clinical notes, follow-up), so a visit is completed one way wherever the
 * doctor is; the console's lists it refreshes are the ones the doctor goes back to.
 */
export default function CompleteVisit({ appointmentId, onClose }: CompleteVisitProps) {
  const { data, error } = useStaffAppointment(appointmentId);
  useEffect(() => {
    if (error) void showApiError(error).then(onClose);
  }, [error, onClose]);
  if (!data) return <SpinnerOverlay show={!error} />;
  return <CompleteVisitDialog appointment={data} onClose={onClose} />;
}
