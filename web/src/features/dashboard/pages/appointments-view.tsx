import { CalendarPlus, ChevronRight, X } from 'lucide-react';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { formatGhs } from '@api/format';
import { Loading } from '@/components/spinner';
import { usePageTitle } from '@/components/page-title';
import { useSession } from '@/features/accounts/session';
import {
  appointmentKeys,
  cancellationSummary,
  fetchCancellation,
  useAppointment,
  useAppointmentHistory,
  useCancelAppointment,
  useDeleteAppointment,
  usePendingAppointments,
  type Appointment,
} from '@/features/appointments/api/appointments';
import { AppointmentDetail, statusClass } from '@/features/appointments/components/appointment-detail';
import { BookingForm } from '@/features/appointments/components/booking-form';
import { JoinVisitLink } from '@/features/appointments/components/join-visit-link';
import { bookedText } from '@/features/appointments/components/coverage-note';
import { usePaymentFlow } from '@/features/payments/use-payment-flow';
import { confirm, showApiError, showInfo, showSuccess } from '@/lib/dialogs';
import '@/features/appointments/appointments.css';

type Mode = { name: 'list' } | { name: 'create' } | { name: 'detail'; appointment: Appointment };

function AppointmentList({ items, empty, onOpen }: { items: Appointment[]; empty: string; onOpen: (a: Appointment) => void }) {
  if (items.length === 0) return <p className="empty">{empty}</p>;
  return (
    <ul className="appointment-list">
      {items.map((a) => (
        <li key={a.appointmentId}>
          <button type="button" onClick={() => onOpen(a)}>
            <span className="what">
              <strong>{a.requestedService}</strong>
              <span>
                {a.requestedDay}
                {a.requestedTime ? ` at ${a.requestedTime}` : ''}
                {a.requiresPayment ? ` · ${formatGhs(a.consultationFee)}` : ''}
              </span>
            </span>
            <span className="badges">
              <span className={statusClass(a.appointmentStatus)}>{a.appointmentStatus}</span>
              {a.requiresPayment && <span className={statusClass(a.paymentStatus)}>{a.paymentStatus}</span>}
              {a.coverage && <span className="status-badge">Covered</span>}
            </span>
            <ChevronRight aria-hidden="true" size={20} />
            <span className="visually-hidden">View details</span>
          </button>
          <JoinVisitLink appointment={a} />
        </li>
      ))}
    </ul>
  );
}

/** Dashboard > Appointments: pending ones, booking (create), one appointment (detail) and the history. */
export default function AppointmentsView() {
  usePageTitle('Appointments');
  const session = useSession();
  const patientId = session.status === 'signed-in' ? session.uid : undefined;
  const [mode, setMode] = useState<Mode>({ name: 'list' });
  const queryClient = useQueryClient();
  const pending = usePendingAppointments(patientId);
  const history = useAppointmentHistory(patientId);
  // The open appointment as the server holds it now (the list's copy until it answers).
  const detail = useAppointment(mode.name === 'detail' ? mode.appointment : undefined);
  const cancelling = useCancelAppointment();
  const deleting = useDeleteAppointment();
  const listError = pending.error ?? history.error;

  const payment = usePaymentFlow({
    onPaid: ({ clientReference }) => {
      // The open appointment shows Paid at once; every list and record then refetches.
      const paid = (a: Appointment | undefined) =>
        a && a.clientReference === clientReference ? { ...a, paymentStatus: 'Paid' as const } : a;
      queryClient.setQueriesData<Appointment>({ queryKey: [...appointmentKeys.all, 'detail'] }, paid);
      setMode((m) => (m.name === 'detail' ? { name: 'detail', appointment: paid(m.appointment)! } : m));
      void queryClient.invalidateQueries({ queryKey: appointmentKeys.all });
    },
  });

  const pay = (a: Appointment) =>
    void payment.pay({ clientReference: a.clientReference, paymentText: a.requestedService, amount: a.consultationFee });

  async function created(a: Appointment) {
    setMode({ name: 'detail', appointment: a });
    if (a.requiresPayment) pay(a);
    else
      await showSuccess(
        'Saved!',
        bookedText(a, 'Your appointment request has been received. Our team will call you to confirm.'),
      );
  }

  const open = (a: Appointment) => setMode({ name: 'detail', appointment: a });

  async function remove(a: Appointment) {
    if (!(await confirm('Delete Appointment?', 'Yes, delete', `${a.requestedService} on ${a.requestedDay} will be removed.`)))
      return;
    try {
      await deleting.mutateAsync(a.appointmentId);
      setMode({ name: 'list' });
      await showSuccess('Deleted!', 'Your appointment has been deleted.');
    } catch (err) {
      // A refusal may mean it was paid meanwhile (the server asked the provider): the detail refetches its record.
      await showApiError(err);
    }
  }

  async function cancel(a: Appointment) {
    try {
      // The server says which rule of the policy applies before the patient confirms.
      const terms = await fetchCancellation(a.appointmentId);
      if (!terms.allowed) return void (await showInfo(terms.reason, 'Cancellation policy'));
      const question = `${a.requestedService} on ${a.requestedDay} will be cancelled. ${cancellationSummary(terms)}`;
      if (!(await confirm('Cancel Appointment?', 'Yes, cancel', question))) return;
      const { cancellation } = await cancelling.mutateAsync(a.appointmentId);
      const refund = cancellation.allowed && cancellation.paid && cancellation.refundAmount > 0;
      await showSuccess('Saved!', `Your appointment has been cancelled.${refund ? ` ${cancellationSummary(cancellation)}` : ''}`);
    } catch (err) {
      await showApiError(err);
    }
  }

  const creating = mode.name === 'create';
  return (
    <section className="appointments-view" aria-labelledby="appointments-title">
      <header className="appointments-header">
        <h1 id="appointments-title">Appointments</h1>
        <button
          type="button"
          className={creating ? 'btn btn-outline' : 'btn btn-primary'}
          aria-expanded={creating}
          onClick={() => setMode(creating ? { name: 'list' } : { name: 'create' })}
        >
          {creating ? <X aria-hidden="true" size={18} /> : <CalendarPlus aria-hidden="true" size={18} />}
          {creating ? 'Close' : 'Book Appointment'}
        </button>
      </header>

      {mode.name === 'create' && (
        <div className="profile-card">
          <BookingForm onCreated={(a) => void created(a)} returnUrl="/dashboard" />
        </div>
      )}

      {mode.name === 'detail' && (
        <div className="profile-card">
          <AppointmentDetail
            appointment={detail.data ?? mode.appointment}
            onBack={() => setMode({ name: 'list' })}
            onPay={pay}
            onDelete={(a) => void remove(a)}
            onCancel={(a) => void cancel(a)}
          />
        </div>
      )}

      {mode.name === 'list' &&
        (listError ? (
          <p className="field-error" role="alert">
            {listError instanceof Error ? listError.message : 'We could not load your appointments.'}
          </p>
        ) : !pending.data || !history.data ? (
          <Loading text="Loading your appointments…" />
        ) : (
          <>
            <section className="profile-card" aria-labelledby="pending-title">
              <h2 id="pending-title">Pending appointments</h2>
              <AppointmentList
                items={pending.data}
                empty="You have no pending appointments. Choose Book Appointment to see a doctor, nurse or dietician."
                onOpen={open}
              />
            </section>
            <section className="profile-card" aria-labelledby="history-title">
              <h2 id="history-title">History</h2>
              <AppointmentList items={history.data} empty="Past and cancelled appointments will show here." onOpen={open} />
            </section>
          </>
        ))}
      {payment.element}
    </section>
  );
}
