import { prescriptionFileName } from '@api/prescription';
import type { Appointment } from '@api/types';
import { showApiError } from '@/lib/dialogs';
import { openInNewTab } from '@/lib/files';

/**
 * Opens an appointment's prescription file in a new tab (the patient's own, or the console's:
 * `load` fetches it, and the server logs every opening by staff); a failure is shown in the
 * site's dialog.
 */
export async function openFile(
  a: Pick<Appointment, 'appointmentFileName' | 'appointmentFileType'>,
  load: () => Promise<Blob>,
): Promise<void> {
  try {
    await openInNewTab(load, prescriptionFileName(a.appointmentFileName, a.appointmentFileType ?? ''));
  } catch (err) {
    await showApiError(err);
  }
}
