import { useState } from 'react';
import { Link } from 'react-router-dom';
import { formatDate, formatGhs } from '@api/format';
import { formatPhone } from '@api/ghana-phone';
import { channelInWords } from '@api/mobile-networks';
import { REFUND_METHODS, type RefundMethod, type StaffRefund } from '@api/staff';
import type { StaffPaymentAlert } from '@api/types';
import { itemsOf } from '@/features/staff/api/console-query';
import { useMarkRefunded, usePaymentAlerts, useRefunds, useResolveAlert } from '@/features/money/api/refunds-api';
import { PagedCards, StateBadge, StatusChips, StaffPage } from '@/features/staff/components/list-parts';
import { showApiError, showSuccess } from '@/lib/dialogs';
import { askChoice, askText } from '@/lib/text-dialog';

/** Why the money is owed back, as staff read it. */
const REFUND_REASONS: Record<StaffRefund['reason'], string> = {
  cancelled: 'Cancelled after payment',
  deleted: 'Paid for a deleted record',
  expired: 'Paid after the hold expired',
  'amount-mismatch': 'Paid amount did not match',
  duplicate: 'Paid twice',
};

/** Where the money came from, so it goes back there: '055 123 4987 (MTN mobile money)'; absent when the provider did not say. */
function paidFromInWords({ phone, channel }: NonNullable<StaffRefund['paidFrom']>): string {
  const network = channel ? channelInWords(channel) : '';
  if (!phone) return network;
  return network ? `${formatPhone(phone)} (${network})` : formatPhone(phone);
}

function RefundItem({ refund: r }: { refund: StaffRefund }) {
  const marking = useMarkRefunded();
  async function mark() {
    const providerReference = await askText({
      title: 'Mark refunded',
      label: "Provider's reference",
      text: `${formatGhs(r.amount)} for ${r.kind} ${r.clientReference}: the reference of the refund at the payment provider.`,
      confirmButtonText: 'Mark refunded',
      maxLength: 100,
    });
    if (providerReference === undefined) return;
    const method = await askChoice({
      title: 'Mark refunded',
      label: 'How it was refunded',
      text: 'The patient is told the amount, how and the reference by SMS and e-mail.',
      choices: REFUND_METHODS,
      confirmButtonText: 'Mark refunded',
    });
    if (method === undefined) return;
    try {
      await marking.mutateAsync({ refundId: r.id, providerReference, method: method as RefundMethod });
      await showSuccess('Saved!', 'The refund is recorded, and the patient is told.');
    } catch (err) {
      await showApiError(err);
    }
  }
  return (
    <li className="staff-card">
      <div className="staff-card-head">
        <h2>
          {formatGhs(r.amount)} · {r.kind} {r.clientReference}
        </h2>
        <StateBadge state={r.status} />
      </div>
      <p>
        {REFUND_REASONS[r.reason] ?? r.reason} · since {formatDate(r.createdAt, { time: true })}
      </p>
      <p>
        To {r.patientName ?? 'a patient whose account is erased'}
        {r.patientPhone ? `, ${formatPhone(r.patientPhone)}` : ''}
      </p>
      <p>Paid from {r.paidFrom ? paidFromInWords(r.paidFrom) : 'a number the provider did not tell us: see the transaction'}</p>
      <p>
        Transaction {r.transactionId} · <Link to={`/staff/patients/${encodeURIComponent(r.patientId)}`}>patient's record</Link>
      </p>
      {r.status === 'Refunded' ? (
        <p className="staff-muted">
          Refunded {formatDate(r.refundedAt, { time: true })} by {r.refundedBy}
          {r.method ? ` (${r.method})` : ''}, reference {r.providerReference}
        </p>
      ) : (
        <div className="form-actions">
          <button type="button" className="btn btn-primary" disabled={marking.isPending} onClick={() => void mark()}>
            Mark refunded<span className="visually-hidden"> {r.clientReference}</span>
          </button>
        </div>
      )}
    </li>
  );
}

/**
 * A payment the settlement refused: the provider's transaction had already settled another
 * record, so this one stays unpaid (docs/money.md 'One transaction, one settlement'). Staff check
 * with the provider and the payer, then note what they found.
 */
function AlertItem({ alert: a }: { alert: StaffPaymentAlert }) {
  const resolving = useResolveAlert();
  async function resolve() {
    const note = await askText({
      title: 'Resolve the alert',
      label: 'What you found and did',
      text: `Transaction ${a.transactionId} settled ${a.settledReference}, and ${a.payableKind} ${a.clientReference} named it too.`,
      confirmButtonText: 'Resolve',
      maxLength: 500,
    });
    if (note === undefined) return;
    try {
      await resolving.mutateAsync({ alertId: a.id, note });
      await showSuccess('Saved!', 'The alert is resolved. Your note is kept with it.');
    } catch (err) {
      await showApiError(err);
    }
  }
  return (
    <li className="staff-card">
      <div className="staff-card-head">
        <h3>
          {formatGhs(a.amount)} · {a.payableKind} {a.clientReference} not paid
        </h3>
        <StateBadge state={a.status} />
      </div>
      <p>
        Its payment names transaction {a.transactionId}, which already paid {a.settledReference}. The booking stays unpaid until
        the payer pays it.
      </p>
      <p>
        Since {formatDate(a.createdAt, { time: true })} ·{' '}
        <Link to={`/staff/patients/${encodeURIComponent(a.patientId)}`}>patient's record</Link>
      </p>
      {a.status === 'Resolved' ? (
        <p className="staff-muted">
          Resolved {formatDate(a.resolvedAt, { time: true })} by {a.resolvedBy}: {a.note}
        </p>
      ) : (
        <div className="form-actions">
          <button type="button" className="btn btn-outline" disabled={resolving.isPending} onClick={() => void resolve()}>
            Resolve<span className="visually-hidden"> the alert on {a.clientReference}</span>
          </button>
        </div>
      )}
    </li>
  );
}

/** Open payment alerts, above the refunds: shown only when there are some. */
function PaymentAlerts() {
  const alerts = usePaymentAlerts('Open');
  const items = itemsOf(alerts.data);
  if (items.length === 0) return null;
  return (
    <section aria-labelledby="payment-alerts" className="staff-section staff-alerts">
      <h2 id="payment-alerts">Payment alerts</h2>
      <ul className="staff-cards">
        {items.map((a) => (
          <AlertItem key={a.id} alert={a} />
        ))}
      </ul>
    </section>
  );
}

/** Refunds: what is Due (with why and the record), and what was refunded; payment alerts first when there are any. */
export default function RefundsPage() {
  const [status, setStatus] = useState<StaffRefund['status']>('Due');
  const list = useRefunds(status);
  const items = itemsOf(list.data);
  return (
    <StaffPage title="Refunds">
      <PaymentAlerts />
      <StatusChips
        label="Refund status"
        options={['Due', 'Refunded'] as const}
        value={status}
        onChange={(s) => s && setStatus(s)}
      />
      <PagedCards query={list} items={items} empty={status === 'Due' ? 'No refunds are due.' : 'No refunds recorded yet.'}>
        {(r) => <RefundItem key={r.id} refund={r} />}
      </PagedCards>
    </StaffPage>
  );
}
