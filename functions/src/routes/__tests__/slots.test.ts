import request from 'supertest';
import { createApp } from '../../app';
import { MIN_BOOKING_NOTICE_HOURS } from '../../api/policy';
import { SLOT_TAKEN, type DoctorSchedule } from '../../api/scheduling';
import { seedCatalog } from '../../seed/seed';
import { SEEDED_SCHEDULE } from '../../seed/schedules';
import { COLLECTIONS } from '../../store/collections';
import { db } from '../../store/firebase';
import { createStaffUser, createTestUser, type TestUser } from '../../test-support/auth';
import { auditOf } from '../../test-support/staff';
import { ALL_DAY, bearer, consultation, dayPlus, freeTimesOf, slotAtOrAfter, testDoctor } from '../../test-support/scheduling';

const app = createApp();

let admin: TestUser;
let staff: TestUser;
let patient: TestUser;

beforeAll(async () => {
  await seedCatalog(db());
  [admin, staff, patient] = await Promise.all([createStaffUser('admin'), createStaffUser('staff'), createTestUser()]);
});

const slots = (doctorId: string, from: string, to: string) =>
  request(app).get(`/api/doctors/${doctorId}/slots?from=${from}&to=${to}`);
const putSchedule = (user: TestUser, doctorId: string, body: unknown) =>
  request(app)
    .put(`/api/staff/doctors/${doctorId}/schedule`)
    .set(bearer(user))
    .send(body as object);
const getSchedule = (user: TestUser, doctorId: string) =>
  request(app).get(`/api/staff/doctors/${doctorId}/schedule`).set(bearer(user));

/** Every 30-minute start of a day from 00:00 to 23:00 (the ALL_DAY schedule's grid). */
const allDayGrid = Array.from({ length: 47 }, (_, i) => `${String(Math.floor(i / 2)).padStart(2, '0')}:${i % 2 ? '30' : '00'}`);

/** A Monday some weeks ahead (the seeded weekly hours differ by weekday). */
function mondayAhead(weeks: number): string {
  const d = new Date(`${dayPlus(weeks * 7)}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() + ((8 - d.getUTCDay()) % 7));
  return d.toISOString().slice(0, 10);
}

describe('GET /doctors/{doctorId}/slots', () => {
  it("when a seeded doctor's far Monday and Sunday are asked for, then the seeded hours in 30-minute slots, none on Sunday, and a short public cache", async () => {
    const monday = mondayAhead(5);
    const sunday = new Date(Date.parse(`${monday}T00:00:00Z`) - 86_400_000).toISOString().slice(0, 10);
    const res = await slots('dr-tetteh', sunday, monday);
    expect(res.status).toBe(200);
    expect(res.headers['cache-control']).toBe('public, max-age=30, s-maxage=30');
    expect(res.body.data[0]).toEqual({ day: sunday, times: [] });
    expect(res.body.data[1].day).toBe(monday);
    expect(res.body.data[1].times).toEqual([
      ...['09:00', '09:30', '10:00', '10:30', '11:00', '11:30'],
      ...['14:00', '14:30', '15:00', '15:30', '16:00', '16:30'],
    ]);
    expect(SEEDED_SCHEDULE.slotMinutes).toBe(30);
  });

  it('when today and tomorrow are asked for, then no slot in the past or within the minimum notice', async () => {
    const doctorId = await testDoctor(app, admin);
    const before = Date.now();
    const res = await slots(doctorId, dayPlus(0), dayPlus(1));
    const after = Date.now();
    expect(res.status).toBe(200);
    const offered = (res.body.data as { day: string; times: string[] }[]).flatMap((d) => d.times.map((t) => `${d.day}T${t}`));
    const expected = (cutoff: number) =>
      [dayPlus(0), dayPlus(1)].flatMap((day) =>
        allDayGrid
          .map((t) => `${day}T${t}`)
          .filter((s) => Date.parse(`${s}:00Z`) >= cutoff + MIN_BOOKING_NOTICE_HOURS * 3_600_000),
      );
    expect([expected(before), expected(after)]).toContainEqual(offered);
    expect(offered.length).toBeGreaterThan(0);
  });

  it('when the doctor has time off, then its slots are not offered; a whole day off offers none', async () => {
    const day = dayPlus(40);
    const next = dayPlus(41);
    const schedule: DoctorSchedule = {
      ...ALL_DAY,
      timeOff: [
        { from: `${day}T10:00`, to: `${day}T11:15` },
        { from: `${next}T00:00`, to: `${dayPlus(42)}T00:00` },
      ],
    };
    const doctorId = await testDoctor(app, admin, schedule);
    const times = await freeTimesOf(app, doctorId, day);
    expect(times).toEqual(expect.arrayContaining(['09:30', '11:30']));
    for (const off of ['10:00', '10:30', '11:00']) expect(times).not.toContain(off);
    expect(await freeTimesOf(app, doctorId, next)).toEqual([]);
  });

  it('when a slot is booked, then it is no longer offered; the others are', async () => {
    const doctorId = await testDoctor(app, admin);
    const day = dayPlus(20);
    const booked = await request(app)
      .post('/api/appointments')
      .set(bearer(patient))
      .send(consultation(doctorId, { day, time: '10:30' }));
    expect(booked.status).toBe(201);
    const times = await freeTimesOf(app, doctorId, day);
    expect(times).not.toContain('10:30');
    expect(times).toEqual(expect.arrayContaining(['10:00', '11:00']));
  });

  it('when more than 31 days are asked for, then 400 naming from and to; 31 days are fine', async () => {
    const from = dayPlus(3);
    expect((await slots('dr-boateng', from, dayPlus(33))).status).toBe(200);
    const res = await slots('dr-boateng', from, dayPlus(34));
    expect(res.status).toBe(400);
    expect(res.body.msg).toBe(`from ${from} to ${dayPlus(34)} is 32 days: ask for at most 31 days at a time.`);
  });

  it.each([
    ['from=2026-02-30&to=2026-03-02', /^From must be a date written yyyy-MM-dd\.$/],
    ['from=2030-01-01', /To is required/],
    ['from=tomorrow&to=2030-01-01', /From must be a date/],
    ['from=2030-01-05&to=2030-01-01', /To \(2030-01-01\) must not be before From \(2030-01-05\)/],
  ])('when the query is %s, then 400 naming the field', async (query, msg) => {
    const res = await request(app).get(`/api/doctors/dr-boateng/slots?${query}`);
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({ statusCode: 400 });
    expect(res.body.msg).toMatch(msg);
  });

  it('when the doctor is unknown, then 404', async () => {
    const res = await slots('dr-nobody', dayPlus(3), dayPlus(4));
    expect(res.status).toBe(404);
    expect(res.body.msg).toBe('We could not find that doctor.');
  });
});

describe('booking a doctor only at a free slot', () => {
  const storedOf = async (uid: string) =>
    (await db().collection(COLLECTIONS.appointments).where('patientId', '==', uid).get()).docs.map((d) => d.data());

  it('when the time is off the grid, outside the hours, on a day off or within the notice, then 409 with the spec message and nothing stored', async () => {
    const doctorId = await testDoctor(app, admin, { ...ALL_DAY, weekly: { ...ALL_DAY.weekly, sun: [] } });
    const user = await createTestUser();
    const monday = mondayAhead(6);
    const sunday = new Date(Date.parse(`${monday}T00:00:00Z`) - 86_400_000).toISOString().slice(0, 10);
    const soon = slotAtOrAfter(Date.now() + 30 * 60_000);
    const soonIsSunday = new Date(`${soon.day}T00:00:00Z`).getUTCDay() === 0;
    const refused = [{ day: monday, time: '09:10' }, { day: sunday, time: '10:00' }, ...(soonIsSunday ? [] : [soon])];
    for (const slot of refused) {
      const res = await request(app).post('/api/appointments').set(bearer(user)).send(consultation(doctorId, slot));
      expect([slot, res.status, res.body.msg]).toEqual([slot, 409, SLOT_TAKEN]);
    }
    const seeded = await request(app)
      .post('/api/appointments')
      .set(bearer(user))
      .send(consultation('dr-boateng', { day: monday, time: '03:00' }));
    expect([seeded.status, seeded.body.msg]).toEqual([409, SLOT_TAKEN]);
    expect(await storedOf(user.uid)).toEqual([]);
    const slotDocs = await db().collection(COLLECTIONS.appointmentSlots).where('patientId', '==', user.uid).get();
    expect(slotDocs.size).toBe(0);
  });
});

describe('PUT and GET /staff/doctors/{doctorId}/schedule', () => {
  let doctorId: string;
  let ownDoctor: TestUser;
  let otherDoctor: TestUser;

  beforeAll(async () => {
    doctorId = await testDoctor(app, admin);
    [ownDoctor, otherDoctor] = await Promise.all([createStaffUser('doctor', doctorId), createStaffUser('doctor', 'dr-owusu')]);
  });

  const weekdays: DoctorSchedule = {
    ...SEEDED_SCHEDULE,
    weekly: { ...SEEDED_SCHEDULE.weekly, sat: [] },
    slotMinutes: 20,
    timeOff: [{ from: `${dayPlus(50)}T00:00`, to: `${dayPlus(51)}T00:00` }],
  };

  it('when an admin sets it, then GET answers it, the slots follow it and the change is audited', async () => {
    const res = await putSchedule(admin, doctorId, weekdays);
    expect(res.status).toBe(200);
    expect(res.body.data.schedule).toEqual(weekdays);
    const read = await getSchedule(staff, doctorId);
    expect(read.status).toBe(200);
    expect(read.body.data).toMatchObject({ doctorId, schedule: weekdays });
    const monday = mondayAhead(4);
    expect((await freeTimesOf(app, doctorId, monday)).slice(0, 4)).toEqual(['09:00', '09:20', '09:40', '10:00']);
    expect(await auditOf(`doctorSchedules/${doctorId}`)).toContainEqual(
      expect.objectContaining({ action: 'schedule.update', actorUid: admin.uid, actorRole: 'admin' }),
    );
  });

  it('when the doctor sets their own, then 200; another doctor 403; staff and patients 403', async () => {
    expect((await putSchedule(ownDoctor, doctorId, ALL_DAY)).status).toBe(200);
    expect((await getSchedule(ownDoctor, doctorId)).body.data.schedule).toEqual(ALL_DAY);
    const other = await putSchedule(otherDoctor, doctorId, weekdays);
    expect(other.status).toBe(403);
    expect(other.body.msg).toBe("This is another doctor's schedule.");
    expect((await getSchedule(otherDoctor, doctorId)).status).toBe(403);
    expect((await putSchedule(staff, doctorId, weekdays)).status).toBe(403);
    expect((await putSchedule(patient, doctorId, weekdays)).status).toBe(403);
    expect((await getSchedule(patient, doctorId)).status).toBe(403);
    expect((await getSchedule(admin, doctorId)).body.data.schedule).toEqual(ALL_DAY);
  });

  it.each([
    [
      'a range ending before it starts',
      { weekly: { mon: [{ from: '12:00', to: '09:00' }] } },
      /^Monday, hours 1: from must be before to\.$/,
    ],
    [
      'overlapping ranges',
      {
        weekly: {
          tue: [
            { from: '09:00', to: '12:00' },
            { from: '11:00', to: '13:00' },
          ],
        },
      },
      /^Tuesday: 11:00-13:00 overlaps 09:00-12:00\.$/,
    ],
    [
      'a time not written HH:mm',
      { weekly: { wed: [{ from: '9am', to: '12:00' }] } },
      /Wednesday, hours 1 \(From\) must be a time written HH:mm/,
    ],
    ['an odd slot length', { slotMinutes: 7 }, /^Slot length must be one of 10, 15, 20, 30, 45, 60, 90, 120 minutes\.$/],
    [
      'a range shorter than a slot',
      { weekly: { thu: [{ from: '09:00', to: '09:15' }] } },
      /Thursday, hours 1: 09:00-09:15 is shorter than one slot/,
    ],
    [
      'time off backwards',
      { timeOff: [{ from: '2030-01-02T00:00', to: '2030-01-01T00:00' }] },
      /^Time off 1: from must be before to\.$/,
    ],
    [
      'time off not a date',
      { timeOff: [{ from: '2030-02-30T00:00', to: '2030-03-01T00:00' }] },
      /Time off 1 \(From\) must be written YYYY-MM-DDTHH:mm/,
    ],
  ] as [string, Partial<DoctorSchedule>, RegExp][])(
    'when the body has %s, then 400 naming the field and nothing changes',
    async (_what, change, msg) => {
      const before = (await getSchedule(admin, doctorId)).body.data.schedule;
      const res = await putSchedule(admin, doctorId, {
        ...ALL_DAY,
        ...change,
        weekly: { ...ALL_DAY.weekly, ...(change.weekly ?? {}) },
      });
      expect(res.status).toBe(400);
      expect(res.body.msg).toMatch(msg);
      expect((await getSchedule(admin, doctorId)).body.data.schedule).toEqual(before);
    },
  );

  it('when the doctor is unknown, then 404', async () => {
    expect((await putSchedule(admin, 'dr-nobody', ALL_DAY)).status).toBe(404);
    expect((await getSchedule(admin, 'dr-nobody')).status).toBe(404);
  });
});
