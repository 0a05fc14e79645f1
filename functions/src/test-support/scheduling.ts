import { randomUUID } from 'node:crypto';
import request from 'supertest';
import type { Express } from 'express';
import { WEEKDAYS, type DoctorSchedule } from '../api/scheduling';
import { COLLECTIONS } from '../store/collections';
import { db } from '../store/firebase';
import type { TestUser } from './auth';
import { bookingBase } from './booking';

/** Open around the clock, 30-minute slots: tests about the notice and the 12-hour rule work at any hour. */
export const ALL_DAY: DoctorSchedule = {
  weekly: Object.fromEntries(WEEKDAYS.map((d) => [d, [{ from: '00:00', to: '23:59' }]])) as DoctorSchedule['weekly'],
  slotMinutes: 30,
  timeOff: [],
};

const DAY_MS = 86_400_000;
export const dayPlus = (days: number, from = Date.now()) => new Date(from + days * DAY_MS).toISOString().slice(0, 10);

const SLOT_MS = 1_800_000;
/**
 * The first slot of ALL_DAY (day and time, Ghana = UTC) starting at or after `ms`. ALL_DAY's
 * last slot starts at 23:00 (a slot must end by 23:59), so 23:30 moves on to midnight: without
 * that, a test run between 17:00 and 17:30 asking for "6 hours from now" got no slot (409).
 */
export function slotAtOrAfter(ms: number): { day: string; time: string } {
  let start = new Date(Math.ceil(ms / SLOT_MS) * SLOT_MS);
  if (start.toISOString().slice(11, 16) === '23:30') start = new Date(start.getTime() + SLOT_MS);
  const iso = start.toISOString();
  return { day: iso.slice(0, 10), time: iso.slice(11, 16) };
}

/** A doctor of its own for one test file (no other test books it), with its schedule set by an admin through the API. */
export async function testDoctor(app: Express, admin: TestUser, schedule: DoctorSchedule = ALL_DAY, fee = 100): Promise<string> {
  const doctorId = `dr-test-${randomUUID().slice(0, 8)}`;
  await db().collection(COLLECTIONS.doctors).doc(doctorId).create({
    doctorId,
    surname: 'Test',
    otherNames: 'Ama',
    specialty: 'General Practice',
    consultationFee: fee,
    doctorPicture: '',
  });
  const res = await request(app).put(`/api/staff/doctors/${doctorId}/schedule`).set(bearer(admin)).send(schedule);
  if (res.status !== 200) throw new Error(`schedule not set: ${res.status} ${res.body.msg}`);
  return doctorId;
}

export const bearer = (u: TestUser) => ({ Authorization: `Bearer ${u.idToken}` });

/** A virtual consultation with the doctor at that day and time: a POST /appointments body. */
export const consultation = (doctorId: string, slot: { day: string; time: string }) =>
  bookingBase({ requestedServiceId: 1, doctorId, requestedDay: slot.day, requestedTime: slot.time });

/** The free times of one day, as the public route answers. */
export async function freeTimesOf(app: Express, doctorId: string, day: string): Promise<string[]> {
  const res = await request(app).get(`/api/doctors/${doctorId}/slots?from=${day}&to=${day}`);
  if (res.status !== 200) throw new Error(`slots: ${res.status} ${res.body.msg}`);
  return res.body.data[0].times as string[];
}
