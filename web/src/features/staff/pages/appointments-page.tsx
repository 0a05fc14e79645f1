import { ChevronLeft, ChevronRight } from 'lucide-react';
import { useId } from 'react';
import { Link, useSearchParams } from 'react-router-dom';
import { APPOINTMENT_STATES, type AppointmentState } from '@api/staff';
import { usePageTitle } from '@/components/page-title';
// The site's list of the API's services (@api/service-catalog), shared with the home page's chunk.
import { SERVICES } from '@/content/services';
import { itemsOf, useAppointmentList, useDoctorList, type AppointmentFilter } from '@/features/staff/api/staff-api';
import { AppointmentBadges, ListState, LoadMore, PageHeader } from '@/features/staff/components/list-parts';
import { addDays, isDay, longDay, todayInGhana } from '@/features/staff/days';
import { StartVisitLink, VisitMark } from '@/features/staff/components/visit-mark';
import { canStartVisit } from '@/features/staff/visits';
import { useStaff } from '@/features/staff/staff-session';
import { stateName } from '@/features/staff/lifecycle';

const isState = (v: string | null): v is AppointmentState => (APPOINTMENT_STATES as readonly string[]).includes(v ?? '');

/** The filter as the address holds it, so a view can be bookmarked and Back works. */
function useFilter(): [AppointmentFilter, (change: Partial<AppointmentFilter>) => void] {
  const [params, setParams] = useSearchParams();
  const day = params.get('day');
  const status = params.get('status');
  const filter: AppointmentFilter = {
    day: isDay(day) ? day : todayInGhana(),
    status: isState(status) ? status : undefined,
    serviceId: params.get('serviceId') || undefined,
    doctorId: params.get('doctorId') || undefined,
  };
  const update = (change: Partial<AppointmentFilter>) => {
    const next = { ...filter, ...change };
    setParams(Object.fromEntries(Object.entries(next).filter(([, v]) => v)) as Record<string, string>, { replace: true });
  };
  return [filter, update];
}

/** Appointments: one day at a time (today in Accra first), filtered by state, service and doctor. */
export default function AppointmentsPage() {
  usePageTitle('Appointments');
  const staff = useStaff();
  const [filter, update] = useFilter();
  // Today's list follows the waiting room (who is waiting for a video visit, since when).
  const list = useAppointmentList(filter, filter.day === todayInGhana());
  const doctors = useDoctorList(staff.role !== 'doctor');
  const serviceId = useId();
  const doctorId = useId();
  const counts = list.data?.pages[0]?.counts ?? {};
  const total = APPOINTMENT_STATES.reduce((sum, s) => sum + (counts[s] ?? 0), 0);
  const items = itemsOf(list.data);
  const today = todayInGhana();

  return (
    <div className="staff-page">
      <PageHeader title="Appointments" />
      <div className="staff-day" role="group" aria-label="Day">
        <button type="button" className="btn btn-outline" onClick={() => update({ day: addDays(filter.day, -1) })}>
          <ChevronLeft aria-hidden="true" size={18} /> <span className="visually-hidden">Previous day</span>
        </button>
        <p aria-live="polite">
          <strong>{longDay(filter.day)}</strong>
          {filter.day === today && ' (today)'}
        </p>
        <button type="button" className="btn btn-outline" onClick={() => update({ day: addDays(filter.day, 1) })}>
          <span className="visually-hidden">Next day</span> <ChevronRight aria-hidden="true" size={18} />
        </button>
        {filter.day !== today && (
          <button type="button" className="btn btn-outline" onClick={() => update({ day: today })}>
            Today
          </button>
        )}
      </div>

      <div className="staff-filters">
        <div className="field">
          <label htmlFor={serviceId}>Service</label>
          <select
            id={serviceId}
            value={filter.serviceId ?? ''}
            onChange={(e) => update({ serviceId: e.target.value || undefined })}
          >
            <option value="">All services</option>
            {SERVICES.map((s) => (
              <option key={s.id} value={String(s.id)}>
                {s.itemTitle}
              </option>
            ))}
          </select>
        </div>
        {staff.role !== 'doctor' && (
          <div className="field">
            <label htmlFor={doctorId}>Doctor</label>
            <select
              id={doctorId}
              value={filter.doctorId ?? ''}
              onChange={(e) => update({ doctorId: e.target.value || undefined })}
            >
              <option value="">All doctors</option>
              {doctors.data?.map((d) => (
                <option key={d.doctorId} value={d.doctorId}>
                  Dr {d.otherNames} {d.surname}
                </option>
              ))}
            </select>
          </div>
        )}
      </div>

      <div className="staff-chips" role="group" aria-label="Status">
        <button type="button" aria-pressed={!filter.status} onClick={() => update({ status: undefined })}>
          All <span className="count">{total}</span>
        </button>
        {APPOINTMENT_STATES.map((s) => (
          <button key={s} type="button" aria-pressed={filter.status === s} onClick={() => update({ status: s })}>
            {stateName(s)} <span className="count">{counts[s] ?? 0}</span>
          </button>
        ))}
      </div>

      <ListState
        loading={list.isPending}
        error={list.error}
        empty={`No ${filter.status ?? ''} appointments on ${longDay(filter.day)}.`.replace('  ', ' ')}
        isEmpty={items.length === 0}
        onRetry={() => void list.refetch()}
      >
        <ul className="staff-list">
          {items.map((a) => (
            <li key={a.appointmentId} className={staff.role === 'doctor' && canStartVisit(a) ? 'has-visit' : undefined}>
              <Link to={`/staff/appointments/${encodeURIComponent(a.appointmentId)}`}>
                <span className="staff-list-main">
                  <strong>
                    {a.requestedTime ?? 'Time to agree'} · {a.firstName} {a.lastName}
                  </strong>
                  <span>
                    {a.requestedService}
                    {a.doctorSurName ? ` · Dr ${a.doctorSurName}` : ''}
                  </span>
                </span>
                <span className="staff-list-badges">
                  <AppointmentBadges appointment={a} />
                  <VisitMark appointment={a} visit={a.visit} />
                </span>
              </Link>
              {staff.role === 'doctor' && canStartVisit(a) && <StartVisitLink appointment={a} />}
            </li>
          ))}
        </ul>
        <LoadMore hasMore={list.hasNextPage} loading={list.isFetchingNextPage} onMore={() => void list.fetchNextPage()} />
      </ListState>
    </div>
  );
}
