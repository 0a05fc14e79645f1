/**
 * Booking against real availability: the booking form's free-days calendar and free-times
 * buttons (each button's value is its day or time), and free slots read from the public API
 * for bookings made without the page.
 */
import type { Locator } from 'playwright-core';
import { SITE_URL } from './browser';

const DAY_MS = 86_400_000;
const dayAhead = (n: number) => new Date(Date.now() + n * DAY_MS).toISOString().slice(0, 10);
const pickOne = <T>(items: T[]): T => items[Math.floor(Math.random() * items.length)];

/** The calendar of the form (or dialog) `within`. */
export const dayPicker = (within: Locator) => within.getByRole('radiogroup', { name: /^Preferred Date/ });
export const timePicker = (within: Locator) => within.getByRole('radiogroup', { name: /^Preferred Time/ });
const freeChoices = (group: Locator) => group.locator('[role="radio"]:not([aria-disabled="true"])');

/**
 * The days the calendar offers, at least `minDaysAhead` from today (so the 12-hour rules of
 * cancelling and rescheduling leave them free), skipping `except`.
 */
export async function freeDays(within: Locator, minDaysAhead = 3, except: string[] = []): Promise<string[]> {
  const group = dayPicker(within);
  await group.waitFor();
  const values = await freeChoices(group).evaluateAll((buttons) => buttons.map((b) => (b as HTMLButtonElement).value));
  const earliest = dayAhead(minDaysAhead);
  return values.filter((day) => day >= earliest && !except.includes(day));
}

/** Clicks a random free day of the calendar (see freeDays) and returns it. */
export async function pickFreeDay(within: Locator, minDaysAhead = 3, except: string[] = []): Promise<string> {
  const days = await freeDays(within, minDaysAhead, except);
  if (!days.length) throw new Error('The calendar offers no free day far enough ahead');
  const day = pickOne(days);
  await dayPicker(within).locator(`[role="radio"][value="${day}"]`).click();
  return day;
}

/** The free times the chosen day shows. */
export async function freeTimes(within: Locator): Promise<string[]> {
  const group = timePicker(within);
  await group.waitFor();
  return freeChoices(group).evaluateAll((buttons) => buttons.map((b) => (b as HTMLButtonElement).value));
}

/** Clicks a random free day, then a random free time of it; returns both. */
export async function pickFreeSlot(
  within: Locator,
  minDaysAhead = 3,
  except: string[] = [],
): Promise<{ day: string; time: string }> {
  const day = await pickFreeDay(within, minDaysAhead, except);
  const time = pickOne(await freeTimes(within));
  await timePicker(within).locator(`[role="radio"][value="${time}"]`).click();
  return { day, time };
}

interface DaySlots {
  day: string;
  times: string[];
}

/** GET /api/doctors/{doctorId}/slots for `days` days from `from`: the free times the public sees now. */
export async function publicSlots(doctorId: string, from: string, days = 31): Promise<DaySlots[]> {
  const to = new Date(Date.parse(`${from}T00:00:00Z`) + (days - 1) * DAY_MS).toISOString().slice(0, 10);
  const res = await fetch(`${SITE_URL}/api/doctors/${doctorId}/slots?from=${from}&to=${to}`);
  const envelope = (await res.json()) as { msg: string; data: DaySlots[] };
  if (!res.ok) throw new Error(`slots of ${doctorId} answered ${res.status}: ${envelope.msg}`);
  return envelope.data;
}

/**
 * A free slot of the doctor somewhere `fromDaysAhead` to `fromDaysAhead + 30` days ahead, as
 * the API lists it, for bookings made without the page (random, so parallel files rarely meet).
 */
export async function freeSlotOf(doctorId: string, fromDaysAhead = 3 + Math.floor(Math.random() * 150)) {
  const open = (await publicSlots(doctorId, dayAhead(fromDaysAhead))).filter((d) => d.times.length);
  if (!open.length) throw new Error(`${doctorId} has no free slot from ${dayAhead(fromDaysAhead)}`);
  const { day, times } = pickOne(open);
  return { day, time: pickOne(times) };
}
