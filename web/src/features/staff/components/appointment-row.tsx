import { Link } from 'react-router-dom';
import { atHome } from '@api/service-catalog';
import type { StaffAppointment } from '@/features/staff/api/staff-api';
import { AppointmentBadges, StateBadge } from '@/features/staff/components/list-parts';
import { addressText, windowText } from '@/features/staff/visits';

/** One appointment in a list: when, who, what, with whom; a home visit's address and who goes. */
export function AppointmentRow({ appointment: a, showDay = false }: { appointment: StaffAppointment; showDay?: boolean }) {
  const home = atHome(a.requestedServiceId, a.requestedServiceOption);
  const when = [showDay ? a.requestedDay : '', a.requestedTime ?? windowText(a.arrivalWindow) ?? 'Time to agree']
    .filter(Boolean)
    .join(' ');
  return (
    <li>
      <Link to={`/staff/appointments/${encodeURIComponent(a.appointmentId)}`}>
        <span className="staff-list-main">
          <strong>
            {when} · {a.firstName} {a.lastName}
          </strong>
          <span>
            {a.requestedService}
            {a.doctorSurName ? ` · Dr ${a.doctorSurName}` : ''}
            {a.contactNumber ? ` · ${a.contactNumber}` : ''}
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
        </span>
      </Link>
    </li>
  );
}
