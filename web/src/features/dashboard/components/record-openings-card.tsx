import { formatDate } from '@api/format';
import { RECORD_OPENER_ROLE_WORDS, RECORD_OPENING_WORDS, type RecordOpening } from '@api/record';
import { useRecordOpenings } from '@/features/dashboard/api/record';
import { DashboardCard } from '@/features/dashboard/components/dashboard-card';

/** Through which appointment, in words: its service and day, or none (admins and the desk read any record). */
const throughText = (o: RecordOpening) =>
  o.through
    ? `Through your ${o.through.service} on ${formatDate(o.through.day)}`
    : "Through no appointment: the clinic's office (administrators and the front desk) can read any record";

function Opening({ o }: { o: RecordOpening }) {
  return (
    <li className="records-card">
      <div className="records-card-head">
        <h3>{RECORD_OPENING_WORDS[o.action] ?? 'Opened your record'}</h3>
        <span className="records-muted">{formatDate(o.at, { time: true })}</span>
      </div>
      <p>
        {RECORD_OPENER_ROLE_WORDS[o.role] ?? o.role}: {o.who}
      </p>
      <p className="records-muted">{throughText(o)}.</p>
    </li>
  );
}

/**
 * 'Who opened your record' (docs/record.md 'Who reads what'): every opening of the patient's
 * record by the clinic, from its audit log, newest first: what was opened, who (their e-mail),
 * in which role, when, and through which appointment.
 */
export function RecordOpeningsCard({ patientId }: { patientId: string }) {
  const openings = useRecordOpenings(patientId);
  const items = openings.data?.pages.flatMap((p) => p.items) ?? [];
  return (
    <DashboardCard id="record-openings-heading" title="Who opened your record">
      <p>
        Each time someone at the clinic opens your record, it is written down. A doctor can open it only through an appointment
        you made, confirmed, paid for or came to.
      </p>
      {openings.isPending && <p>Loading who opened your record ...</p>}
      {openings.isError && <p role="alert">We could not load this list just now. Please reload the page.</p>}
      {openings.data && items.length === 0 && <p>Nobody at the clinic has opened your record yet.</p>}
      {items.length > 0 && (
        <ul className="records-list" aria-label="Openings of your record">
          {items.map((o) => (
            <Opening key={o.id} o={o} />
          ))}
        </ul>
      )}
      {openings.hasNextPage && (
        <div className="form-actions">
          <button
            type="button"
            className="btn btn-outline"
            onClick={() => void openings.fetchNextPage()}
            disabled={openings.isFetchingNextPage}
            aria-busy={openings.isFetchingNextPage}
          >
            {openings.isFetchingNextPage ? 'Loading ...' : 'Show older'}
          </button>
        </div>
      )}
    </DashboardCard>
  );
}
