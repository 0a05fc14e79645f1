import { Video } from 'lucide-react';
import { Link } from 'react-router-dom';
import type { Appointment } from '@api/types';
import {
  isVirtualVisit,
  mainMode,
  modeDurations,
  visitMoment,
  visitPagePath,
  type StaffVisitMark,
  type Visit,
  type VisitMode,
} from '@api/visits';
import type { DetailRow } from '@/components/details-list';

const ROOM_WORDS: Record<NonNullable<StaffVisitMark['state']>, string> = {
  Open: 'Room open',
  Waiting: 'Waiting',
  InCall: 'In call',
  Ended: 'Visit ended',
};

/** The day list's mark on a virtual visit (badges, inside the row's badge group): that it is one, and who waits since when. */
export function VisitMark({ appointment, visit }: { appointment: Appointment; visit?: StaffVisitMark }) {
  if (!isVirtualVisit(appointment)) return null;
  const waiting = visit?.state === 'Waiting' && visit.waitingSince;
  return (
    <>
      <span className="staff-badge visit">
        <Video aria-hidden="true" size={14} /> Video visit
      </span>
      {waiting ? (
        <span className="staff-badge visit-waiting">Waiting since {visitMoment(visit.waitingSince!).split(' on ')[0]}</span>
      ) : (
        visit?.state && <span className="staff-badge">{visit.mode === 'phone' ? 'By phone' : ROOM_WORDS[visit.state]}</span>
      )}
    </>
  );
}

/** 'Start visit': the host (a doctor) opens the call page. */
export function StartVisitLink({ appointment: a }: { appointment: Appointment }) {
  return (
    <Link to={visitPagePath(a.appointmentId)} className="btn btn-primary staff-start-visit">
      <Video aria-hidden="true" size={18} /> Start visit
      <span className="visually-hidden">
        {' '}
        with {a.firstName} {a.lastName}
      </span>
    </Link>
  );
}

const ROLE_WORDS = { patient: 'Patient', host: 'Doctor' } as const;
const when = (iso: string | undefined) => (iso ? visitMoment(iso) : '—');
const duration = (seconds: number) => {
  const minutes = Math.round(seconds / 60);
  return minutes < 1 ? 'under a minute' : minutes === 1 ? '1 minute' : `${minutes} minutes`;
};

const MODE_WORDS: Record<VisitMode, string> = { video: 'Video', audio: 'Audio only', phone: 'Phone' };

/** The mode most of the visit was held in, by time, with each mode's share when there were several. */
function modeText(visit: Visit): string {
  const spans = (Object.entries(modeDurations(visit)) as [VisitMode, number][]).filter(([, seconds]) => seconds >= 30);
  const main = MODE_WORDS[mainMode(visit)];
  if (spans.length < 2) return main;
  return `Mostly ${main.toLowerCase()}: ${spans.map(([mode, seconds]) => `${MODE_WORDS[mode].toLowerCase()} ${duration(seconds)}`).join(', ')}`;
}

/** The visit's record on the appointment: who joined when, mode, start, end, duration. */
export function visitRows(visit: Visit | null | undefined): DetailRow[] {
  if (visit === undefined) return [];
  if (visit === null) return [['Video visit', 'Nobody has opened the room yet']];
  const rows: DetailRow[] = [
    ['Video visit', visit.heldByPhone ? `${ROOM_WORDS[visit.state]} (held by phone)` : ROOM_WORDS[visit.state]],
    ['Mode', modeText(visit)],
    ['Joined', visit.joined.length ? visit.joined.map((j) => `${ROLE_WORDS[j.role]} ${when(j.at)}`).join('; ') : '—'],
  ];
  if (visit.waitingSince) rows.push(['Waiting since', when(visit.waitingSince)]);
  rows.push(['Started', when(visit.startedAt)], ['Ended', when(visit.endedAt)]);
  if (visit.durationSeconds !== undefined) rows.push(['Duration', duration(visit.durationSeconds)]);
  return rows;
}
