import { CalendarPlus, Printer, X } from 'lucide-react';
import { useId } from 'react';
import { Link, useSearchParams } from 'react-router-dom';
import { APPOINTMENT_STATES, type AppointmentState } from '@api/staff';
import { DoctorOptions } from '@/features/staff/components/doctor-options';
// The site's list of the API's services (@api/service-catalog), shared with the home page's chunk.
import { SERVICES } from '@/content/services';
import { itemsOf } from '@/features/staff/api/console-query';
import { useAppointmentList, type AppointmentFilter } from '@/features/desk/api/appointments-api';
import { useDoctorList } from '@/features/staff/api/doctors-api';
import type { StaffAppointment } from '@/features/staff/api/appointment-api';
import { AppointmentRow } from '@/features/desk/components/appointment-row';
import { DayNav } from '@/features/desk/components/day-nav';
import { PagedList, StaffPage } from '@/features/staff/components/list-parts';
import { addDays, isDay, longDay, todayInGhana, weekStart } from '@/features/staff/days';
import { isDesk } from '@/features/staff/nav';
import { useStaff } from '@/features/staff/staff-session';
import { stateName } from '@/features/staff/lifecycle';

const isState = (v: string | null): v is AppointmentState => (APPOINTMENT_STATES as readonly string[]).includes(v ?? '');

type View = 'day' | 'week';

interface ViewState {
  view: View;
  day: string;
  q: string;
  status?: AppointmentState;
  serviceId?: string;
  doctorId?: string;
}

/** The view as the address holds it, so it can be bookmarked and Back works. */
function useViewState(): [ViewState, (change: Partial<ViewState>) => void] {
  const [params, setParams] = useSearchParams();
  const day = params.get('day');
  const status = params.get('status');
  const state: ViewState = {
    view: params.get('view') === 'week' ? 'week' : 'day',
    day: isDay(day) ? day : todayInGhana(),
    q: params.get('q') ?? '',
    status: isState(status) ? status : undefined,
    serviceId: params.get('serviceId') || undefined,
    doctorId: params.get('doctorId') || undefined,
  };
  const update = (change: Partial<ViewState>) => {
    const next: Record<string, string | undefined> = {
      ...state,
      ...change,
      view: (change.view ?? state.view) === 'week' ? 'week' : undefined,
    };
    setParams(Object.fromEntries(Object.entries(next).filter(([, v]) => v)) as Record<string, string>, { replace: true });
  };
  return [state, update];
}

/** What the API is asked: a search across all days, else the day or the week (Monday to Sunday). */
function filterOf(s: ViewState): AppointmentFilter {
  const common = { status: s.status, serviceId: s.serviceId, doctorId: s.doctorId };
  if (s.q.length >= 2) return { q: s.q, ...common };
  if (s.view === 'week') {
    const from = weekStart(s.day);
    return { from, to: addDays(from, 6), ...common, limit: 50 };
  }
  return { day: s.day, ...common };
}

/** A week's or a search's appointments under a heading per day. */
function ByDay({ items }: { items: StaffAppointment[] }) {
  const days = [...new Set(items.map((a) => a.requestedDay))].sort();
  return (
    <>
      {days.map((day) => (
        <section key={day} className="staff-day-group" aria-labelledby={`day-${day}`}>
          <h2 id={`day-${day}`}>{longDay(day)}</h2>
          <ul className="staff-list">
            {items
              .filter((a) => a.requestedDay === day)
              .map((a) => (
                <AppointmentRow key={a.appointmentId} appointment={a} />
              ))}
          </ul>
        </section>
      ))}
    </>
  );
}

/** Appointments: a day or a week (today in Accra first), a search by name, phone or reference, filtered by state, service and doctor. */
export default function AppointmentsPage() {
  const staff = useStaff();
  const [s, update] = useViewState();
  const filter = filterOf(s);
  // Today's list follows the waiting room (who is waiting for a video visit, since when).
  const list = useAppointmentList(filter, s.view === 'day' && !filter.q && s.day === todayInGhana());
  const doctors = useDoctorList(isDesk(staff.role));
  const ids = { service: useId(), doctor: useId(), search: useId(), hint: useId() };
  const counts = list.data?.pages[0]?.counts ?? {};
  const total = APPOINTMENT_STATES.reduce((sum, st) => sum + (counts[st] ?? 0), 0);
  const items = itemsOf(list.data);
  const searching = Boolean(filter.q);
  const weekFrom = weekStart(s.day);
  const shown = searching
    ? `matching “${s.q}”`
    : s.view === 'week'
      ? `in the week of ${longDay(weekFrom)}`
      : `on ${longDay(s.day)}`;

  return (
    <StaffPage
      title="Appointments"
      tools={
        isDesk(staff.role) && (
          <>
            <Link className="btn btn-primary" to="/staff/book">
              <CalendarPlus aria-hidden="true" size={18} /> Book for a patient
            </Link>
            <Link className="btn btn-outline" to={`/staff/day-sheet?day=${s.day}${s.doctorId ? `&doctorId=${s.doctorId}` : ''}`}>
              <Printer aria-hidden="true" size={18} /> Day sheet
            </Link>
          </>
        )
      }
    >
      <form
        role="search"
        className="staff-search staff-search-inline"
        onSubmit={(e) => {
          e.preventDefault();
          update({ q: String(new FormData(e.currentTarget).get('q') ?? '').trim() });
        }}
      >
        <div className="field">
          <label htmlFor={ids.search}>Find an appointment</label>
          <input
            id={ids.search}
            key={s.q}
            type="search"
            name="q"
            defaultValue={s.q}
            minLength={2}
            aria-describedby={ids.hint}
            autoComplete="off"
          />
          <p id={ids.hint} className="staff-muted">
            By name, phone, reference or appointment id, on any day.
          </p>
        </div>
        <button type="submit" className="btn btn-primary">
          Search
        </button>
        {searching && (
          <button type="button" className="btn btn-outline" onClick={() => update({ q: '' })}>
            <X aria-hidden="true" size={18} /> Clear search
          </button>
        )}
      </form>

      {!searching && (
        <div className="staff-view-row">
          <div className="staff-chips staff-view" role="group" aria-label="View">
            <button type="button" aria-pressed={s.view === 'day'} onClick={() => update({ view: 'day' })}>
              Day
            </button>
            <button type="button" aria-pressed={s.view === 'week'} onClick={() => update({ view: 'week' })}>
              Week
            </button>
          </div>
          <DayNav
            day={s.day}
            onChange={(day) => update({ day })}
            step={s.view === 'week' ? 7 : 1}
            label={s.view === 'week' ? 'Week of' : 'Day'}
            said={s.view === 'week' ? `${longDay(weekFrom)} to ${longDay(addDays(weekFrom, 6))}` : undefined}
          />
        </div>
      )}

      <div className="staff-filters">
        <div className="field">
          <label htmlFor={ids.service}>Service</label>
          <select id={ids.service} value={s.serviceId ?? ''} onChange={(e) => update({ serviceId: e.target.value || undefined })}>
            <option value="">All services</option>
            {SERVICES.map((sv) => (
              <option key={sv.id} value={String(sv.id)}>
                {sv.itemTitle}
              </option>
            ))}
          </select>
        </div>
        {isDesk(staff.role) && (
          <div className="field">
            <label htmlFor={ids.doctor}>Doctor</label>
            <select id={ids.doctor} value={s.doctorId ?? ''} onChange={(e) => update({ doctorId: e.target.value || undefined })}>
              <option value="">All doctors</option>
              <DoctorOptions doctors={doctors.data} />
            </select>
          </div>
        )}
      </div>

      <div className="staff-chips" role="group" aria-label="Status">
        <button type="button" aria-pressed={!s.status} onClick={() => update({ status: undefined })}>
          All <span className="count">{total}</span>
        </button>
        {APPOINTMENT_STATES.map((st) => (
          <button key={st} type="button" aria-pressed={s.status === st} onClick={() => update({ status: st })}>
            {stateName(st)} <span className="count">{counts[st] ?? 0}</span>
          </button>
        ))}
      </div>

      <PagedList
        query={list}
        empty={`No ${s.status ? `${stateName(s.status)} ` : ''}appointments ${shown}.`}
        isEmpty={items.length === 0}
      >
        {s.view === 'day' && !searching ? (
          <ul className="staff-list">
            {items.map((a) => (
              <AppointmentRow key={a.appointmentId} appointment={a} />
            ))}
          </ul>
        ) : (
          <ByDay items={items} />
        )}
      </PagedList>
    </StaffPage>
  );
}
