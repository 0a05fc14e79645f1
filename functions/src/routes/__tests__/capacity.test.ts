import { randomUUID } from 'node:crypto';
import request from 'supertest';
import { createApp } from '../../app';
import { DEFAULT_DAILY_CAPACITY } from '../../api/policy';
import { seedCatalog } from '../../seed/seed';
import { COLLECTIONS } from '../../store/collections';
import { db } from '../../store/firebase';
import { createStaffUser, createTestUser, type TestUser } from '../../test-support/auth';
import { bookingBase } from '../../test-support/booking';
import { auditOf } from '../../test-support/staff';
import { bearer, dayPlus } from '../../test-support/scheduling';

const app = createApp();

let admin: TestUser;
let staff: TestUser;

beforeAll(async () => {
  await seedCatalog(db());
  [admin, staff] = await Promise.all([createStaffUser('admin'), createStaffUser('staff')]);
});

/** Physiotherapy at Home (service 4): booked by day, DEFAULT_DAILY_CAPACITY places a day as seeded. */
const PHYSIO = 4;
const FULL_MSG = 'That day is fully booked for Physiotherapy at Home. Please choose another day.';

const dayDoc = (day: string) => db().collection(COLLECTIONS.capacityDays).doc(`${PHYSIO}_${day}`);
const holdersOf = async (day: string) => ((await dayDoc(day).get()).get('appointmentIds') as string[] | undefined) ?? [];

// Days 340-365 ahead: past the days other files book on (freshDay and freshSlot: 2-301, where
// bookingBase books this service; closures.test closes days from 310 on, a few a run), so a
// day this file fills never turns another file's booking away (it did at 100-257: a 409 in
// appointments.test, 28 Nov 2026).
let nextDay = 340 + Math.floor(Math.random() * 15);

/** A far day no other test books, with all but `left` of its places already held (by bookings made before this test). */
async function dayWithPlacesLeft(left: number): Promise<string> {
  const day = dayPlus(nextDay++);
  const held = Array.from({ length: DEFAULT_DAILY_CAPACITY - left }, () => `earlier-${randomUUID()}`);
  await dayDoc(day).set({ serviceId: PHYSIO, day, appointmentIds: held });
  return day;
}

const book = (user: TestUser, day: string) =>
  request(app)
    .post('/api/appointments')
    .set(bearer(user))
    .send(bookingBase({ requestedServiceId: PHYSIO, requestedDay: day }));
const daysOf = (serviceId: number, from: string, to: string) =>
  request(app).get(`/api/services/${serviceId}/days?from=${from}&to=${to}`);

describe('daily capacity of home and community services', () => {
  it('when the last place is booked, then the next booking is 409 with the service named, nothing stored, and the day shows 0 left', async () => {
    const day = await dayWithPlacesLeft(1);
    const [first, second] = await Promise.all([createTestUser(), createTestUser()]);
    const before = await daysOf(PHYSIO, day, day);
    expect(before.body.data).toEqual([{ day, left: 1 }]);
    const ok = await book(first, day);
    expect(ok.status).toBe(201);
    const full = await book(second, day);
    expect(full.status).toBe(409);
    expect(full.body.msg).toBe(FULL_MSG);
    const stored = await db().collection(COLLECTIONS.appointments).where('patientId', '==', second.uid).get();
    expect(stored.size).toBe(0);
    const after = await daysOf(PHYSIO, day, day);
    expect(after.status).toBe(200);
    expect(after.headers['cache-control']).toBe('public, max-age=30, s-maxage=30');
    expect(after.body.data).toEqual([{ day, left: 0 }]);
  });

  it('when four patients book the last place at once, then exactly one gets it (others 409 or 503, never 500)', async () => {
    const day = await dayWithPlacesLeft(1);
    const users = await Promise.all(Array.from({ length: 4 }, () => createTestUser()));
    const results = await Promise.all(users.map((u) => book(u, day)));
    const statuses = results.map((r) => r.status);
    expect(statuses.filter((s) => s === 201)).toHaveLength(1);
    expect(statuses.every((s) => s === 201 || s === 409 || s === 503)).toBe(true);
    expect(await holdersOf(day)).toHaveLength(DEFAULT_DAILY_CAPACITY);
    // Only these four's bookings: another file's test may book the same far day (the emulator is shared).
    const stored = await db()
      .collection(COLLECTIONS.appointments)
      .where(
        'patientId',
        'in',
        users.map((u) => u.uid),
      )
      .get();
    expect(stored.docs.filter((d) => d.get('requestedDay') === day && d.get('requestedServiceId') === PHYSIO)).toHaveLength(1);
  });

  it('when a booking of a full day is cancelled by the patient or the clinic, then its place is free again', async () => {
    const day = await dayWithPlacesLeft(2);
    const [a, b] = [await createTestUser(), await createTestUser()];
    const first = (await book(a, day)).body.data as { appointmentId: string };
    const second = (await book(b, day)).body.data as { appointmentId: string };
    expect((await daysOf(PHYSIO, day, day)).body.data[0].left).toBe(0);
    const cancelled = await request(app)
      .post('/api/appointments/cancel')
      .set(bearer(a))
      .send({ appointmentId: first.appointmentId });
    expect(cancelled.status).toBe(200);
    expect((await daysOf(PHYSIO, day, day)).body.data[0].left).toBe(1);
    const declined = await request(app)
      .post(`/api/staff/appointments/${second.appointmentId}/decline`)
      .set(bearer(staff))
      .send({ reason: 'No physiotherapist free that day' });
    expect(declined.status).toBe(200);
    expect((await daysOf(PHYSIO, day, day)).body.data[0].left).toBe(2);
    expect(await holdersOf(day)).not.toContain(first.appointmentId);
  });

  it('when the patient moves a home visit to another day, then the old day frees and the new one is taken in the same change; a full day is refused', async () => {
    const from = await dayWithPlacesLeft(1);
    const full = await dayWithPlacesLeft(0);
    const to = await dayWithPlacesLeft(3);
    const user = await createTestUser();
    const booked = (await book(user, from)).body.data as { appointmentId: string };
    const move = (day: string) =>
      request(app).post(`/api/appointments/${booked.appointmentId}/reschedule`).set(bearer(user)).send({ requestedDay: day });
    const refused = await move(full);
    expect([refused.status, refused.body.msg]).toEqual([409, FULL_MSG]);
    expect(await holdersOf(from)).toContain(booked.appointmentId);
    const moved = await move(to);
    expect(moved.status).toBe(200);
    expect(moved.body.data).toMatchObject({ requestedDay: to, requestedTime: null, rescheduleCount: 1 });
    expect(await holdersOf(from)).not.toContain(booked.appointmentId);
    expect(await holdersOf(to)).toContain(booked.appointmentId);
    expect((await daysOf(PHYSIO, from, from)).body.data[0].left).toBe(1);
    expect((await daysOf(PHYSIO, to, to)).body.data[0].left).toBe(2);
  });

  it('when dietary management is a home visit, then it takes a place of dietary management; a VIRTUAL one takes none', async () => {
    const day = dayPlus(100 + Math.floor(Math.random() * 200));
    const user = await createTestUser();
    const dietary = (mode: string, extra: object = {}) =>
      request(app)
        .post('/api/appointments')
        .set(bearer(user))
        .send(bookingBase({ requestedServiceId: 5, requestedServiceOption: mode, requestedDay: day, ...extra }));
    const home = await dietary('HOME_VISIT');
    const online = await dietary('VIRTUAL', { requestedTime: '10:00' });
    expect([home.status, online.status]).toEqual([201, 201]);
    // Other suites may book dietary visits on a far day too: only these two bookings are looked at.
    const holders = (await db().collection(COLLECTIONS.capacityDays).doc(`5_${day}`).get()).get('appointmentIds');
    expect(holders).toContain(home.body.data.appointmentId);
    expect(holders).not.toContain(online.body.data.appointmentId);
  });
});

describe('GET /services/{serviceId}/days', () => {
  it('when a range is asked for, then every day with its places left; more than 31 days 400; a service booked by time 404', async () => {
    const from = dayPlus(2);
    const res = await daysOf(3, from, dayPlus(8));
    expect(res.status).toBe(200);
    expect(res.body.data).toHaveLength(7);
    expect(res.body.data[0]).toEqual({ day: from, left: expect.any(Number) });
    expect((await daysOf(3, from, dayPlus(40))).status).toBe(400);
    expect((await daysOf(3, 'soon', dayPlus(4))).body.msg).toMatch(/^From must be a date/);
    const virtual = await daysOf(1, from, from);
    expect(virtual.status).toBe(404);
    expect(virtual.body.msg).toMatch(/booked by time/);
    expect((await daysOf(42, from, from)).status).toBe(404);
  });
});

describe('/staff/services/capacity', () => {
  it('when an admin lists and sets places a day, then the change is stored, audited and the days follow it', async () => {
    const list = await request(app).get('/api/staff/services/capacity').set(bearer(staff));
    expect(list.status).toBe(200);
    expect(list.body.data.map((c: { serviceId: number }) => c.serviceId)).toEqual([2, 3, 4, 5, 6, 7, 8, 9]);
    expect(list.body.data).toContainEqual({ serviceId: 9, service: 'Agric Health', perDay: expect.any(Number) });
    const set = await request(app).put('/api/staff/services/9/capacity').set(bearer(admin)).send({ perDay: 12 });
    expect(set.status).toBe(200);
    expect(set.body.data).toEqual({ serviceId: 9, service: 'Agric Health', perDay: 12 });
    // Past the days other tests book on (freshDay: 2-301 days ahead; appointments.test books
    // this service) and those closures.test closes (from 310 on: a closed day has 0 places left).
    const day = dayPlus(340 + Math.floor(Math.random() * 26));
    expect((await daysOf(9, day, day)).body.data).toEqual([{ day, left: 12 }]);
    expect(await auditOf('serviceCapacity/9')).toContainEqual(
      expect.objectContaining({ action: 'capacity.update', actorUid: admin.uid }),
    );
    // Back to the seeded number, for any other test that books Agric Health.
    await request(app).put('/api/staff/services/9/capacity').set(bearer(admin)).send({ perDay: DEFAULT_DAILY_CAPACITY });
  });

  it('when the body or the service is wrong, then 400 or 404 and nothing changes; staff may not set it', async () => {
    for (const perDay of [-1, 2.5, 'many', undefined]) {
      const res = await request(app).put('/api/staff/services/3/capacity').set(bearer(admin)).send({ perDay });
      expect([perDay, res.status]).toEqual([perDay, 400]);
      expect(res.body.msg).toMatch(/Places a day/);
    }
    expect((await request(app).put('/api/staff/services/1/capacity').set(bearer(admin)).send({ perDay: 3 })).status).toBe(404);
    expect((await request(app).put('/api/staff/services/3/capacity').set(bearer(staff)).send({ perDay: 3 })).status).toBe(403);
    const list = await request(app).get('/api/staff/services/capacity').set(bearer(admin));
    expect(list.body.data).toContainEqual({ serviceId: 3, service: 'Nursing Home Care', perDay: DEFAULT_DAILY_CAPACITY });
  });
});
