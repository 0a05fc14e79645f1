import { CalendarPlus, ChevronRight, X } from 'lucide-react';
import { appointmentStatusWords } from '@api/statuses';
import { formatGhs, formatWhen } from '@api/format';
import { Loading } from '@/components/spinner';
import { usePageTitle } from '@/components/page-title';
import { usePatientId } from '@/shared/session/patient-id';
import {
  useAppointment,
  useAppointmentHistory,
  useUpcomingAppointments,
  type Appointment,
} from '@/features/appointments/api/appointments';
import {
  AppointmentDetail,
  bookedForName,
  coverageBadge,
  statusClass,
} from '@/features/appointments/components/appointment-detail';
import { BookingForm } from '@/features/appointments/components/booking-form';
import { JoinVisitLink } from '@/features/appointments/components/join-visit-link';
import { bookedText } from '@/features/appointments/components/booked-text';
import { showSuccess } from '@/lib/dialogs';
import { apiMessage } from '@/lib/api-client';
import {
  useAppointmentsMode,
  useCancelAppointmentFlow,
  useConfirmAppointmentFlow,
  useOpenLinkedAppointment,
  usePayAppointment,
  useRemoveAppointment,
} from '@/features/dashboard/hooks/use-appointments-view';
import '@/features/appointments/appointments.css';
import { DashboardCard } from '@/features/dashboard/components/dashboard-card';
import { VisitPrescriptions } from '@/features/dashboard/components/visit-prescriptions';

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
                {formatWhen(a.requestedDay, a.requestedTime)}
                {a.requiresPayment ? ` · ${formatGhs(a.consultationFee)}` : ''}
                {bookedForName(a) ? ` · for ${bookedForName(a)}` : ''}
              </span>
            </span>
            <span className="badges">
              <span className={statusClass(a.appointmentStatus)}>{appointmentStatusWords(a.appointmentStatus)}</span>
              {a.needsRebooking && <span className="status-badge pending">Needs a new time</span>}
              {a.requiresPayment && (
                <span className={statusClass(a.paymentStatus)}>{a.refundedAmount ? 'Refunded' : a.paymentStatus}</span>
              )}
              {coverageBadge(a) && <span className="status-badge">{coverageBadge(a)}</span>}
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

/** Dashboard > Appointments: upcoming ones, booking (create), one appointment (detail) and the history. */
export default function AppointmentsView() {
  usePageTitle('Appointments');
  const patientId = usePatientId();
  const { mode, showList, showCreate, open, markPaid } = useAppointmentsMode();
  const upcoming = useUpcomingAppointments(patientId);
  const history = useAppointmentHistory(patientId);
  // The open appointment as the server holds it now (the list's copy until it answers).
  const detail = useAppointment(mode.name === 'detail' ? mode.appointment : undefined);
  const listError = upcoming.error ?? history.error;
  const payment = usePayAppointment(markPaid);
  const { remove } = useRemoveAppointment(showList);
  const { cancel } = useCancelAppointmentFlow();
  const confirmation = useConfirmAppointmentFlow();
  const linkError = useOpenLinkedAppointment(open);

  async function created(a: Appointment) {
    open(a);
    if (a.requiresPayment) payment.pay(a);
    else
      await showSuccess(
        'Saved!',
        bookedText(a, 'Your appointment request has been received. Our team will call you to confirm.'),
      );
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
          onClick={creating ? showList : showCreate}
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
            onBack={showList}
            onPay={payment.pay}
            onDelete={(a) => void remove(a)}
            onCancel={(a) => void cancel(a)}
            onConfirm={(a) => void confirmation.confirmBooking(a)}
            confirming={confirmation.busy}
          />
          <VisitPrescriptions appointment={detail.data ?? mode.appointment} patientId={patientId} />
        </div>
      )}

      {mode.name === 'list' && linkError != null && (
        <p className="field-error" role="alert">
          We could not open the booking from your link: {apiMessage(linkError, 'please try again.')}
        </p>
      )}
      {mode.name === 'list' &&
        (listError ? (
          <p className="field-error" role="alert">
            {listError instanceof Error ? listError.message : 'We could not load your appointments.'}
          </p>
        ) : !upcoming.data || !history.data ? (
          <Loading text="Loading your appointments…" />
        ) : (
          [
            {
              id: 'upcoming-title',
              title: 'Upcoming',
              items: upcoming.data,
              empty: 'You have no upcoming appointments. Choose Book Appointment to see a doctor, nurse or dietician.',
            },
            {
              id: 'history-title',
              title: 'History',
              items: history.data,
              empty: 'Completed, cancelled and past appointments will show here.',
            },
          ].map(({ id, title, items, empty }) => (
            <DashboardCard key={id} id={id} title={title}>
              <AppointmentList items={items} empty={empty} onOpen={open} />
            </DashboardCard>
          ))
        ))}
      {payment.element}
    </section>
  );
}
