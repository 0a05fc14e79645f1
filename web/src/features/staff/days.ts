import { formatDate } from '@api/format';

/** Days as the console handles them: 'yyyy-MM-dd' in Africa/Accra, which is UTC all year. */

/** Today in Accra (as @api/booking-request's todayInGhana; not imported from there, which would pull the booking schema into the console's chunks). */
export const todayInGhana = (now = new Date()) => now.toISOString().slice(0, 10);

const DAY = /^\d{4}-\d{2}-\d{2}$/;
export const isDay = (value: string | null | undefined): value is string =>
  !!value && DAY.test(value) && !Number.isNaN(Date.parse(`${value}T00:00:00Z`));

/** The day `n` days after `day` (negative: before). */
export function addDays(day: string, n: number): string {
  const date = new Date(`${day}T00:00:00Z`);
  date.setUTCDate(date.getUTCDate() + n);
  return date.toISOString().slice(0, 10);
}

/** 'Thu 26 Nov 2026': a day as staff read it in the day view (the one date style, @api/format). */
export const longDay = (day: string) => formatDate(day);

/** '26 Nov': a chart's axis label. */
export const shortDay = (day: string) =>
  new Date(`${day}T00:00:00Z`).toLocaleDateString('en-GB', { timeZone: 'UTC', day: 'numeric', month: 'short' });

/** The Monday of the week `day` is in (weeks run Monday to Sunday). */
export function weekStart(day: string): string {
  const weekday = (new Date(`${day}T00:00:00Z`).getUTCDay() + 6) % 7;
  return addDays(day, -weekday);
}

/** The seven days of the week that starts on `monday`. */
export const weekOf = (monday: string) => Array.from({ length: 7 }, (_, i) => addDays(monday, i));
