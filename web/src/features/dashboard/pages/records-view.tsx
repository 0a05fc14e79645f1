import { CalendarPlus, FileDown, FlaskConical, ShoppingCart } from 'lucide-react';
import { Link } from 'react-router-dom';
import { formatDate } from '@api/format';
import {
  followUpBookingPath,
  labRequestBookingPath,
  LIVE_BOOKING_STATES,
  prescriptionOrderPath,
  type LabRequest,
  type Prescription,
} from '@api/record';
import { todayInGhana } from '@api/booking-request';
import { Loading } from '@/components/spinner';
import { usePageTitle } from '@/components/page-title';
import { PrescriptionCard } from '@/components/prescription-card';
import { usePatientId } from '@/shared/session/patient-id';
import { useAppointmentHistory, useUpcomingAppointments, type Appointment } from '@/features/appointments/api/appointments';
import { OpenResultButton, statusClass } from '@/features/appointments/components/appointment-detail';
import { downloadPrescriptionPdf, useLabRequests, usePrescriptions } from '@/features/dashboard/api/record';
import { showApiError } from '@/lib/dialogs';
import { DashboardCard } from '@/features/dashboard/components/dashboard-card';

/** A prescription's medicines are on their way while the delivery booking made from it is live. */
const orderedIn = (p: Prescription, appointments: Appointment[]) =>
  p.deliveryAppointmentId
    ? appointments.find((a) => a.appointmentId === p.deliveryAppointmentId && LIVE_BOOKING_STATES.includes(a.appointmentStatus))
    : undefined;

function PatientPrescription({
  p,
  patientId,
  appointments,
}: {
  p: Prescription;
  patientId: string;
  appointments: Appointment[];
}) {
  const ordered = orderedIn(p, appointments);
  return (
    <PrescriptionCard
      prescription={p}
      reader="patient"
      status={<span className={statusClass(p.status)}>{p.status}</span>}
      className="records-card"
    >
      {ordered && <p>Ordered for delivery on {formatDate(ordered.requestedDay)}.</p>}
      <div className="form-actions">
        <button
          type="button"
          className="btn btn-outline"
          onClick={() => void downloadPrescriptionPdf(patientId, p).catch(showApiError)}
        >
          <FileDown aria-hidden="true" size={18} /> Download PDF
        </button>
        {p.status === 'Issued' && !ordered && (
          <Link to={prescriptionOrderPath(p)} className="btn btn-primary">
            <ShoppingCart aria-hidden="true" size={18} /> Order these medicines
          </Link>
        )}
      </div>
    </PrescriptionCard>
  );
}

function LabRequestCard({ r }: { r: LabRequest }) {
  return (
    <li className="records-card" aria-label="Lab tests requested">
      <div className="records-card-head">
        <h3>{r.testNames.join(', ')}</h3>
        <span className={statusClass(r.status === 'Requested' ? 'Pending' : r.status)}>{r.status}</span>
      </div>
      <p className="records-muted">
        Requested by {r.doctor}, {formatDate(r.requestedAt)}
      </p>
      {r.status === 'Requested' && (
        <Link to={labRequestBookingPath(r)} className="btn btn-primary">
          <FlaskConical aria-hidden="true" size={18} /> Book these tests
        </Link>
      )}
    </li>
  );
}

function ResultsOf({ a }: { a: Appointment }) {
  return (
    <li className="records-card" aria-label={`Results of ${a.requestedService} on ${formatDate(a.requestedDay)}`}>
      <h3>
        {a.selectedLabs.map((l) => l.itemName).join(', ') || a.requestedService}, {formatDate(a.requestedDay)}
      </h3>
      <ul className="records-results">
        {(a.results ?? []).map((r) => (
          <li key={r.fileId}>
            <OpenResultButton appointmentId={a.appointmentId} result={r} />{' '}
            <span className="records-muted">added {formatDate(r.uploadedAt, { time: true })}</span>
          </li>
        ))}
      </ul>
    </li>
  );
}

/**
 * Dashboard > Prescriptions & results (docs/record.md): what doctors wrote after visits.
 * Prescriptions (as PDF, or ordered as a Medicine Delivery), lab tests to book in one step,
 * lab results, and the follow-ups suggested. Visit summaries are on each appointment.
 */
export default function RecordsView() {
  usePageTitle('Prescriptions & results');
  const patientId = usePatientId();
  const prescriptions = usePrescriptions(patientId);
  const labRequests = useLabRequests(patientId);
  const upcoming = useUpcomingAppointments(patientId);
  const history = useAppointmentHistory(patientId);
  const error = prescriptions.error ?? labRequests.error ?? upcoming.error ?? history.error;
  const loaded = prescriptions.data && labRequests.data && upcoming.data && history.data;
  const appointments = [...(upcoming.data ?? []), ...(history.data ?? [])];
  const withResults = appointments.filter((a) => (a.results ?? []).length > 0);
  const today = todayInGhana();
  const followUps = appointments.filter((a) => a.followUp && a.followUp.dueDate >= today);

  return (
    <section className="records-view" aria-labelledby="records-title">
      <h1 id="records-title">Prescriptions &amp; results</h1>
      {error ? (
        <p className="field-error" role="alert">
          {error instanceof Error ? error.message : 'We could not load your records.'}
        </p>
      ) : !loaded || !patientId ? (
        <Loading text="Loading your records…" />
      ) : (
        <>
          {followUps.length > 0 && (
            <DashboardCard id="follow-ups-title" title="Follow-ups">
              <ul className="records-list">
                {followUps.map((a) => (
                  <li key={a.appointmentId} className="records-card">
                    <p>
                      Your doctor suggested a follow-up {a.requestedService} around{' '}
                      <strong>{formatDate(a.followUp!.dueDate)}</strong>
                      {a.followUp!.note ? `: ${a.followUp!.note}` : '.'}
                    </p>
                    <Link to={followUpBookingPath(a)} className="btn btn-primary">
                      <CalendarPlus aria-hidden="true" size={18} /> Book follow-up
                    </Link>
                  </li>
                ))}
              </ul>
            </DashboardCard>
          )}
          <DashboardCard id="prescriptions-title" title="Prescriptions">
            {prescriptions.data!.length === 0 ? (
              <p className="empty">Prescriptions from your doctors will show here.</p>
            ) : (
              <ul className="records-list">
                {prescriptions.data!.map((p) => (
                  <PatientPrescription key={p.prescriptionId} p={p} patientId={patientId} appointments={appointments} />
                ))}
              </ul>
            )}
          </DashboardCard>
          <DashboardCard id="lab-requests-title" title="Lab tests requested">
            {labRequests.data!.length === 0 ? (
              <p className="empty">Lab tests your doctor asks for will show here, ready to book.</p>
            ) : (
              <ul className="records-list">
                {labRequests.data!.map((r) => (
                  <LabRequestCard key={r.labRequestId} r={r} />
                ))}
              </ul>
            )}
          </DashboardCard>
          <DashboardCard id="results-title" title="Lab results">
            {withResults.length === 0 ? (
              <p className="empty">When a lab result is ready, we tell you by SMS and e-mail and it shows here.</p>
            ) : (
              <ul className="records-list">
                {withResults.map((a) => (
                  <ResultsOf key={a.appointmentId} a={a} />
                ))}
              </ul>
            )}
          </DashboardCard>
        </>
      )}
    </section>
  );
}
