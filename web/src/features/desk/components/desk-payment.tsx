import { useQueryClient } from '@tanstack/react-query';
import { Banknote, RefreshCw, Send } from 'lucide-react';
import { useId, useState, type FormEvent } from 'react';
import { formatGhs } from '@api/format';
import { deskPaymentSchema, type DeskPaymentMethod, type DeskPaymentOutcome } from '@api/front-desk';
import { useRecordPayment, useSendPaymentLink } from '@/features/desk/api/appointments-api';
import { staffKeys } from '@/features/staff/api/console-query';
import type { StaffAppointment } from '@/features/staff/api/appointment-api';
import { apiMessage } from '@/lib/api-client';
import { confirm, showApiError, showInfo, showSuccess } from '@/lib/dialogs';
import { FormEnd, errorAttributes } from '@/features/staff/components/form-error';
import { formatPhone } from '@api/ghana-phone';

const METHODS: { value: DeskPaymentMethod; label: string }[] = [
  { value: 'cash', label: 'Cash' },
  { value: 'momo', label: 'Mobile money' },
];

/** What the desk reads after recording a payment. */
function outcomeText(o: DeskPaymentOutcome): string {
  if (o.outcome === 'refund-due')
    return `This booking had just been paid online, so the ${formatGhs(o.amount)} taken at the desk is a refund due (Refunds).`;
  if (o.outcome === 'already-paid') return 'This payment was recorded before: nothing changed.';
  return `Paid: ${formatGhs(o.amount)} recorded.`;
}

/** Cash or mobile money taken at the desk: the method, and the provider's reference for mobile money. */
function RecordForm({
  appointment: a,
  onRecorded,
}: {
  appointment: StaffAppointment;
  onRecorded: (o: DeskPaymentOutcome) => void;
}) {
  const record = useRecordPayment();
  const ids = { legend: useId(), reference: useId(), error: useId() };
  const [method, setMethod] = useState<DeskPaymentMethod>('cash');
  const [reference, setReference] = useState('');
  const [error, setError] = useState('');

  async function submit(e: FormEvent) {
    e.preventDefault();
    setError('');
    const body = { method, ...(method === 'momo' ? { providerReference: reference } : {}) };
    try {
      await deskPaymentSchema.validate(body);
    } catch (err) {
      setError((err as Error).message);
      return;
    }
    const what = method === 'cash' ? 'in cash' : `by mobile money (reference ${reference.trim()})`;
    if (
      !(await confirm(
        'Record payment?',
        'Yes, record it',
        `${formatGhs(a.consultationFee)} received ${what} for ${a.clientReference}.`,
      ))
    )
      return;
    try {
      onRecorded(await record.mutateAsync({ clientReference: a.clientReference, ...body }));
    } catch (err) {
      setError(apiMessage(err, 'The payment could not be recorded. Please try again.'));
    }
  }

  return (
    <form className="staff-form-grid" aria-label="Record payment" noValidate onSubmit={(e) => void submit(e)}>
      <fieldset className="staff-choices span-all">
        <legend id={ids.legend}>Paid by</legend>
        {METHODS.map((m) => (
          <label key={m.value}>
            <input type="radio" name="method" value={m.value} checked={method === m.value} onChange={() => setMethod(m.value)} />{' '}
            {m.label}
          </label>
        ))}
      </fieldset>
      {method === 'momo' && (
        <div className="field">
          <label htmlFor={ids.reference}>
            Mobile money reference{' '}
            <span className="required" aria-hidden="true">
              *
            </span>
          </label>
          <input
            id={ids.reference}
            value={reference}
            required
            maxLength={100}
            autoComplete="off"
            {...errorAttributes(ids.error, error)}
            onChange={(e) => setReference(e.target.value)}
          />
        </div>
      )}
      <FormEnd errorId={ids.error} error={error} busy={record.isPending} icon={Banknote} submit="Record payment" />
    </form>
  );
}

/**
 * Paying a desk booking: the amount the server fixed, then 'Send payment link' (an SMS with the
 * checkout; the patient pays on their phone) or 'Record payment' (cash or mobile money taken at
 * the desk). Once Paid it says so. Loaded with the pages that need it.
 */
export default function DeskPayment({ appointment: a }: { appointment: StaffAppointment }) {
  const link = useSendPaymentLink();
  const queryClient = useQueryClient();
  const [recording, setRecording] = useState(false);
  const [linkSent, setLinkSent] = useState(false);
  const [checking, setChecking] = useState(false);
  const [said, setSaid] = useState('');
  const paid = a.paymentStatus === 'Paid';

  async function sendLink() {
    try {
      const sent = await link.mutateAsync(a.clientReference);
      setLinkSent(true);
      setSaid(`Payment link sent by SMS to ${formatPhone(sent.sentTo)}. Once they say they have paid, check the payment.`);
    } catch (err) {
      await showApiError(err);
    }
  }

  /** Reads the appointment again (each read is audited, so only when asked). */
  async function check() {
    setChecking(true);
    await queryClient.invalidateQueries({ queryKey: staffKeys.appointment(a.appointmentId) });
    setChecking(false);
    const now = queryClient.getQueryData<StaffAppointment>(staffKeys.appointment(a.appointmentId));
    setSaid(now?.paymentStatus === 'Paid' ? 'Paid: the patient paid through the link.' : 'Not paid yet.');
  }

  return (
    <section className="staff-card" aria-labelledby="desk-payment-title">
      <h2 id="desk-payment-title">Payment</h2>
      <p>
        Amount due: <strong>{formatGhs(a.consultationFee)}</strong> · Reference {a.clientReference} ·{' '}
        <strong>{a.paymentStatus}</strong>
      </p>
      <p role="status" className={said || paid ? 'staff-note' : undefined}>
        {said || (paid ? 'Paid.' : '')}
      </p>
      {!paid && (
        <>
          <div className="form-actions">
            <button type="button" className="btn btn-primary" disabled={link.isPending} onClick={() => void sendLink()}>
              <Send aria-hidden="true" size={18} /> Send payment link
            </button>
            <button type="button" className="btn btn-outline" aria-expanded={recording} onClick={() => setRecording((r) => !r)}>
              <Banknote aria-hidden="true" size={18} /> Record payment
            </button>
            {linkSent && (
              <button type="button" className="btn btn-outline" disabled={checking} onClick={() => void check()}>
                <RefreshCw aria-hidden="true" size={18} /> Check payment
              </button>
            )}
          </div>
          {recording && (
            <RecordForm
              appointment={a}
              onRecorded={(o) => {
                setRecording(false);
                setSaid(outcomeText(o));
                void (o.outcome === 'paid' ? showSuccess('Saved!', outcomeText(o)) : showInfo(outcomeText(o), 'Already paid'));
              }}
            />
          )}
        </>
      )}
    </section>
  );
}
