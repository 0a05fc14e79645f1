import { CheckCheck, FileDown } from 'lucide-react';
import { formatDate } from '@api/format';
import { NOTE_FIELDS, type ClinicalNotes, type FollowUp, type LabRequest, type LabResult } from '@api/record';
import type { StaffPrescription } from '@api/staff-record';
import { DetailsList } from '@/components/details-list';
import { openStaffResult, useMarkDispensed } from '@/features/record/api/record-api';
import { StateBadge } from '@/features/staff/components/list-parts';
import { confirm, showApiError, showSuccess } from '@/lib/dialogs';
import { PrescriptionCard as SharedPrescriptionCard } from '@/components/prescription-card';
import recordCss from '../record.css?inline';

/** The record's styles, in the console's chunk (like staff.css). */
export const RecordStyles = () => <style>{recordCss}</style>;

/** The doctor's structured notes (staff side only). */
export function NotesList({ notes }: { notes: ClinicalNotes }) {
  return (
    <div className="record-notes">
      <DetailsList rows={NOTE_FIELDS.filter(([field]) => notes[field]).map(([field, label]) => [label, notes[field]])} />
    </div>
  );
}

/** 'around 10 December 2026: Come back if the fever returns' */
export const followUpText = (f: FollowUp) => `around ${formatDate(f.dueDate)}${f.note ? `: ${f.note}` : ''}`;

/** One prescription: its code, status, prescriber and medicines; staff and admins mark it dispensed. */
export function PrescriptionCard({ p, canDispense }: { p: StaffPrescription; canDispense: boolean }) {
  const dispense = useMarkDispensed();
  async function markDispensed() {
    if (
      !(await confirm(
        'Mark dispensed?',
        'Yes, dispensed',
        `Prescription ${p.code}: a pharmacy's check will then show it dispensed.`,
      ))
    )
      return;
    try {
      await dispense.mutateAsync(p.prescriptionId);
      await showSuccess('Saved!', `Prescription ${p.code} is marked dispensed.`);
    } catch (err) {
      await showApiError(err);
    }
  }
  return (
    <SharedPrescriptionCard
      prescription={p}
      reader="clinic"
      status={<StateBadge state={p.status} />}
      className="staff-card record-card"
    >
      {canDispense && p.status === 'Issued' && (
        <button type="button" className="btn btn-outline" disabled={dispense.isPending} onClick={() => void markDispensed()}>
          <CheckCheck aria-hidden="true" size={18} /> Mark dispensed
        </button>
      )}
    </SharedPrescriptionCard>
  );
}

export function LabRequestCard({ r }: { r: LabRequest }) {
  return (
    <li className="staff-card record-card" aria-label="Lab request">
      <div className="staff-card-head">
        <h3>Lab tests requested</h3>
        <StateBadge state={r.status} />
      </div>
      <p className="staff-muted">
        {r.doctor}, {formatDate(r.requestedAt, { time: true })}
      </p>
      <p>{r.testNames.join(', ')}</p>
    </li>
  );
}

/** A lab booking's result files; each opening is logged by the server. */
export function ResultList({ patientId, results }: { patientId: string; results: LabResult[] }) {
  if (!results.length) return <p className="staff-empty">No results yet.</p>;
  return (
    <ul className="record-results">
      {results.map((r) => (
        <li key={r.fileId}>
          <button
            type="button"
            className="btn btn-outline"
            onClick={() => void openStaffResult(patientId, r).catch((err: unknown) => showApiError(err))}
          >
            <FileDown aria-hidden="true" size={18} /> Open {r.name}
          </button>
          <span className="staff-muted">
            {' '}
            {formatDate(r.uploadedAt, { time: true })}, by {r.by}
          </span>
        </li>
      ))}
    </ul>
  );
}
