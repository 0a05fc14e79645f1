/**
 * The schedule screen's pure parts: an empty week, time off as whole days or hours, and the
 * schema's field paths ('weekly.mon[0].from', 'timeOff[2]') written as staff read them.
 */
import { WEEKDAYS, WEEKDAY_NAMES, type DoctorSchedule, type TimeOff, type Weekday } from '@api/scheduling';
import { addDays } from '@/features/staff/days';

export { WEEKDAY_NAMES };

/** A doctor without a schedule: every day off, half-hour slots, until someone sets their hours. */
export const emptySchedule = (): DoctorSchedule => ({
  weekly: Object.fromEntries(WEEKDAYS.map((d) => [d, []])) as unknown as DoctorSchedule['weekly'],
  slotMinutes: 30,
  timeOff: [],
});

/** The hours a new range of a day starts with: mornings first, then afternoons. */
export const nextRange = (ranges: { from: string; to: string }[]) =>
  ranges.length === 0 ? { from: '09:00', to: '12:00' } : { from: '14:00', to: '17:00' };

const MIDNIGHT = 'T00:00';

/** Time off from midnight to midnight is whole days (the schema's 'to' is the next day's 00:00). */
export const isWholeDays = (off: TimeOff) => off.from.endsWith(MIDNIGHT) && off.to.endsWith(MIDNIGHT);

/** The first and last day of whole-day time off, both included. */
export const wholeDaysOf = (off: TimeOff) => ({ first: off.from.slice(0, 10), last: addDays(off.to.slice(0, 10), -1) });
export const wholeDays = (first: string, last: string): TimeOff => ({
  from: `${first}${MIDNIGHT}`,
  to: `${addDays(last, 1)}${MIDNIGHT}`,
});

/** Switches one time off between whole days and hours, keeping its first day. */
export function toggleWholeDays(off: TimeOff): TimeOff {
  const first = off.from.slice(0, 10);
  if (isWholeDays(off)) return { from: `${first}T09:00`, to: `${first}T17:00` };
  const last = off.to.slice(0, 10) || first;
  return wholeDays(first, last < first ? first : last);
}

/** A schema or server message with its field path written as staff read it. */
export function readable(message: string): string {
  return message
    .replace(
      /weekly\.(mon|tue|wed|thu|fri|sat|sun)\[(\d+)\](?:\.(from|to))?/g,
      (_, day: Weekday, i: string, end?: string) =>
        `${WEEKDAY_NAMES[day]}, hours ${Number(i) + 1}${end ? ` (${end === 'from' ? 'From' : 'To'})` : ''}`,
    )
    .replace(/weekly\.(mon|tue|wed|thu|fri|sat|sun)/g, (_, day: Weekday) => WEEKDAY_NAMES[day])
    .replace(
      /timeOff\[(\d+)\](?:\.(from|to))?/g,
      (_, i: string, end?: string) => `Time off ${Number(i) + 1}${end ? ` (${end === 'from' ? 'From' : 'To'})` : ''}`,
    )
    .replace(/\bslotMinutes\b/g, 'Slot length');
}

/**
 * Which part of the screen a server message is about: a weekday, 'slotMinutes', 'timeOff[i]', or
 * the form. The API names them in words (api/scheduling.ts scheduleWords): 'Monday, hours 1', 'Time off 2'.
 */
export function fieldOfMessage(message: string): string {
  const day = WEEKDAYS.find((d) => message.startsWith(WEEKDAY_NAMES[d]));
  if (day) return `weekly.${day}`;
  if (/^Slot length\b/.test(message)) return 'slotMinutes';
  const off = /^Time off (\d+)\b/.exec(message);
  if (off) return `timeOff[${Number(off[1]) - 1}]`;
  return 'form';
}

/** Every message under a Formik errors branch (a string, or arrays and objects of them). */
export function messagesIn(errors: unknown): string[] {
  if (!errors) return [];
  if (typeof errors === 'string') return [errors];
  if (typeof errors === 'object') return Object.values(errors as object).flatMap(messagesIn);
  return [];
}
