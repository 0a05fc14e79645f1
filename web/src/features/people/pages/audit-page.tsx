import { useId } from 'react';
import { Link, useSearchParams } from 'react-router-dom';
import { formatDate } from '@api/format';
import type { AuditEntry } from '@api/staff';
import { itemsOf } from '@/features/staff/api/console-query';
import { useAudit } from '@/features/people/api/audit-api';
import { PagedList, StaffPage } from '@/features/staff/components/list-parts';
import { auditActionText, auditQueryText, auditTargetOf } from '@/features/staff/audit-words';
import { ROLE_LABELS } from '@/features/staff/nav';
import { StaffTable } from '@/features/staff/components/staff-table';

function AuditTarget({ target, name }: { target: string; name?: string }) {
  const { text, to } = auditTargetOf(target, name);
  return to ? <Link to={to}>{text}</Link> : <>{text}</>;
}

/** Who acted: their name, else what they were (an account deleted since has no name left). */
function whoInWords(e: AuditEntry): string {
  if (e.actorName) return e.actorName;
  if (e.actorRole === 'pharmacy') return 'A pharmacy';
  if (e.actorRole === 'patient') return 'The patient';
  return 'An account no longer on file';
}

/** What an entry's answer showed: how many records, for which query, and whose. */
function Shown({ entry, onPatient }: { entry: AuditEntry; onPatient: (id: string) => void }) {
  const { count, query, patientIds = [], patientNames = {} } = entry;
  if (count === undefined && patientIds.length === 0) return <span className="staff-muted">—</span>;
  return (
    <>
      {count !== undefined && (
        <span>
          {count} {count === 1 ? 'record' : 'records'}
          {query ? <span className="staff-muted"> ({auditQueryText(query)})</span> : null}
        </span>
      )}
      {patientIds.map((id) => (
        <button
          key={id}
          type="button"
          className="staff-id-filter"
          aria-label={`Show the entries about patient ${id}`}
          onClick={() => onPatient(id)}
        >
          {patientNames[id] ?? 'A patient with no account now'}
        </button>
      ))}
    </>
  );
}

/**
 * The audit log (admin only): every staff read of patient data and every staff change, newest
 * first, in words; ?patientId= keeps the entries that name one patient (who looked at them, and when).
 */
export default function AuditPage() {
  const [params, setParams] = useSearchParams();
  const patientId = params.get('patientId') ?? '';
  const inputId = useId();
  const log = useAudit(patientId);
  const items = itemsOf(log.data);
  const filterBy = (id: string) => setParams(id ? { patientId: id } : {}, { replace: true });
  // The filter in words: the patient's name as the entries give it, not their account id.
  const filteredName = patientId ? items.find((e) => e.patientNames?.[patientId])?.patientNames?.[patientId] : undefined;
  const filteredWho = filteredName ?? 'this patient';
  return (
    <StaffPage title="Audit log">
      <form
        role="search"
        aria-label="Filter the audit log by patient"
        className="staff-search"
        onSubmit={(e) => {
          e.preventDefault();
          filterBy(String(new FormData(e.currentTarget).get('patientId') ?? '').trim());
        }}
      >
        <div className="field">
          <label htmlFor={inputId}>Patient ID</label>
          <input id={inputId} type="search" name="patientId" defaultValue={patientId} key={patientId} autoComplete="off" />
        </div>
        <div className="staff-search-actions">
          <button type="submit" className="btn btn-primary">
            Filter
          </button>
          {patientId && (
            <button type="button" className="btn btn-outline" onClick={() => filterBy('')}>
              Show all
            </button>
          )}
        </div>
      </form>
      {patientId && items.length > 0 && <p className="staff-muted">Showing only the entries about {filteredWho}.</p>}
      <PagedList
        query={log}
        empty={patientId ? 'Nothing logged about this patient.' : 'Nothing logged yet.'}
        isEmpty={items.length === 0}
      >
        <StaffTable label="Audit entries" className="staff-table stack" columns={['When', 'Who', 'Action', 'Record', 'Shown']}>
          {items.map((e) => (
            <tr key={e.id}>
              <td data-label="When">{formatDate(e.at, { time: true })}</td>
              <td data-label="Who">
                {whoInWords(e)}{' '}
                <span className="staff-muted">
                  (
                  {e.actorRole === 'patient'
                    ? 'Patient'
                    : e.actorRole === 'pharmacy'
                      ? 'Pharmacy at /rx'
                      : e.actorRole === 'system'
                        ? 'Payment provider or scheduled job'
                        : ROLE_LABELS[e.actorRole]}
                  )
                </span>
              </td>
              <td data-label="Action">{auditActionText(e.action)}</td>
              <td data-label="Record" className="staff-break">
                <AuditTarget target={e.target} name={e.targetName} />
              </td>
              <td data-label="Shown" className="staff-shown">
                <Shown entry={e} onPatient={filterBy} />
              </td>
            </tr>
          ))}
        </StaffTable>
      </PagedList>
    </StaffPage>
  );
}
