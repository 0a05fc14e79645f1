import { prescriptionFileName } from '@api/prescription';
import type { Appointment } from '@api/types';
import { FileText } from 'lucide-react';
import { showApiError } from '@/lib/dialogs';
import { openInNewTab } from '@/lib/files';

/**
 * "Open prescription" on an appointment that carries a prescription file (nothing otherwise):
 * opens it in a new tab, the patient's own or the console's (`load` fetches it, and the server
 * logs every opening by staff); a failure is shown in the site's dialog.
 */
export function OpenPrescriptionButton({
  appointment: a,
  load,
}: {
  appointment: Pick<Appointment, 'appointmentFileName' | 'appointmentFileType'>;
  load: () => Promise<Blob>;
}) {
  if (!a.appointmentFileName) return null;
  const fileName = prescriptionFileName(a.appointmentFileName, a.appointmentFileType ?? '');
  return (
    <button
      type="button"
      className="btn btn-outline"
      onClick={() => void openInNewTab(load, fileName).catch((err: unknown) => showApiError(err))}
    >
      <FileText aria-hidden="true" size={18} /> Open prescription
    </button>
  );
}
