import { CalendarPlus, ChevronRight, X } from 'lucide-react';
import { useCallback, useEffect, useState } from 'react';
import { Loading } from '@/components/spinner';
import { usePageTitle } from '@/components/page-title';
import { useSession } from '@/features/accounts/session';
import {
  cancelAppointment,
  cancellationSummary,
  fetchCancellation,
  deleteAppointment,
  fetchAppointment,
  fetchHistory,
  fetchPending,
  formatCedis,
  type Appointment,
} from '@/features/appointments/api/appointments';
import { AppointmentDetail, statusClass } from '@/features/appointments/components/appointment-detail';
import { BookingForm } from '@/features/appointments/components/booking-form';
import { usePaymentFlow } from '@/features/payments/use-payment-flow';
import { confirm, showApiError, showInfo, showSuccess } from '@/lib/dialogs';
import '@/features/appointments/appointments.css';

type Mode = { name: 'list' } | { name: 'create' } | { name: 'detail'; appointment: Appointment };

interface Lists {
  pending?: Appointment[];
  history?: Appointment[];
  error?: string;
}

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
                {a.requiresPayment ? ` · ${formatCedis(a.consultationFee)}` : ''}
              </span>
            </span>
            <span className="badges">
              <span className={statusClass(a.appointmentStatus)}>{a.appointmentStatus}</span>
              {a.requiresPayment && <span className={statusClass(a.paymentStatus)}>{a.paymentStatus}</span>}
            </span>
            <ChevronRight aria-hidden="true" size={20} />
            <span className="visually-hidden">View details</span>
          </button>
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
  const [lists, setLists] = useState<Lists>({});

  const load = useCallback(async (): Promise<Lists> => {
    if (!patientId) return {};
    try {
      const [pending, history] = await Promise.all([fetchPending(patientId), fetchHistory(patientId)]);
      return { pending, history };
    } catch (err) {
      return { error: err instanceof Error ? err.message : 'We could not load your appointments.' };
    }
  }, [patientId]);

  useEffect(() => {
    let live = true;
    void load().then((next) => live && setLists(next));
    return () => {
      live = false;
    };
  }, [load]);

  const reload = useCallback(async () => setLists(await load()), [load]);

  const payment = usePaymentFlow({
    onPaid: () => {
      void reload();
      setMode((m) => (m.name === 'detail' ? { name: 'detail', appointment: { ...m.appointment, paymentStatus: 'Paid' } } : m));
    },
  });

  const pay = (a: Appointment) =>
    void payment.pay({ clientReference: a.clientReference, paymentText: a.requestedService, amount: a.consultationFee });

  async function created(a: Appointment) {
    await reload();
    setMode({ name: 'detail', appointment: a });
    if (a.requiresPayment) pay(a);
    else await showSuccess('Saved!', 'Your appointment request has been received. Our team will call you to confirm.');
  }

  async function open(a: Appointment) {
    setMode({ name: 'detail', appointment: a });
    // The list may be older than a payment made since: show the server's current record.
    fetchAppointment(a.appointmentId).then(
      (fresh) =>
        setMode((m) =>
          m.name === 'detail' && m.appointment.appointmentId === fresh.appointmentId ? { name: 'detail', appointment: fresh } : m,
        ),
      () => undefined,
    );
  }

  async function remove(a: Appointment) {
    if (!(await confirm('Delete Appointment?', 'Yes, delete', `${a.requestedService} on ${a.requestedDay} will be removed.`)))
      return;
    try {
      await deleteAppointment(a.appointmentId);
      setMode({ name: 'list' });
      await reload();
      await showSuccess('Deleted!', 'Your appointment has been deleted.');
    } catch (err) {
      await showApiError(err);
      // A refusal may mean it was paid meanwhile (the server asked the provider): show its record now.
      void reload();
      void open(a);
    }
  }

  async function cancel(a: Appointment) {
    try {
      // The server says which rule of the policy applies before the patient confirms.
      const terms = await fetchCancellation(a.appointmentId);
      if (!terms.allowed) return void (await showInfo(terms.reason, 'Cancellation policy'));
      const question = `${a.requestedService} on ${a.requestedDay} will be cancelled. ${cancellationSummary(terms)}`;
      if (!(await confirm('Cancel Appointment?', 'Yes, cancel', question))) return;
      const { cancellation, ...updated } = await cancelAppointment(a.appointmentId);
      setMode({ name: 'detail', appointment: updated });
      await reload();
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
            appointment={mode.appointment}
            onBack={() => setMode({ name: 'list' })}
            onPay={pay}
            onDelete={(a) => void remove(a)}
            onCancel={(a) => void cancel(a)}
          />
        </div>
      )}

      {mode.name === 'list' &&
        (lists.error ? (
          <p className="field-error" role="alert">
            {lists.error}
          </p>
        ) : !lists.pending || !lists.history ? (
          <Loading text="Loading your appointments…" />
        ) : (
          <>
            <section className="profile-card" aria-labelledby="pending-title">
              <h2 id="pending-title">Pending appointments</h2>
              <AppointmentList
                items={lists.pending}
                empty="You have no pending appointments. Choose Book Appointment to see a doctor, nurse or dietician."
                onOpen={(a) => void open(a)}
              />
            </section>
            <section className="profile-card" aria-labelledby="history-title">
              <h2 id="history-title">History</h2>
              <AppointmentList
                items={lists.history}
                empty="Past and cancelled appointments will show here."
                onOpen={(a) => void open(a)}
              />
            </section>
          </>
        ))}
      {payment.element}
    </section>
  );
}
