import { XCircle } from 'lucide-react';
import { Link } from 'react-router-dom';
import { itemsOf } from '@/features/staff/api/console-query';
import { useAppointmentAction, type StaffAppointment } from '@/features/staff/api/appointment-api';
import { useAppointmentList } from '@/features/desk/api/appointments-api';
import { AppointmentBadges, PagedCards, StaffPage } from '@/features/staff/components/list-parts';
import { RescheduleAction } from '@/features/desk/components/reschedule-action';
import { formatWhen } from '@api/format';
import { confirm, showApiError, showSuccess } from '@/lib/dialogs';
import { formatPhone } from '@api/ghana-phone';

function RebookingItem({ appointment: a }: { appointment: StaffAppointment }) {
  const acting = useAppointmentAction();
  const who = `${a.firstName} ${a.lastName}`;

  async function cancel() {
    const paid = a.paymentStatus === 'Paid' ? ' What they paid is refunded in full (Refunds).' : '';
    if (!(await confirm('Cancel appointment?', 'Yes, cancel', `${who}, ${a.requestedService} on ${a.requestedDay}.${paid}`)))
      return;
    try {
      await acting.mutateAsync({
        appointmentId: a.appointmentId,
        action: 'cancel',
        body: { reason: a.needsRebookingReason ?? 'The clinic could not keep this appointment.' },
      });
      await showSuccess('Saved!', `${who}'s appointment is cancelled and they have been told.`);
    } catch (err) {
      await showApiError(err);
    }
  }

  return (
    <li className="staff-card" aria-label={`${who}, ${a.requestedService}`}>
      <div className="staff-card-head">
        <h2>
          <Link to={`/staff/appointments/${encodeURIComponent(a.appointmentId)}`}>{who}</Link>
        </h2>
        <AppointmentBadges appointment={a} />
      </div>
      <p>
        {a.requestedService} · was {formatWhen(a.requestedDay, a.requestedTime)}
        {a.doctorSurName ? ` · Dr ${a.doctorSurName}` : ''}
      </p>
      <p>
        <a href={`tel:${a.contactNumber}`}>{formatPhone(a.contactNumber)}</a>
      </p>
      {a.needsRebookingReason && <p className="staff-muted">Why: {a.needsRebookingReason}</p>}
      <div className="form-actions">
        <RescheduleAction appointment={a} disabled={acting.isPending} />
        <button type="button" className="btn btn-outline" disabled={acting.isPending} onClick={() => void cancel()}>
          <XCircle aria-hidden="true" size={18} /> Cancel appointment
        </button>
      </div>
    </li>
  );
}

/**
 * Needs rebooking: appointments a closure or a doctor's time off left without their time. The
 * desk calls each patient and moves it to a free time (Reschedule) or cancels it (a paid one is
 * refunded); either takes it off this list.
 */
export default function RebookingPage() {
  const list = useAppointmentList({ needsRebooking: true });
  const items = itemsOf(list.data).sort((a, b) => a.requestedDay.localeCompare(b.requestedDay));
  return (
    <StaffPage title="Needs rebooking">
      <p className="staff-muted">
        Call each patient, then move the appointment to a time that suits them, or cancel it. Either takes it off this list.
      </p>
      <PagedCards query={list} items={items} empty="Nothing to rebook.">
        {(a) => <RebookingItem key={a.appointmentId} appointment={a} />}
      </PagedCards>
    </StaffPage>
  );
}
