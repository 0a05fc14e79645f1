import { FileUp, FlaskConical, Pill } from 'lucide-react';
import { useId, useRef, useState, type FormEvent } from 'react';
import { MAX_RESULT_BYTES, RESULT_TYPES } from '@api/record';
import type { StaffRole } from '@api/staff';
import { SERVICE_ID } from '@api/service-catalog';
import { Loaded } from '@/features/staff/components/list-parts';
import { useAppointmentRecord, useUploadResult } from '@/features/record/api/record-api';
import type { StaffAppointment } from '@/features/staff/api/appointment-api';
import { LabRequestDialog } from '@/features/record/components/lab-request-dialog';
import { PrescribeDialog } from '@/features/record/components/prescribe-dialog';
import {
  LabRequestCard,
  NotesList,
  PrescriptionCard,
  RecordStyles,
  ResultList,
  followUpText,
} from '@/features/record/components/record-parts';
import { showApiError, showError, showSuccess } from '@/lib/dialogs';

/** Prescriptions and lab requests are written once the patient is checked in (the server says the same: 409). */
const AFTER_VISIT = ['CheckedIn', 'Completed'];

/** Staff and admins upload a lab booking's results; the file's type is checked again by the server from its bytes. */
function ResultUpload({ appointment: a }: { appointment: StaffAppointment }) {
  const upload = useUploadResult();
  const inputId = useId();
  const form = useRef<HTMLFormElement>(null);
  const [file, setFile] = useState<File>();

  async function send(e: FormEvent) {
    e.preventDefault();
    if (!file) return void (await showError('Choose the result file first.'));
    if (file.size > MAX_RESULT_BYTES)
      return void (await showError(
        `The file is too large: at most ${MAX_RESULT_BYTES / 1024} KB. Scan it at a lower resolution.`,
      ));
    try {
      const result = await upload.mutateAsync({ appointmentId: a.appointmentId, file });
      setFile(undefined);
      form.current?.reset();
      await showSuccess('Saved!', `${result.name} has been added. The patient has been told a result is ready.`);
    } catch (err) {
      await showApiError(err);
    }
  }

  return (
    <form ref={form} className="record-upload" aria-label="Upload result" onSubmit={(e) => void send(e)}>
      <div className="field">
        <label htmlFor={inputId}>Result file (PDF, JPEG or PNG, at most {MAX_RESULT_BYTES / 1024} KB)</label>
        <input id={inputId} type="file" accept={RESULT_TYPES.join(',')} onChange={(e) => setFile(e.target.files?.[0])} />
      </div>
      <button type="submit" className="btn btn-primary" disabled={upload.isPending}>
        <FileUp aria-hidden="true" size={18} /> {upload.isPending ? 'Uploading…' : 'Upload result'}
      </button>
    </form>
  );
}

/**
 * The record of one appointment on its console page (docs/record.md): the notes and the
 * follow-up written at completion, the prescriptions and lab requests of the visit (Prescribe,
 * Request lab tests), a lab booking's results (Upload result), and the e-prescription a
 * Medicine Delivery carries. Loading it is audited by the server.
 */
export function VisitRecordSection({ appointment: a, role }: { appointment: StaffAppointment; role: StaffRole | undefined }) {
  const record = useAppointmentRecord(a.appointmentId);
  const [dialog, setDialog] = useState<'prescribe' | 'labs'>();
  // The server decides (403 otherwise); the console offers what the role may do.
  const writes = AFTER_VISIT.includes(a.appointmentStatus) && (role === 'admin' || role === 'doctor');
  const desk = role === 'admin' || role === 'staff';
  const isLab = a.requestedServiceId === SERVICE_ID.labTests;

  return (
    <section className="staff-section" aria-labelledby="visit-record">
      <RecordStyles />
      <h2 id="visit-record">Visit record</h2>
      {a.clinicalNotes && (
        <article className="staff-card" aria-label="Clinical notes">
          <h3>Clinical notes</h3>
          <NotesList notes={a.clinicalNotes} />
        </article>
      )}
      {a.followUp && <p>Follow-up suggested {followUpText(a.followUp)}.</p>}
      {writes && (
        <div className="form-actions">
          <button type="button" className="btn btn-primary" onClick={() => setDialog('prescribe')}>
            <Pill aria-hidden="true" size={18} /> Prescribe
          </button>
          <button type="button" className="btn btn-outline" onClick={() => setDialog('labs')}>
            <FlaskConical aria-hidden="true" size={18} /> Request lab tests
          </button>
        </div>
      )}
      <Loaded query={record}>
        {(r) => (
          <>
            {r.carries.prescription && (
              <>
                <h3 className="record-subhead">E-prescription to deliver</h3>
                <ul className="staff-cards">
                  <PrescriptionCard p={r.carries.prescription} canDispense={desk} />
                </ul>
              </>
            )}
            {r.carries.labRequest && (
              <p>
                Booked from the tests {r.carries.labRequest.doctor} requested: {r.carries.labRequest.testNames.join(', ')}.
              </p>
            )}
            {r.prescriptions.length > 0 && (
              <>
                <h3 className="record-subhead">Prescriptions</h3>
                <ul className="staff-cards">
                  {r.prescriptions.map((p) => (
                    <PrescriptionCard key={p.prescriptionId} p={p} canDispense={desk} />
                  ))}
                </ul>
              </>
            )}
            {r.labRequests.length > 0 && (
              <>
                <h3 className="record-subhead">Lab requests</h3>
                <ul className="staff-cards">
                  {r.labRequests.map((l) => (
                    <LabRequestCard key={l.labRequestId} r={l} />
                  ))}
                </ul>
              </>
            )}
            {!a.clinicalNotes && !r.carries.prescription && !r.prescriptions.length && !r.labRequests.length && !isLab && (
              <p className="staff-empty">Nothing written for this visit yet.</p>
            )}
          </>
        )}
      </Loaded>
      {isLab && (
        <article className="staff-card" aria-labelledby="lab-results">
          <h3 id="lab-results">Results</h3>
          <ResultList patientId={a.patientId} results={a.results ?? []} />
          {desk && AFTER_VISIT.includes(a.appointmentStatus) && <ResultUpload appointment={a} />}
        </article>
      )}
      {dialog === 'prescribe' && <PrescribeDialog appointment={a} onClose={() => setDialog(undefined)} />}
      {dialog === 'labs' && <LabRequestDialog appointment={a} onClose={() => setDialog(undefined)} />}
    </section>
  );
}
