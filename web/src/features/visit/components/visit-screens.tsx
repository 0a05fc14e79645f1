/**
 * The visit page's cards around the call: signed out, refused (or no longer allowed), not open
 * yet, the staff's read-only view, by phone, left, and ended. Each says where the visit stands
 * and what the person can do next.
 */
import { ArrowLeft, LogIn, RefreshCw } from 'lucide-react';
import type { Ref } from 'react';
import { Link } from 'react-router-dom';
import { visitMoment, type Visit, type VisitEndedAs, type VisitRole } from '@api/visits';
import { Loading } from '@/components/spinner';
import { VisitCard } from '@/features/visit/components/visit-card';

interface CardProps {
  headingRef: Ref<HTMLHeadingElement>;
}

/** Back to where each side came from. */
export function BackLink({ role }: { role: VisitRole }) {
  return role === 'host' ? (
    <Link to="/staff/appointments" className="btn btn-outline">
      <ArrowLeft aria-hidden="true" size={18} /> Back to the console
    </Link>
  ) : (
    <Link to="/dashboard" className="btn btn-outline">
      <ArrowLeft aria-hidden="true" size={18} /> Go to my appointments
    </Link>
  );
}

export function SignedOutCard({ headingRef, appointmentId }: CardProps & { appointmentId: string }) {
  return (
    <VisitCard
      id="signin-title"
      title="Please log in to join your visit"
      headingRef={headingRef}
      actions={
        <>
          <Link to={`/signup?mode=login&returnUrl=${encodeURIComponent(`/visit/${appointmentId}`)}`} className="btn btn-primary">
            <LogIn aria-hidden="true" size={18} /> Log in
          </Link>
          <Link to="/staff" className="btn btn-outline">
            Staff sign in
          </Link>
        </>
      }
    >
      <p>Log in with the account you booked with. Doctors sign in to the clinic’s console first.</p>
    </VisitCard>
  );
}

/** Why the room shut this person out while they were in it (the API's own 401 only says to sign in again). */
export const LOST_ACCESS =
  'Your role at the clinic was removed or changed while the visit was open, so the call has ended on this device. Ask the clinic’s admin if this is a mistake.';

/** Not now, not theirs, no longer; or their role at the clinic changed while they were in the room. */
export function RefusedCard({
  headingRef,
  message,
  lostAccess,
  role,
}: CardProps & { message: string; lostAccess?: boolean; role: VisitRole }) {
  if (lostAccess)
    return (
      <VisitCard
        id="refused-title"
        title="You no longer have access to this visit"
        headingRef={headingRef}
        actions={
          <Link to="/staff" className="btn btn-primary">
            <LogIn aria-hidden="true" size={18} /> Staff sign in
          </Link>
        }
      >
        <p>{LOST_ACCESS}</p>
        <p className="visit-hint">{message}</p>
      </VisitCard>
    );
  return (
    <VisitCard
      id="refused-title"
      title="You cannot join this visit now"
      headingRef={headingRef}
      actions={<BackLink role={role} />}
    >
      <p className="visit-refusal">{message}</p>
    </VisitCard>
  );
}

/** Too early: a normal state, told calmly with the time it opens. */
export function NotOpenCard({ headingRef, opensAt, role }: CardProps & { opensAt: string; role: VisitRole }) {
  return (
    <VisitCard id="not-open-title" title="Your visit is not open yet" headingRef={headingRef} actions={<BackLink role={role} />}>
      <p className="visit-opens">
        It opens at <strong>{visitMoment(opensAt)}</strong>, 15 minutes before the appointment.
      </p>
      <p className="visit-hint">Keep this page open: it lets you in when the visit opens. You can also come back then.</p>
    </VisitCard>
  );
}

export function StaffCard({ headingRef, appointmentId, visit }: CardProps & { appointmentId: string; visit: Visit | null }) {
  return (
    <VisitCard
      id="staff-title"
      title="Only the patient and the doctor join a visit"
      headingRef={headingRef}
      actions={
        <Link to={`/staff/appointments/${encodeURIComponent(appointmentId)}`} className="btn btn-outline">
          <ArrowLeft aria-hidden="true" size={18} /> Open the appointment
        </Link>
      }
    >
      <p>
        {visit
          ? `The room is ${visit.state === 'InCall' ? 'in a call' : visit.state.toLowerCase()} (${visit.mode}).`
          : 'Nobody has opened the room yet.'}
      </p>
    </VisitCard>
  );
}

interface PhoneCardProps extends CardProps {
  role: VisitRole;
  peerName: string;
  patientPhone?: string | null;
  busy: boolean;
  onComplete: () => void;
}

export function PhoneCard({ headingRef, role, peerName, patientPhone, busy, onComplete }: PhoneCardProps) {
  return (
    <VisitCard
      id="phone-title"
      title={role === 'host' ? `Call ${peerName}` : `${peerName} will call you`}
      headingRef={headingRef}
      actions={
        <>
          {role === 'host' && (
            <button type="button" className="btn btn-primary" disabled={busy} onClick={onComplete}>
              Complete visit
            </button>
          )}
          <BackLink role={role} />
        </>
      }
    >
      {role === 'host' ? (
        patientPhone ? (
          <p>
            <a className="btn btn-primary visit-tel" href={`tel:${patientPhone}`}>
              Call {patientPhone}
            </a>
          </p>
        ) : (
          <Loading text="Getting the patient’s number…" />
        )
      ) : (
        <p>Keep your phone near you: the call comes to the number in your booking. The visit goes on by phone.</p>
      )}
    </VisitCard>
  );
}

export function LeftCard({
  headingRef,
  role,
  closesAt,
  onRejoin,
}: CardProps & { role: VisitRole; closesAt?: string; onRejoin: () => void }) {
  return (
    <VisitCard
      id="left-title"
      title="You left the visit"
      headingRef={headingRef}
      actions={
        <>
          <button type="button" className="btn btn-primary" onClick={onRejoin}>
            <RefreshCw aria-hidden="true" size={18} /> Rejoin
          </button>
          <BackLink role={role} />
        </>
      }
    >
      <p>
        You can join again until the visit closes
        {closesAt ? ` at ${visitMoment(closesAt)}` : ''}.
      </p>
    </VisitCard>
  );
}

/** How an appointment that ended its room before the visit is named to both sides. */
const NOT_HELD: Record<Exclude<VisitEndedAs, 'Completed'>, string> = {
  Cancelled: 'cancelled',
  Declined: 'declined',
  NoShow: 'marked as missed',
};

/** Why the room closed: completed (the summary follows), or the appointment was ended before the visit took place. */
export function EndedCard({
  headingRef,
  role,
  peerName,
  endedAs,
}: CardProps & { role: VisitRole; peerName: string; endedAs?: VisitEndedAs }) {
  let text: string;
  if (endedAs && endedAs !== 'Completed')
    text =
      role === 'host'
        ? `The appointment was ${NOT_HELD[endedAs]}, so this visit will not take place.`
        : `Your appointment was ${NOT_HELD[endedAs]}, so this visit will not take place. Appointments in your dashboard has the details.`;
  else
    text =
      role === 'host'
        ? 'The appointment is completed. The patient reads your summary in their dashboard.'
        : `Thank you. ${peerName}’s summary will be in Appointments in your dashboard.`;
  return (
    <VisitCard id="ended-title" title="The visit has ended" headingRef={headingRef} actions={<BackLink role={role} />}>
      <p>{text}</p>
    </VisitCard>
  );
}
