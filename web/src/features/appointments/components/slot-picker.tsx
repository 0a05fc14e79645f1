import { formatDate } from '@api/format';
import { useEffect, useId } from 'react';
import { SITE } from '@/content/site';
import {
  WINDOW_DAYS,
  useDoctorSlots,
  useServiceDays,
  windowDays,
  type DayPlaces,
  type DaySlots,
} from '@/features/appointments/api/availability';
import { ChoiceGroup, type Choice } from '@/features/appointments/components/choice-group';
import './slot-picker.css';

/** Where a booking's free days and times come from. */
export type Availability = { kind: 'doctor'; doctorId: string } | { kind: 'capacity'; serviceId: number };

const dateText = (day: string, options: Intl.DateTimeFormatOptions) =>
  new Intl.DateTimeFormat('en-GB', { timeZone: 'UTC', ...options }).format(new Date(`${day}T00:00:00Z`));
/** 'Thu 3 Dec 2026': the one date style for people (@api/format). */
export const longDay = (day: string) => formatDate(day);
const WEEKDAYS = ['Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat', 'Sun'];
/** Monday first: how many cells of its week come before `day`. */
const weekdayIndex = (day: string) => (new Date(`${day}T00:00:00Z`).getUTCDay() + 6) % 7;

interface DayInfo {
  day: string;
  free: boolean;
  /** A word or two under the date: '4 free', 'Full', '2 left'. */
  note: string;
  /** The same for a screen reader, in a sentence. */
  said: string;
  times: string[];
}

/** A day the clinic is closed (a public holiday, a closure): said with why. */
const closedDay = (day: string, reason: string): DayInfo => ({
  day,
  free: false,
  note: 'Closed',
  said: `closed: ${reason}`,
  times: [],
});

function doctorDays(days: string[], slots: DaySlots[]): DayInfo[] {
  const byDay = new Map(slots.map((s) => [s.day, s]));
  return days.map((day) => {
    const closed = byDay.get(day)?.closed;
    if (closed) return closedDay(day, closed);
    const times = byDay.get(day)?.times ?? [];
    return times.length
      ? {
          day,
          free: true,
          note: `${times.length} free`,
          said: `${times.length} free ${times.length === 1 ? 'time' : 'times'}`,
          times,
        }
      : { day, free: false, note: 'None', said: 'no free times', times };
  });
}

function capacityDays(days: string[], capacity: DayPlaces[]): DayInfo[] {
  const byDay = new Map(capacity.map((c) => [c.day, c]));
  return days.map((day) => {
    const closed = byDay.get(day)?.closed;
    if (closed) return closedDay(day, closed);
    const left = byDay.get(day)?.left;
    // A day the answer leaves out has no limit set: it is open.
    if (left === undefined) return { day, free: true, note: 'Open', said: 'open', times: [] };
    return left > 0
      ? { day, free: true, note: `${left} left`, said: `${left} ${left === 1 ? 'place' : 'places'} left`, times: [] }
      : { day, free: false, note: 'Full', said: 'full, no places left', times: [] };
  });
}

/** The window's days with what each offers, from one request for the whole window. */
function useDayInfo(availability: Availability) {
  const doctor = useDoctorSlots(availability.kind === 'doctor' ? availability.doctorId : undefined);
  const service = useServiceDays(availability.kind === 'capacity' ? availability.serviceId : undefined);
  const query = availability.kind === 'doctor' ? doctor : service;
  const days = windowDays();
  const info =
    availability.kind === 'doctor'
      ? doctor.data && doctorDays(days, doctor.data)
      : service.data && capacityDays(days, service.data);
  return { info, query };
}

export interface SlotPickerProps {
  availability: Availability;
  day: string;
  time: string;
  /** Called with the new day and time ('' when the day has none chosen). */
  onChange: (day: string, time: string) => void;
  dayError?: string;
  timeError?: string;
  required?: boolean;
}

/**
 * The free days of the next 31 as a calendar of buttons, then the chosen day's free times as
 * buttons (doctors only). Days with nothing free are shown, greyed and named with why, but
 * cannot be chosen. A choice that stops being free (someone else booked it, a 409 refreshed
 * the list) is cleared, so the patient sees they must choose again.
 */
export function SlotPicker({ availability, day, time, onChange, dayError, timeError, required }: SlotPickerProps) {
  const ids = { day: useId(), time: useId(), dayError: useId(), timeError: useId(), legend: useId() };
  const { info, query } = useDayInfo(availability);
  const chosen = info?.find((d) => d.day === day && d.free);
  const withTimes = availability.kind === 'doctor';

  useEffect(() => {
    if (!info) return;
    if (day && !chosen) onChange('', '');
    else if (chosen && withTimes && time && !chosen.times.includes(time)) onChange(day, '');
    // Only when the answer or the choice changes; onChange is the caller's fresh closure.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [info, day, time]);

  const label = (id: string, text: string) => (
    <span id={id} className="picker-label">
      {text}
      {required && (
        <span className="required" aria-hidden="true">
          {' '}
          *
        </span>
      )}
    </span>
  );

  if (query.isError) {
    return (
      <div className="field span-all slot-picker">
        {label(ids.day, 'Preferred Date')}
        <p className="field-error" role="alert">
          We could not load the free days. Check your connection and try again.
        </p>
        <button type="button" className="btn btn-outline" onClick={() => void query.refetch()}>
          Try again
        </button>
      </div>
    );
  }
  if (!info) {
    return (
      <div className="field span-all slot-picker">
        {label(ids.day, 'Preferred Date')}
        <p className="field-hint" role="status">
          Loading the free days…
        </p>
      </div>
    );
  }

  const choices: Choice[] = info.map((d) => {
    const date = Number(d.day.slice(8));
    const showMonth = d === info[0] || date === 1;
    return {
      value: d.day,
      name: `${longDay(d.day)}, ${d.said}`,
      disabled: !d.free,
      content: (
        <>
          <span className="slot-day-date">
            {date}
            {showMonth && <span className="slot-day-month"> {dateText(d.day, { month: 'short' })}</span>}
          </span>
          <span className="slot-day-note">{d.note}</span>
        </>
      ),
    };
  });
  const anyFree = info.some((d) => d.free);

  return (
    <div className={`field span-all slot-picker${dayError || timeError ? ' invalid' : ''}`}>
      {label(ids.day, 'Preferred Date')}
      <p id={ids.legend} className="field-hint">
        {anyFree
          ? `The next ${WINDOW_DAYS} days, from ${longDay(info[0].day)}. Greyed days are closed or have ${withTimes ? 'no free times' : 'no places left'}.`
          : `Nothing is free in the next ${WINDOW_DAYS} days. ${withTimes ? 'Choose another doctor, or call' : 'Call'} us on ${SITE.phone}.`}
      </p>
      <div className="slot-weekdays" aria-hidden="true">
        {WEEKDAYS.map((w) => (
          <span key={w}>{w}</span>
        ))}
      </div>
      <ChoiceGroup
        labelId={ids.day}
        className="slot-days"
        choices={choices}
        value={day}
        onChange={(next) => onChange(next, '')}
        columns={7}
        leadingBlanks={weekdayIndex(info[0].day)}
        invalid={Boolean(dayError)}
        describedBy={dayError ? `${ids.legend} ${ids.dayError}` : ids.legend}
        required={required}
      />
      {dayError && (
        <p id={ids.dayError} className="field-error" role="alert">
          {dayError}
        </p>
      )}
      {withTimes && (
        <div className="slot-times-field">
          {label(ids.time, 'Preferred Time')}
          {chosen ? (
            <ChoiceGroup
              labelId={ids.time}
              className="slot-times"
              choices={chosen.times.map((t) => ({ value: t, name: t, content: t }))}
              value={time}
              onChange={(next) => onChange(day, next)}
              invalid={Boolean(timeError)}
              describedBy={timeError ? ids.timeError : undefined}
              required={required}
            />
          ) : (
            <p className="field-hint">Choose a day above to see its free times.</p>
          )}
          {timeError && (
            <p id={ids.timeError} className="field-error" role="alert">
              {timeError}
            </p>
          )}
        </div>
      )}
    </div>
  );
}
