import { formatDate, formatGhs } from '@api/format';
import { usePatientMandates } from '@/features/desk/api/patients-api';
import { QueryList, StateBadge } from '@/features/staff/components/list-parts';
import { StaffTable } from '@/features/staff/components/staff-table';

const ENDED: Record<string, string> = {
  patient: 'stopped by the patient',
  'phone-changed': 'phone number changed',
  erased: 'account erased',
  'package-stopped': 'package no longer renews',
  declined: 'declined on the phone',
  revoked: 'revoked at the network',
  'charges-failed': 'charges failed',
  'provider-unreachable': 'provider unreachable',
};

/** The patient's mobile-money direct debits (docs/direct-debit.md): number, network, state and next charge. */
export function MandatesSection({ patientId }: { patientId: string }) {
  const mandates = usePatientMandates(patientId);
  const items = mandates.data ?? [];
  return (
    <section className="staff-section" aria-labelledby="patient-mandates">
      <h2 id="patient-mandates">Direct debits</h2>
      <QueryList query={mandates} empty="No direct debit." isEmpty={items.length === 0}>
        <StaffTable
          label="Direct debits"
          className="staff-table stack"
          columns={['Number', 'Status', 'Next charge', 'Failed tries']}
        >
          {items.map((m) => (
            <tr key={m.subscriptionId}>
              <td data-label="Number">
                {m.maskedNumber} ({m.network})
              </td>
              <td data-label="Status">
                <StateBadge state={m.status} />
                {m.endedBecause && <span className="staff-muted"> {ENDED[m.endedBecause] ?? m.endedBecause}</span>}
              </td>
              <td data-label="Next charge">
                {m.nextChargeAt
                  ? `${formatDate(m.nextChargeAt)}${m.nextChargeAmount !== undefined ? `, ${formatGhs(m.nextChargeAmount)}` : ''}`
                  : '—'}
              </td>
              <td data-label="Failed tries">{m.failures}</td>
            </tr>
          ))}
        </StaffTable>
      </QueryList>
    </section>
  );
}
