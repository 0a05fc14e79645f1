import { formatDate } from '@api/format';
import { formatPhone } from '@api/ghana-phone';
import type { Delivery } from '@api/notifications';
import { useDeliveries } from '@/features/desk/api/patients-api';
import { QueryList, StateBadge } from '@/features/staff/components/list-parts';
import { StaffTable } from '@/features/staff/components/staff-table';

/**
 * The delivery log of an appointment or a patient: every e-mail and SMS about it, newest
 * first, with its status (Queued, Sending, Sent, Failed and why).
 */
export function MessagesSection({ about, id }: { about: 'appointments' | 'patients'; id: string }) {
  const log = useDeliveries(about, id);
  const items: Delivery[] = log.data ?? [];
  const headingId = `${about}-messages`;
  return (
    <section className="staff-section" aria-labelledby={headingId}>
      <h2 id={headingId}>Messages</h2>
      <QueryList query={log} empty="No e-mails or SMS yet." isEmpty={items.length === 0}>
        <StaffTable label="Messages sent" className="staff-table stack" columns={['When', 'By', 'To', 'Message', 'Status']}>
          {items.map((d) => (
            <tr key={`${d.channel}-${d.id}`}>
              <td data-label="When">{formatDate(d.sentAt ?? d.createdAt, { time: true })}</td>
              <td data-label="By">{d.channel === 'sms' ? 'SMS' : 'E-mail'}</td>
              <td data-label="To" className="staff-break">
                {d.channel === 'sms' ? formatPhone(d.to) : d.to}
              </td>
              <td data-label="Message" className="staff-break">
                {d.summary}
              </td>
              <td data-label="Status">
                <StateBadge state={d.status} />
                {d.failureReason && <span className="staff-muted"> {d.failureReason}</span>}
              </td>
            </tr>
          ))}
        </StaffTable>
      </QueryList>
    </section>
  );
}
