import { FileDown } from 'lucide-react';
import { Link } from 'react-router-dom';
import { formatDate } from '@api/format';
import type { Appointment } from '@/features/appointments/api/appointments';
import { downloadPrescriptionPdf, usePrescriptions } from '@/features/dashboard/api/record';
import { showApiError } from '@/lib/dialogs';

/**
 * Under a completed appointment: the prescriptions the doctor issued at that visit (docs/record.md),
 * each with its PDF and a link to My records, where it can be ordered. Nothing while none was issued.
 */
export function VisitPrescriptions({ appointment, patientId }: { appointment: Appointment; patientId: string | undefined }) {
  const completed = appointment.appointmentStatus === 'Completed';
  const prescriptions = usePrescriptions(completed ? patientId : undefined);
  const issued = (prescriptions.data ?? []).filter((p) => p.appointmentId === appointment.appointmentId);
  if (!completed || !patientId || issued.length === 0) return null;
  return (
    <section className="visit-prescriptions" aria-labelledby="visit-prescriptions-title">
      <h3 id="visit-prescriptions-title">{issued.length === 1 ? 'Prescription' : 'Prescriptions'} from this visit</h3>
      <ul className="records-results">
        {issued.map((p) => (
          <li key={p.prescriptionId}>
            <p>
              Prescription <strong>{p.code}</strong>, {p.doctor}, {formatDate(p.issuedAt)}:{' '}
              {p.items.map((item) => item.medicine).join(', ')}. <Link to="/dashboard/records">See it in My records</Link>
            </p>
            <button
              type="button"
              className="btn btn-outline"
              onClick={() => void downloadPrescriptionPdf(patientId, p).catch(showApiError)}
            >
              <FileDown aria-hidden="true" size={18} /> Download prescription {p.code} (PDF)
            </button>
          </li>
        ))}
      </ul>
    </section>
  );
}
