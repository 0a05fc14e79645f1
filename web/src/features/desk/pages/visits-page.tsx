import { MapPin, Phone } from 'lucide-react';
import { Link, useSearchParams } from 'react-router-dom';
import { formatDate } from '@api/format';
import { onVisitDay } from '@api/policy';
import { atHome } from '@api/service-catalog';
import type { StaffAction } from '@api/staff';
import { nextState } from '@api/staff';
import { itemsOf } from '@/features/staff/api/console-query';
import { useAppointmentAction, type StaffAppointment } from '@/features/staff/api/appointment-api';
import { useAppointmentList } from '@/features/desk/api/appointments-api';
import { DayNav } from '@/features/desk/components/day-nav';
import { PagedCards, StateBadge, StepButtons, StaffPage } from '@/features/staff/components/list-parts';
import { isDay, longDay, todayInGhana } from '@/features/staff/days';
import { useStaff } from '@/features/staff/staff-session';
import { addressText, mapLink, windowText } from '@/features/staff/visits';
import { readyToSetOff, saidTooEarly } from '@/features/desk/field-steps';
import { showApiError, showSuccess } from '@/lib/dialogs';
import { askText } from '@/lib/text-dialog';
import { formatPhone } from '@api/ghana-phone';

/** A clinician's steps at a visit, in order, and what each button says. */
const STEPS: { action: StaffAction; label: string; done: string }[] = [
  { action: 'on-the-way', label: 'On the way', done: 'The patient has been told you are on the way.' },
  { action: 'check-in', label: 'Arrived', done: 'You have arrived: the visit now shows Checked in.' },
  { action: 'complete', label: 'Complete', done: 'The visit is completed.' },
];

/** Summaries as typed, by appointment, kept when the server refuses one so it is not typed twice. */
const typedSummaries = new Map<string, string>();

/** The states a visit still to make or made that day is in (called-off ones are left out). */
const ON_MY_DAY = ['Pending', 'Accepted', 'OnTheWay', 'CheckedIn', 'Completed', 'NoShow'];

function VisitCard({ visit: a }: { visit: StaffAppointment }) {
  const acting = useAppointmentAction();
  const map = mapLink(a.address);
  const when = windowText(a.arrivalWindow) ?? a.requestedTime ?? 'Time to agree';
  const allowed = STEPS.filter((s) => nextState(a.appointmentStatus, s.action) !== undefined);
  // Setting off and arriving are offered on the visit's day only (the server refuses them before).
  const notYet = allowed.some((s) => s.action !== 'complete') && !onVisitDay(a, todayInGhana());
  const steps = notYet ? allowed.filter((s) => s.action === 'complete') : allowed;

  async function act(step: (typeof STEPS)[number]) {
    let body: Record<string, string> = {};
    if (step.action === 'on-the-way' && !(await readyToSetOff(a))) return;
    if (step.action === 'complete') {
      if (await saidTooEarly(a)) return;
      const visitSummary = await askText({
        title: 'Complete visit',
        label: 'Visit summary',
        text: `${a.firstName} ${a.lastName}, ${a.requestedService}. A short summary the patient reads in their dashboard.`,
        value: typedSummaries.get(a.appointmentId),
        confirmButtonText: 'Complete',
        multiline: true,
        maxLength: 2000,
      });
      if (visitSummary === undefined) return;
      typedSummaries.set(a.appointmentId, visitSummary);
      body = { visitSummary };
    }
    try {
      await acting.mutateAsync({ appointmentId: a.appointmentId, action: step.action, body });
      if (step.action === 'complete') typedSummaries.delete(a.appointmentId);
      await showSuccess('Saved!', step.done);
    } catch (err) {
      await showApiError(err);
    }
  }

  return (
    <li className="staff-card" aria-labelledby={`visit-${a.appointmentId}`}>
      <div className="staff-card-head">
        <h2 id={`visit-${a.appointmentId}`}>
          {when} · {a.firstName} {a.lastName}
        </h2>
        <StateBadge state={a.appointmentStatus} />
      </div>
      <p>{a.requestedService}</p>
      <div className="staff-visit-where">
        <p>
          <strong>Address:</strong> {addressText(a.address, a.location) || 'Not given: call the patient'}
        </p>
        {a.address?.digitalAddress && (
          <p>
            <strong>GhanaPost:</strong> {a.address.digitalAddress}
          </p>
        )}
      </div>
      <div className="staff-visit-links">
        <a href={`tel:${a.contactNumber}`}>
          <Phone aria-hidden="true" size={18} /> {formatPhone(a.contactNumber)}
        </a>
        {map && (
          <a href={map} target="_blank" rel="noopener noreferrer">
            <MapPin aria-hidden="true" size={18} /> Open in Google Maps
          </a>
        )}
        <Link to={`/staff/appointments/${encodeURIComponent(a.appointmentId)}`}>Details</Link>
      </div>
      {a.healthProblem && <p className="staff-muted">{a.healthProblem}</p>}
      {notYet && <p className="staff-muted">You can set off on {formatDate(a.requestedDay)}, the day of the visit.</p>}
      <StepButtons
        steps={steps}
        keyOf={(s) => s.action}
        about={`(${a.firstName} ${a.lastName})`}
        busy={acting.isPending}
        onPick={(s) => void act(s)}
      />
    </li>
  );
}

/** My visits: the home visits assigned to the signed-in doctor or nurse on a day, with where, how to call and the visit's steps. */
export default function VisitsPage() {
  const me = useStaff();
  const [params, setParams] = useSearchParams();
  const dayParam = params.get('day');
  const day = isDay(dayParam) ? dayParam : todayInGhana();
  const list = useAppointmentList({ day, assignedTo: me.uid });
  const visits = itemsOf(list.data)
    .filter((a) => atHome(a.requestedServiceId, a.requestedServiceOption) && ON_MY_DAY.includes(a.appointmentStatus))
    .sort((a, b) =>
      (a.arrivalWindow?.from ?? a.requestedTime ?? '').localeCompare(b.arrivalWindow?.from ?? b.requestedTime ?? ''),
    );

  return (
    <StaffPage title="My visits">
      <DayNav day={day} onChange={(next) => setParams({ day: next }, { replace: true })} />
      <PagedCards query={list} items={visits} empty={`No home visits assigned to you on ${longDay(day)}.`}>
        {(v) => <VisitCard key={v.appointmentId} visit={v} />}
      </PagedCards>
    </StaffPage>
  );
}
