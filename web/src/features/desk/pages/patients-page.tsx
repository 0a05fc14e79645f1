import { ClipboardList } from 'lucide-react';
import { useId } from 'react';
import { Link, useSearchParams } from 'react-router-dom';
import { usePatientSearch } from '@/features/desk/api/patients-api';
import { QueryList, StateBadge, StaffPage } from '@/features/staff/components/list-parts';
import { formatPhone } from '@api/ghana-phone';

/** Patients: search by name, e-mail or phone (the query stays in the address). */
export default function PatientsPage() {
  const [params, setParams] = useSearchParams();
  const q = params.get('q') ?? '';
  const inputId = useId();
  const hintId = useId();
  const search = usePatientSearch(q);

  return (
    <StaffPage title="Patients">
      <form
        role="search"
        className="staff-search"
        onSubmit={(e) => {
          e.preventDefault();
          const text = String(new FormData(e.currentTarget).get('q') ?? '').trim();
          setParams(text ? { q: text } : {}, { replace: true });
        }}
      >
        <div className="field">
          <label htmlFor={inputId}>Name, e-mail or phone</label>
          <input id={inputId} type="search" name="q" defaultValue={q} aria-describedby={hintId} autoComplete="off" />
          <p id={hintId} className="staff-muted">
            At least 2 characters. Each patient record you open is written to the audit log.
          </p>
        </div>
        <button type="submit" className="btn btn-primary">
          Search
        </button>
      </form>
      {q.length >= 2 && (
        <QueryList query={search} empty={`No patient matches “${q}”.`} isEmpty={(search.data ?? []).length === 0}>
          <ul className="staff-list staff-list-with-action">
            {search.data?.map((p) => (
              <li key={p.patientId}>
                <Link to={`/staff/patients/${encodeURIComponent(p.patientId)}`}>
                  <span className="staff-list-main">
                    <strong>
                      {p.firstName} {p.lastName}
                    </strong>
                    <span>{[p.emailAddress, formatPhone(p.contactNumber)].filter(Boolean).join(' · ')}</span>
                  </span>
                  <span className="staff-list-badges">
                    <StateBadge state={p.accountStatus} />
                  </span>
                </Link>
                <Link
                  to={`/staff/records/${encodeURIComponent(p.patientId)}`}
                  className="staff-list-action"
                  aria-label={`Medical record of ${p.firstName} ${p.lastName}`}
                >
                  <ClipboardList aria-hidden="true" size={18} /> Record
                </Link>
              </li>
            ))}
          </ul>
        </QueryList>
      )}
    </StaffPage>
  );
}
