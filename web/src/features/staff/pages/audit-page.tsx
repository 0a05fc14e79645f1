import { formatDate } from '@api/format';
import { usePageTitle } from '@/components/page-title';
import { itemsOf, useAudit } from '@/features/staff/api/staff-api';
import { ListState, LoadMore, PageHeader } from '@/features/staff/components/list-parts';
import { ROLE_LABELS } from '@/features/staff/nav';

/** The audit log (admin only): every staff read of a patient and every staff change, newest first. */
export default function AuditPage() {
  usePageTitle('Audit log');
  const log = useAudit();
  const items = itemsOf(log.data);
  return (
    <div className="staff-page">
      <PageHeader title="Audit log" />
      <ListState
        loading={log.isPending}
        error={log.error}
        empty="Nothing logged yet."
        isEmpty={items.length === 0}
        onRetry={() => void log.refetch()}
      >
        <div className="staff-table-wrap" tabIndex={0} role="region" aria-label="Audit entries">
          <table className="staff-table stack">
            <thead>
              <tr>
                <th scope="col">When</th>
                <th scope="col">Who</th>
                <th scope="col">Action</th>
                <th scope="col">Record</th>
              </tr>
            </thead>
            <tbody>
              {items.map((e) => (
                <tr key={e.id}>
                  <td data-label="When">{formatDate(e.at, { time: true })}</td>
                  <td data-label="Who">
                    {e.actorUid}{' '}
                    <span className="staff-muted">({e.actorRole === 'patient' ? 'Patient' : ROLE_LABELS[e.actorRole]})</span>
                  </td>
                  <td data-label="Action">{e.action}</td>
                  <td data-label="Record" className="staff-break">
                    {e.target}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
        <LoadMore hasMore={log.hasNextPage} loading={log.isFetchingNextPage} onMore={() => void log.fetchNextPage()} />
      </ListState>
    </div>
  );
}
