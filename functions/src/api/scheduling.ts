/**
 * Real availability (docs/scheduling.md): a doctor's weekly schedule and its slots, the
 * daily capacity of home and community services, and rescheduling. The server validates with
 * these schemas and computes slots with these functions; the site's schedule screen and date
 * picker use the same ones. Imports only yup and siblings: bundled into the browser.
 */
import { array, boolean, number, object, string, type InferType } from 'yup';
import {
  FREE_CANCELLATION_HOURS,
  MAX_AVAILABILITY_DAYS,
  RESCHEDULABLE_STATES,
  RESCHEDULE_LIMIT,
  appointmentStartsAt,
} from './policy';
import { bookableDay, clockTime, isCalendarDay, isClockTime, isDayTime } from './request-fields';
import { HOME_MODE, SERVICE_ID, atHome, serviceById } from './service-catalog';

// --- the schedule ---

export const WEEKDAYS = ['mon', 'tue', 'wed', 'thu', 'fri', 'sat', 'sun'] as const;
export type Weekday = (typeof WEEKDAYS)[number];

/** Slot lengths a schedule may use, in minutes. */
export const SLOT_MINUTES = [10, 15, 20, 30, 45, 60, 90, 120] as const;

/** 'HH:mm' within a day, Africa/Accra (GMT all year). */
export interface TimeRange {
  from: string;
  to: string;
}

/** Time off: 'YYYY-MM-DDTHH:mm' to 'YYYY-MM-DDTHH:mm' (a whole day is 00:00 to the next day's 00:00). */
export interface TimeOff {
  from: string;
  to: string;
}

/** GET/PUT /staff/doctors/{doctorId}/schedule (every weekday present; an empty list is a day off). */
export interface DoctorSchedule {
  weekly: Record<Weekday, TimeRange[]>;
  slotMinutes: number;
  timeOff: TimeOff[];
}

/** What GET /staff/doctors/{doctorId}/schedule answers: the schedule, or null when none is set (no free slots). */
export interface DoctorScheduleView {
  doctorId: string;
  schedule: DoctorSchedule | null;
  updatedAt: string | null;
}

export const minutesOf = (time: string) => Number(time.slice(0, 2)) * 60 + Number(time.slice(3, 5));
const timeOf = (minutes: number) =>
  `${String(Math.floor(minutes / 60)).padStart(2, '0')}:${String(minutes % 60).padStart(2, '0')}`;

/** A real calendar day written yyyy-MM-dd (api/request-fields.ts, the one rule). */
export const isDay = isCalendarDay;

export const WEEKDAY_NAMES: Record<Weekday, string> = {
  mon: 'Monday',
  tue: 'Tuesday',
  wed: 'Wednesday',
  thu: 'Thursday',
  fri: 'Friday',
  sat: 'Saturday',
  sun: 'Sunday',
};

/**
 * A place in the schedule as the schedule screen names it, from yup's path:
 * 'weekly.mon[0].from' -> 'Monday, hours 1 (From)', 'timeOff[1]' -> 'Time off 2'.
 */
export function scheduleWords(path: string | undefined): string {
  const hours = /^weekly\.(\w+)\[(\d+)\](?:\.(from|to))?$/.exec(path ?? '');
  const off = /^timeOff\[(\d+)\](?:\.(from|to))?$/.exec(path ?? '');
  const end = (e: string | undefined) => (e ? ` (${e === 'from' ? 'From' : 'To'})` : '');
  if (hours) return `${WEEKDAY_NAMES[hours[1] as Weekday]}, hours ${Number(hours[2]) + 1}${end(hours[3])}`;
  if (off) return `Time off ${Number(off[1]) + 1}${end(off[2])}`;
  return 'The schedule';
}

type Where = { originalPath?: string };
const said =
  (rest: string) =>
  ({ originalPath }: Where) =>
    `${scheduleWords(originalPath)}${rest}`;

const rangeSchema = object({
  from: string().label('From').required(said(' is required.')).test('time', said(' must be a time written HH:mm.'), isClockTime),
  to: string().label('To').required(said(' is required.')).test('time', said(' must be a time written HH:mm.'), isClockTime),
}).test('order', said(': from must be before to.'), (r) => !r || !isClockTime(r.from) || !isClockTime(r.to) || r.from < r.to);

/** One weekday's ranges: each from < to and none overlapping another. */
const dayRanges = (day: Weekday) =>
  array()
    .of(rangeSchema)
    .label(WEEKDAY_NAMES[day])
    .max(12, `${WEEKDAY_NAMES[day]}: at most 12 ranges a day.`)
    .default([])
    .test('no-overlap', function (ranges) {
      const sorted = [...(ranges ?? [])]
        .filter((r) => r && isClockTime(r.from) && isClockTime(r.to))
        .sort((a, b) => a.from.localeCompare(b.from));
      for (let i = 1; i < sorted.length; i++) {
        const [a, b] = [sorted[i - 1], sorted[i]];
        if (b.from < a.to)
          return this.createError({ message: `${WEEKDAY_NAMES[day]}: ${b.from}-${b.to} overlaps ${a.from}-${a.to}.` });
      }
      return true;
    });

const timeOffSchema = object({
  from: string()
    .label('From')
    .required(said(' is required.'))
    .test('day-time', said(' must be written YYYY-MM-DDTHH:mm.'), isDayTime),
  to: string()
    .label('To')
    .required(said(' is required.'))
    .test('day-time', said(' must be written YYYY-MM-DDTHH:mm.'), isDayTime),
})
  .label('Time off')
  .test('order', said(': from must be before to.'), (r) => !r || !isDayTime(r.from) || !isDayTime(r.to) || r.from < r.to);

/** PUT /staff/doctors/{doctorId}/schedule: the body, validated by the server and the schedule screen alike. */
export const doctorScheduleSchema = object({
  weekly: object(Object.fromEntries(WEEKDAYS.map((d) => [d, dayRanges(d)])) as Record<Weekday, ReturnType<typeof dayRanges>>)
    .label('Weekly hours')
    .required('Weekly hours are required: the hours of each weekday (none is a day off).')
    .typeError('Weekly hours must list each weekday (Monday to Sunday) with its hours.'),
  slotMinutes: number()
    .label('Slot length')
    .typeError('Slot length must be a number of minutes.')
    .required('Slot length is required.')
    .oneOf([...SLOT_MINUTES], `Slot length must be one of ${SLOT_MINUTES.join(', ')} minutes.`),
  timeOff: array().of(timeOffSchema).label('Time off').max(200, 'Time off: at most 200 entries.').default([]),
  /**
   * Time off over booked (Pending or Accepted) appointments answers 409 with data.affected
   * (api/front-desk.ts) unless this is true; then they are marked needsRebooking and told.
   */
  confirm: boolean().label('Confirm').typeError('Confirm must be yes or no.').default(false),
}).test('slot-fits', function (s) {
  // A range shorter than one slot would offer nothing: a typing slip, so say which.
  if (!s?.weekly || !SLOT_MINUTES.includes(s.slotMinutes as never)) return true;
  for (const day of WEEKDAYS)
    for (const [i, r] of (s.weekly[day] ?? []).entries()) {
      if (!r || !isClockTime(r.from) || !isClockTime(r.to) || r.from >= r.to) continue;
      if (minutesOf(r.to) - minutesOf(r.from) < s.slotMinutes)
        return this.createError({
          path: `weekly.${day}[${i}]`,
          message: `${scheduleWords(`weekly.${day}[${i}]`)}: ${r.from}-${r.to} is shorter than one slot (${s.slotMinutes} minutes).`,
        });
    }
  return true;
});

export type DoctorScheduleInput = InferType<typeof doctorScheduleSchema>;

// --- slots ---

/** A doctor's time that is not a free slot (taken, off the schedule, too soon): 409. */
export const SLOT_TAKEN = 'This time is no longer available. Please choose another.';

/** GET /doctors/{doctorId}/slots: the free start times of each day asked for. */
export interface DaySlots {
  day: string;
  times: string[];
  /** The clinic is closed that day (closures, docs/front-desk.md): why. No times then. */
  closed?: string;
}

const weekdayOf = (day: string): Weekday => WEEKDAYS[(new Date(`${day}T00:00:00Z`).getUTCDay() + 6) % 7];

const plusMinutes = (day: string, time: string, minutes: number) =>
  new Date(Date.parse(`${day}T${time}:00Z`) + minutes * 60_000).toISOString().slice(0, 16);

/** Every slot start of the day by the weekly hours (taken or not). */
export function scheduledTimes(schedule: DoctorSchedule, day: string): string[] {
  const times: string[] = [];
  for (const r of schedule.weekly[weekdayOf(day)] ?? []) {
    for (let t = minutesOf(r.from); t + schedule.slotMinutes <= minutesOf(r.to); t += schedule.slotMinutes) times.push(timeOf(t));
  }
  return times.sort();
}

/**
 * The free slots of one day: on the grid, not taken, not in time off, and starting no earlier
 * than `earliest` (now plus the minimum notice). Ghana time is UTC, so the day's times are UTC.
 */
export function freeTimes(schedule: DoctorSchedule, day: string, taken: ReadonlySet<string>, earliest: Date): string[] {
  // Slots start on the minute: round the earliest start up, so a slot 2 h minus a few seconds away is not offered.
  const notBefore = new Date(Math.ceil(earliest.getTime() / 60_000) * 60_000).toISOString().slice(0, 16);
  return scheduledTimes(schedule, day).filter((time) => {
    const start = `${day}T${time}`;
    const end = plusMinutes(day, time, schedule.slotMinutes);
    if (taken.has(time) || start < notBefore) return false;
    return !schedule.timeOff.some((off) => start < off.to && end > off.from);
  });
}

// --- the days asked for ---

/**
 * ?from=YYYY-MM-DD&to=YYYY-MM-DD: two days, `to` not before `from`, at most `maxDays` of them
 * (`tooMany` words the refusal). The slots and days routes, and the clinic's closures.
 */
export const dayRangeSchema = (maxDays: number, tooMany: (q: { from: string; to: string; days: number }) => string) =>
  object({
    from: string()
      .label('From')
      .required('From is required (yyyy-MM-dd).')
      .test('day', 'From must be a date written yyyy-MM-dd.', isDay),
    to: string().label('To').required('To is required (yyyy-MM-dd).').test('day', 'To must be a date written yyyy-MM-dd.', isDay),
  }).test('range', function (q) {
    if (!q || !isDay(q.from) || !isDay(q.to)) return true;
    if (q.to < q.from) return this.createError({ message: `To (${q.to}) must not be before From (${q.from}).` });
    const days = (Date.parse(q.to) - Date.parse(q.from)) / 86_400_000 + 1;
    if (days > maxDays) return this.createError({ message: tooMany({ from: q.from, to: q.to, days }) });
    return true;
  });

/** ?from=YYYY-MM-DD&to=YYYY-MM-DD of the slots and days routes. */
export const availabilityQuerySchema = dayRangeSchema(
  MAX_AVAILABILITY_DAYS,
  ({ from, to, days }) => `from ${from} to ${to} is ${days} days: ask for at most ${MAX_AVAILABILITY_DAYS} days at a time.`,
);

/** Every day from `from` to `to`, both included. */
export function daysBetween(from: string, to: string): string[] {
  const days: string[] = [];
  for (let t = Date.parse(`${from}T00:00:00Z`); t <= Date.parse(`${to}T00:00:00Z`); t += 86_400_000)
    days.push(new Date(t).toISOString().slice(0, 10));
  return days;
}

// --- daily capacity of home and community services ---

/** Home and community services: a number of places a day instead of doctor slots (dietary only for home visits). */
export const CAPACITY_SERVICE_IDS: readonly number[] = [
  2, // Doctor Consultation at home
  3, // Nursing Home Care
  4, // Physiotherapy at Home
  SERVICE_ID.dietary, // its HOME_VISIT mode
  SERVICE_ID.labTests, // its SAMPLES_AT_HOME mode
  SERVICE_ID.prescription, // Medicine Delivery
  SERVICE_ID.corporateWellness,
  SERVICE_ID.agricHealth,
];

export const usesDailyCapacity = (serviceId: number, option: string | null | undefined): boolean =>
  CAPACITY_SERVICE_IDS.includes(serviceId) && (!HOME_MODE[serviceId] || atHome(serviceId, option));

/** How the console's Capacity page names a service's places: lab tests have places for their home mode only. */
export const capacityTitle = (serviceId: number): string =>
  serviceId === SERVICE_ID.labTests ? 'Lab tests, samples taken at home' : (serviceById(serviceId)?.title ?? String(serviceId));

/** GET /services/{serviceId}/days: places left each day (0 = full). */
export interface DayPlaces {
  day: string;
  left: number;
  /** The clinic is closed that day: why. left is 0 then. */
  closed?: string;
}

/** A booking or a move onto a day the clinic is closed: 409. */
export const closedDayMessage = (day: string, reason: string) =>
  `The clinic is closed on ${day} (${reason}). Please choose another day.`;

/** GET /staff/services/capacity: one row per home or community service. */
export interface ServiceCapacity {
  serviceId: number;
  service: string;
  perDay: number;
}

export const MAX_DAILY_CAPACITY = 500;

/** PUT /staff/services/{serviceId}/capacity (0 closes the service for booking). */
export const capacitySchema = object({
  perDay: number()
    .label('Places a day')
    .typeError('Places a day must be a whole number.')
    .required('Places a day is required.')
    .integer('Places a day must be a whole number.')
    .min(0, 'Places a day must be 0 or more.')
    .max(MAX_DAILY_CAPACITY, `Places a day must be at most ${MAX_DAILY_CAPACITY}.`),
});

export const fullDayMessage = (service: string) => `That day is fully booked for ${service}. Please choose another day.`;

// --- rescheduling ---

/** One move of an appointment, kept on the record (appointment.reschedules). */
export interface RescheduleEntry {
  fromDay: string;
  fromTime: string | null;
  toDay: string;
  toTime: string | null;
  /** ISO 8601. */
  at: string;
  by: 'patient' | 'clinic';
}

/** POST /appointments/{id}/reschedule and /staff/appointments/{id}/reschedule. */
/** The same day rules as booking (real, today or later, within MAX_BOOKING_DAYS_AHEAD). */
export const rescheduleSchema = object({
  requestedDay: bookableDay('Preferred Date'),
  requestedTime: clockTime('Preferred Time'),
});

export type RescheduleRequest = InferType<typeof rescheduleSchema>;

export { RESCHEDULABLE_STATES };

export const RESCHEDULE_TOO_LATE =
  `An appointment can be rescheduled online only at least ${FREE_CANCELLATION_HOURS} hours before it. ` +
  'Please call us to change it.';
export const RESCHEDULE_LIMIT_REACHED = `An appointment can be rescheduled at most ${RESCHEDULE_LIMIT} times. Please call us to change it.`;
export const notReschedulable = (state: string) =>
  `This appointment is ${state}, so it cannot be rescheduled: only a Pending or Accepted appointment can be moved.`;

/** Whether the patient may move this appointment now, and if not which rule says no (server and dashboard alike). */
export function reschedulingTerms(
  a: { appointmentStatus: string; requestedDay: string; requestedTime: string | null; rescheduleCount?: number },
  now: Date = new Date(),
): { allowed: true } | { allowed: false; reason: string } {
  if (!RESCHEDULABLE_STATES.includes(a.appointmentStatus))
    return { allowed: false, reason: notReschedulable(a.appointmentStatus) };
  if (appointmentStartsAt(a).getTime() - now.getTime() < FREE_CANCELLATION_HOURS * 3_600_000)
    return { allowed: false, reason: RESCHEDULE_TOO_LATE };
  if ((a.rescheduleCount ?? 0) >= RESCHEDULE_LIMIT) return { allowed: false, reason: RESCHEDULE_LIMIT_REACHED };
  return { allowed: true };
}
