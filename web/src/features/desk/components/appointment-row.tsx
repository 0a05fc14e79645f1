import { Link } from 'react-router-dom';
import { atHome } from '@api/service-catalog';
import type { StaffAppointmentRow } from '@api/staff';
import { AppointmentBadges, StateBadge } from '@/features/staff/components/list-parts';
import { StartVisitLink, VisitMark } from '@/features/desk/components/visit-mark';
import { useStaff } from '@/features/staff/staff-session';
import { addressText, canStartVisit, windowText } from '@/features/staff/visits';
import { formatPhone } from '@api/ghana-phone';

/**
 * One appointment in a list: when, who, what, with whom; a home visit's address and who goes;
 * a video visit's room (and, for its doctor, Start visit).
 */
export function AppointmentRow({ appointment: a, showDay = false }: { appointment: StaffAppointmentRow; showDay?: boolean }) {
  const starts = useStaff().role === 'doctor' && canStartVisit(a);
  const home = atHome(a.requestedServiceId, a.requestedServiceOption);
  const when = [showDay ? a.requestedDay : '', a.requestedTime ?? windowText(a.arrivalWindow) ?? 'Time to agree']
    .filter(Boolean)
    .join(' ');
  return (
    <li className={starts ? 'has-visit' : undefined}>
      <Link to={`/staff/appointments/${encodeURIComponent(a.appointmentId)}`}>
        <span className="staff-list-main">
          <strong>
            {when} · {a.firstName} {a.lastName}
          </strong>
          <span>
            {a.requestedService}
            {a.doctorSurName ? ` · Dr ${a.doctorSurName}` : ''}
            {a.contactNumber ? ` · ${formatPhone(a.contactNumber)}` : ''}
          </span>
          {home && (
            <span>
              {addressText(a.address, a.location) || 'No address'} ·{' '}
              {a.assignedToName
                ? `${a.assignedToName}${a.arrivalWindow ? `, ${windowText(a.arrivalWindow)}` : ''}`
                : 'Not assigned'}
            </span>
          )}
        </span>
        <span className="staff-list-badges">
          {a.needsRebooking && <StateBadge state="Needs rebooking" />}
          <AppointmentBadges appointment={a} />
          <VisitMark appointment={a} visit={a.visit} />
        </span>
      </Link>
      {starts && <StartVisitLink appointment={a} />}
    </li>
  );
}
