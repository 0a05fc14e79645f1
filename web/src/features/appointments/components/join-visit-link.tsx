import { Video } from 'lucide-react';
import { useEffect, useState } from 'react';
import { Link } from 'react-router-dom';
import type { Appointment } from '@api/types';
import { isVirtualVisit, visitMoment, visitPagePath, visitWindow } from '@api/visits';

/** States in which a video visit's room can still be joined (admitted once, the appointment is checked in). */
const JOINABLE_STATES = ['Accepted', 'CheckedIn'];

/**
 * Whether the appointment has a video visit the patient can join now or later: a virtual one,
 * accepted, paid or covered by a package, and not past its room's closing. The visit page and
 * the API decide the rest (the host's slot length can move the closing a little).
 */
export function visitRoomOf(a: Appointment, now: number): { opensAt: Date; open: boolean } | undefined {
  if (!isVirtualVisit(a) || !JOINABLE_STATES.includes(a.appointmentStatus)) return undefined;
  if (a.paymentStatus !== 'Paid' && !a.coveredBy) return undefined;
  const { opensAt, closesAt } = visitWindow(a);
  if (now > closesAt.getTime()) return undefined;
  return { opensAt, open: now >= opensAt.getTime() };
}

/** The time now, once a minute: enough for 'opens at' to give way to an open room. */
function useMinute(): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), 30_000);
    return () => clearInterval(timer);
  }, []);
  return now;
}

/** 'Join visit' for a video visit, with the time its room opens until then. */
export function JoinVisitLink({ appointment }: { appointment: Appointment }) {
  const room = visitRoomOf(appointment, useMinute());
  if (!room) return null;
  return (
    <p className="join-visit">
      <Link to={visitPagePath(appointment.appointmentId)} className="btn btn-primary">
        <Video aria-hidden="true" size={18} /> Join visit
        <span className="visually-hidden">: {appointment.requestedService}</span>
      </Link>
      {!room.open && <span className="join-visit-opens">Opens at {visitMoment(room.opensAt)}</span>}
    </p>
  );
}
