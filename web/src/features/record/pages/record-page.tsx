import { ArrowLeft } from 'lucide-react';
import { Link, useOutletContext, useParams } from 'react-router-dom';
import { formatDate, formatWhen } from '@api/format';
import { SERVICE_ID } from '@api/service-catalog';
import type { PatientRecord } from '@api/staff-record';
import { type Appointment, APPOINTMENT_STATUS } from '@api/types';
import { DetailsList } from '@/components/details-list';
import { usePageTitle } from '@/components/page-title';
import { usePatientRecord } from '@/features/record/api/record-api';
import { ListSection, Loaded, PageHeader, StateBadge } from '@/features/staff/components/list-parts';
import {
  LabRequestCard,
  NotesList,
  PrescriptionCard,
  RecordStyles,
  ResultList,
  followUpText,
} from '@/features/record/components/record-parts';
import type { SignedInStaff } from '@/features/staff/staff-session';
import { genderText } from '@/lib/choices';
import { formatPhone } from '@api/ghana-phone';

const orDash = (text: string | null | undefined) => text || '—';

function PersonCard({ p }: { p: PatientRecord['patient'] }) {
  const kin = p.nextOfKin;
  return (
    <section className="staff-card" aria-labelledby="record-person">
      <h2 id="record-person">Patient</h2>
      <DetailsList
        rows={[
          ['Age', p.age === null ? 'Not given' : `${p.age} (born ${formatDate(p.dateOfBirth, { weekday: false })})`],
          ['Sex', genderText(p.sex)],
          ['Phone', p.contactNumber ? <a href={`tel:${p.contactNumber}`}>{formatPhone(p.contactNumber)}</a> : '—'],
          ['Email', p.emailAddress ? <a href={`mailto:${p.emailAddress}`}>{p.emailAddress}</a> : '—'],
          ['Location', orDash([p.location, p.address].filter(Boolean).join(', '))],
          ['Emergency contact', orDash(p.emergencyContact)],
          [
            'Next of kin',
            orDash([kin.name, kin.relationship && `(${kin.relationship})`, kin.contact, kin.location].filter(Boolean).join(' ')),
          ],
        ]}
      />
    </section>
  );
}

/** One visit as the record holds it: when, who, its state, the summary, the notes, follow-up and results. */
function Visit({ a, patientId, canOpen }: { a: Appointment; patientId: string; canOpen: boolean }) {
  const doctor = [a.doctorOtherNames, a.doctorSurName].filter(Boolean).join(' ');
  const title = `${a.requestedService}, ${formatWhen(a.requestedDay, a.requestedTime)}`;
  return (
    <li className="staff-card record-visit">
      <div className="staff-card-head">
        <h3>{canOpen ? <Link to={`/staff/appointments/${encodeURIComponent(a.appointmentId)}`}>{title}</Link> : title}</h3>
        <StateBadge state={a.appointmentStatus} />
      </div>
      {doctor && <p className="staff-muted">{a.doctorSurName ? `Dr ${doctor}` : doctor}</p>}
      {a.healthProblem && <p>Health problem: {a.healthProblem}</p>}
      {a.visitSummary && <p>Summary: {a.visitSummary}</p>}
      {a.followUp && <p>Follow-up: {followUpText(a.followUp)}</p>}
      {a.clinicalNotes && (
        <details open={a.appointmentStatus === APPOINTMENT_STATUS.Completed}>
          <summary>Clinical notes</summary>
          <NotesList notes={a.clinicalNotes} />
        </details>
      )}
      {a.requestedServiceId === SERVICE_ID.labTests && (
        <>
          <p>Tests: {a.selectedLabs.map((l) => l.itemName).join(', ')}</p>
          <ResultList patientId={patientId} results={a.results ?? []} />
        </>
      )}
    </li>
  );
}

/**
 * A patient's medical record (docs/record.md): who they are (age from the date of birth),
 * next of kin and family members, every appointment with its summary, notes and results,
 * prescriptions and lab requests. Doctors open it for their own patients; each opening is
 * written to the audit log.
 */
export default function RecordPage() {
  const { patientId = '' } = useParams();
  const staff = useOutletContext<SignedInStaff | undefined>();
  const record = usePatientRecord(patientId);
  const r = record.data;
  const name = r ? `${r.patient.firstName} ${r.patient.lastName}` : 'Patient record';
  usePageTitle(r ? `${name}: record` : 'Patient record');
  const desk = staff?.role === 'admin' || staff?.role === 'staff';
  const mayOpen = (a: Appointment) => desk || (!!staff?.doctorId && a.doctorId === staff.doctorId);

  return (
    <div className="staff-page">
      <RecordStyles />
      <Link to={desk ? `/staff/patients/${encodeURIComponent(patientId)}` : '/staff/appointments'} className="staff-back">
        <ArrowLeft aria-hidden="true" size={18} /> {desk ? 'Back to patient' : 'Back to appointments'}
      </Link>
      <PageHeader title={name} />
      <p className="staff-muted">Medical record. Each opening is written to the audit log.</p>
      <Loaded query={record}>
        {(r) => (
          <>
            <PersonCard p={r.patient} />

            <ListSection id="record-family" title="Family members" empty="None named." items={r.dependants}>
              {(d) => (
                <li key={d.id} className="staff-card">
                  <strong>
                    {d.firstName} {d.lastName}
                  </strong>{' '}
                  <span className="staff-muted">
                    {d.relation}, born {formatDate(d.dateOfBirth, { weekday: false })}, {genderText(d.gender)}
                  </span>
                </li>
              )}
            </ListSection>

            <ListSection
              id="record-visits"
              title="Appointments"
              empty="No appointments."
              items={r.appointments}
              listClassName="staff-cards record-visits"
            >
              {(a) => <Visit key={a.appointmentId} a={a} patientId={patientId} canOpen={mayOpen(a)} />}
            </ListSection>

            <ListSection id="record-prescriptions" title="Prescriptions" empty="No prescriptions." items={r.prescriptions}>
              {(p) => <PrescriptionCard key={p.prescriptionId} p={p} canDispense={desk} />}
            </ListSection>

            <ListSection id="record-labs" title="Lab requests" empty="No lab requests." items={r.labRequests}>
              {(l) => <LabRequestCard key={l.labRequestId} r={l} />}
            </ListSection>
          </>
        )}
      </Loaded>
    </div>
  );
}
