import { useState } from 'react';
import { Link } from 'react-router-dom';
import { formatDate } from '@api/format';
import type { CallbackRequest, CallbackStatus } from '@api/ussd';
import { useCallbackOutcome, useCallbacks } from '@/features/desk/api/callbacks-api';
import { StateBadge, StatusChips, StaffPage } from '@/features/staff/components/list-parts';
import { showApiError, showSuccess } from '@/lib/dialogs';
import { askText } from '@/lib/text-dialog';
import { formatPhone } from '@api/ghana-phone';

/** '+233241234567' -> '024 123 4567', as the desk dials it. */

function CallbackItem({ request: c }: { request: CallbackRequest }) {
  const saving = useCallbackOutcome();
  async function record(status: 'Tried' | 'Done') {
    const outcome = await askText({
      title: status === 'Tried' ? 'No answer' : 'Call done',
      label: 'What happened',
      text:
        status === 'Tried'
          ? `${c.name ?? formatPhone(c.phone)} will get an SMS saying we tried to call.`
          : `What was agreed with ${c.name ?? formatPhone(c.phone)}?`,
      confirmButtonText: 'Save',
      maxLength: 300,
    });
    if (outcome === undefined) return;
    try {
      await saving.mutateAsync({ callbackId: c.id, status, outcome });
      await showSuccess('Saved!', status === 'Tried' ? 'They have been texted that we tried.' : 'The call-back is done.');
    } catch (err) {
      await showApiError(err);
    }
  }
  return (
    <li className="staff-card">
      <div className="staff-card-head">
        <h2>{c.name ?? formatPhone(c.phone)}</h2>
        <StateBadge state={c.status} />
      </div>
      <p>
        <a href={`tel:${c.phone}`}>Call {formatPhone(c.phone)}</a> · {c.reason} · asked{' '}
        {formatDate(c.requestedAt, { time: true })} by {c.channel}
      </p>
      {c.patientId && (
        <p>
          <Link to={`/staff/patients/${encodeURIComponent(c.patientId)}`}>Patient's record</Link>
        </p>
      )}
      {c.outcome && (
        <p className="staff-muted">
          {c.outcome} ({formatDate(c.at, { time: true })}
          {c.by?.email ? `, ${c.by.email}` : ''})
        </p>
      )}
      {c.status !== 'Done' && (
        <div className="form-actions">
          <button type="button" className="btn btn-outline" disabled={saving.isPending} onClick={() => void record('Tried')}>
            No answer<span className="visually-hidden"> from {c.name ?? formatPhone(c.phone)}</span>
          </button>
          <button type="button" className="btn btn-primary" disabled={saving.isPending} onClick={() => void record('Done')}>
            Done<span className="visually-hidden"> with {c.name ?? formatPhone(c.phone)}</span>
          </button>
        </div>
      )}
    </li>
  );
}

/** Call-backs: people who asked the clinic to call them (by USSD), oldest first, and what happened. */
export default function CallbacksPage() {
  const [status, setStatus] = useState<CallbackStatus | undefined>('Open');
  const list = useCallbacks(status ?? 'all');
  const items = list.data ?? [];
  return (
    <StaffPage title="Call-backs">
      <StatusChips
        label="Call-back status"
        options={['Open', 'Tried', 'Done', undefined] as const}
        value={status}
        onChange={setStatus}
      />
      {list.isPending ? (
        <p>Loading…</p>
      ) : list.isError ? (
        <p role="alert">The call-backs could not be loaded. Please reload the page.</p>
      ) : items.length === 0 ? (
        <p>{status === 'Open' ? 'Nobody is waiting for a call.' : 'None.'}</p>
      ) : (
        <ul className="staff-cards">
          {items.map((c) => (
            <CallbackItem key={c.id} request={c} />
          ))}
        </ul>
      )}
    </StaffPage>
  );
}
