import '../../test-support/payments';
import request from 'supertest';
import { createApp } from '../../app';
import { closedDayMessage } from '../../api/scheduling';
import { GHANA_HOLIDAYS, HOLIDAY_HORIZON_DAYS } from '../../seed/ghana-holidays';
import { seedHolidays } from '../../seed/holidays';
import { seedCatalog } from '../../seed/seed';
import { COLLECTIONS } from '../../store/collections';
import { db } from '../../store/firebase';
import { createStaffUser, createTestUser, type TestUser } from '../../test-support/auth';
import { bookingBase } from '../../test-support/booking';
import { ALL_DAY, bearer, consultation, dayPlus, freeTimesOf, slotAtOrAfter, testDoctor } from '../../test-support/scheduling';
import { eventually, freshPhone, setPatientContact, smsDocsOf } from '../../test-support/sms';
import { mailDocsOf } from '../../test-support/mail';
import { auditOf } from '../../test-support/staff';

/**
 * Closed days and time off over bookings (docs/front-desk.md): a closure removes a day's slots
 * and places; closing a day or taking time off over booked appointments lists them first and,
 * when confirmed, leaves them on the desk's rebooking list with their patients told.
 */
const app = createApp();

let admin: TestUser;
let staff: TestUser;
let doctorId: string;

beforeAll(async () => {
  await seedCatalog(db());
  [admin, staff] = await Promise.all([createStaffUser('admin'), createStaffUser('staff')]);
  doctorId = await testDoctor(app, admin, ALL_DAY, 150);
});

// Days from 310 ahead (a few a run; capacity.test's from 340): no other test file books there (theirs are 2-301 days ahead), so a closure here disturbs none;
// and one nothing is booked on yet (a stack kept between runs holds earlier runs' bookings).
let next = 310 + Math.floor(Math.random() * 20);
async function quietDay(): Promise<string> {
  for (;;) {
    const day = dayPlus(next++);
    const [booked, closed] = await Promise.all([
      db().collection(COLLECTIONS.appointments).where('requestedDay', '==', day).limit(1).get(),
      db().collection(COLLECTIONS.closures).doc(day).get(),
    ]);
    if (booked.empty && !closed.exists) return day;
  }
}

const as = (user: TestUser) => ({
  get: (path: string) => request(app).get(`/api${path}`).set(bearer(user)),
  post: (path: string, body: object = {}) => request(app).post(`/api${path}`).set(bearer(user)).send(body),
  put: (path: string, body: object = {}) => request(app).put(`/api${path}`).set(bearer(user)).send(body),
  del: (path: string) => request(app).delete(`/api${path}`).set(bearer(user)),
});
const appointment = async (id: string) => (await db().collection(COLLECTIONS.appointments).doc(id).get()).data()!;
const closureDoc = async (day: string) => (await db().collection(COLLECTIONS.closures).doc(day).get()).data();

/** A patient of their own (a phone no other test texts) who books through the site. */
async function patientWithPhone() {
  const user = await createTestUser();
  const phone = freshPhone();
  await setPatientContact(user.uid, { contactNumber: phone });
  return { user, phone };
}

describe('a closed day', () => {
  it('when an admin closes a day, then it has no slots or places, booking and moving onto it are refused; reopened, they are back', async () => {
    const day = await quietDay();
    expect((await freeTimesOf(app, doctorId, day)).length).toBeGreaterThan(0);
    const put = await as(admin).put(`/staff/closures/${day}`, { reason: 'Staff training' });
    expect(put.status).toBe(200);
    expect(put.body.data).toMatchObject({ day, reason: 'Staff training', source: 'clinic', updatedBy: admin.email });
    expect(await auditOf(`closures/${day}`)).toEqual([expect.objectContaining({ action: 'closure.set', actorUid: admin.uid })]);

    const slots = await request(app).get(`/api/doctors/${doctorId}/slots?from=${day}&to=${day}`);
    expect(slots.body.data).toEqual([{ day, times: [], closed: 'Staff training' }]);
    const places = await request(app).get(`/api/services/4/days?from=${day}&to=${day}`);
    expect(places.body.data).toEqual([{ day, left: 0, closed: 'Staff training' }]);

    const { user } = await patientWithPhone();
    const refused = await as(user).post('/appointments', consultation(doctorId, { day, time: '10:00' }));
    expect(refused.status).toBe(409);
    expect(refused.body.msg).toBe(closedDayMessage(day, 'Staff training'));
    const home = await as(user).post('/appointments', bookingBase({ requestedServiceId: 4, requestedDay: day }));
    expect(home.status).toBe(409);
    const desk = await as(staff).post('/staff/appointments', {
      patientId: user.uid,
      location: 'Osu',
      requestedServiceId: 4,
      requestedDay: day,
      address: { line: 'Osu' },
    });
    expect(desk.status).toBe(409);
    expect(await db().collection(COLLECTIONS.appointments).where('requestedDay', '==', day).get()).toHaveProperty('size', 0);

    // Moving an appointment onto it is refused too, by the clinic as well.
    const other = await quietDay();
    const booked = await as(user).post('/appointments', consultation(doctorId, { day: other, time: '10:00' }));
    expect(booked.status).toBe(201);
    const move = await as(staff).post(`/staff/appointments/${booked.body.data.appointmentId}/reschedule`, {
      requestedDay: day,
      requestedTime: '11:00',
    });
    expect(move.status).toBe(409);
    expect(move.body.msg).toBe(closedDayMessage(day, 'Staff training'));

    const listed = await as(staff).get(`/staff/closures?from=${day}&to=${day}`);
    expect(listed.body.data).toEqual([expect.objectContaining({ day, reason: 'Staff training' })]);
    expect((await as(admin).del(`/staff/closures/${day}`)).status).toBe(200);
    expect(await closureDoc(day)).toBeUndefined();
    expect(await freeTimesOf(app, doctorId, day)).toContain('10:00');
    expect((await as(admin).del(`/staff/closures/${day}`)).status).toBe(404);
  });

  it('when the day or reason is wrong, or staff (not admin) try, then 400 or 403 and nothing is saved', async () => {
    expect((await as(admin).put('/staff/closures/2027-02-30', { reason: 'x' })).body.msg).toBe(
      'day must be a date written yyyy-MM-dd.',
    );
    const day = await quietDay();
    expect((await as(admin).put(`/staff/closures/${day}`, {})).body.msg).toBe('Reason is required.');
    expect((await as(staff).put(`/staff/closures/${day}`, { reason: 'x' })).status).toBe(403);
    expect(await closureDoc(day)).toBeUndefined();
    expect((await as(staff).get('/staff/closures?from=2027-01-01&to=2029-01-01')).body.msg).toMatch(/at most 400 days/);
  });
});

describe('closing a day or taking time off over booked appointments', () => {
  it('when a day with bookings is closed, then 409 lists them and nothing is saved; confirmed, they are marked to rebook and the patients told', async () => {
    const day = await quietDay();
    const { user, phone } = await patientWithPhone();
    const booked = await as(user).post('/appointments', consultation(doctorId, { day, time: '09:00' }));
    expect(booked.status).toBe(201);
    const id = booked.body.data.appointmentId as string;
    // Paid at the desk, so the notice says the payment is kept or refunded.
    expect((await as(staff).post(`/staff/payments/${booked.body.data.clientReference}/record`, { method: 'cash' })).status).toBe(
      200,
    );

    const first = await as(admin).put(`/staff/closures/${day}`, { reason: 'Christmas Day' });
    expect(first.status).toBe(409);
    expect(first.body.msg).toMatch(/^1 booked appointment is on \d{4}-\d\d-\d\d\. Send confirm: true/);
    expect(first.body.data).toEqual({
      affected: [
        {
          appointmentId: id,
          patientName: 'Ama Mensah',
          requestedService: 'Virtual Consultation (Telemedicine)',
          requestedDay: day,
          requestedTime: '09:00',
          appointmentStatus: 'Pending',
          paid: true,
        },
      ],
    });
    expect(await closureDoc(day)).toBeUndefined();
    expect((await appointment(id)).needsRebooking).toBeUndefined();

    const confirmed = await as(admin).put(`/staff/closures/${day}`, { reason: 'Christmas Day', confirm: true });
    expect(confirmed.status).toBe(200);
    expect(await appointment(id)).toMatchObject({
      needsRebooking: true,
      needsRebookingReason: expect.stringMatching(/^the clinic is closed on .+ \(Christmas Day\)$/),
      appointmentStatus: 'Pending',
      paymentStatus: 'Paid',
    });
    const sms = await eventually(
      () => smsDocsOf(user.uid),
      (s) => s.some((m) => m.event === 'appointment.needs-rebooking'),
    );
    expect(sms.find((m) => m.event === 'appointment.needs-rebooking')).toMatchObject({
      to: phone,
      body: expect.stringContaining('We will call you to rebook. Your payment is kept for the new time or refunded in full'),
    });
    expect((await mailDocsOf(user.uid)).map((m) => m.message.subject)).toContain(
      'Your appointment needs a new time: Virtual Consultation (Telemedicine)',
    );
    // The closure's one entry names the patient and the appointment it sent to rebooking.
    expect(await auditOf(`closures/${day}`)).toEqual([
      expect.objectContaining({ action: 'closure.set', patientIds: [user.uid], recordIds: [id] }),
    ]);

    // On the desk's list until moved; the move clears it.
    const list = await as(staff).get('/staff/appointments?needsRebooking=true&limit=50');
    expect(list.body.data.items.map((a: { appointmentId: string }) => a.appointmentId)).toContain(id);
    const moved = await as(staff).post(`/staff/appointments/${id}/reschedule`, {
      requestedDay: await quietDay(),
      requestedTime: '09:00',
    });
    expect(moved.status).toBe(200);
    expect((await appointment(id)).needsRebooking).toBe(false);
    const after = await as(staff).get('/staff/appointments?needsRebooking=true&limit=50');
    expect(after.body.data.items.map((a: { appointmentId: string }) => a.appointmentId)).not.toContain(id);
  });

  it("when a doctor's time off covers a booking, then 409 lists it before saving; confirmed, it is marked, and a paid one cancelled is refunded in full", async () => {
    const day = await quietDay();
    const { user } = await patientWithPhone();
    const booked = await as(user).post('/appointments', consultation(doctorId, { day, time: '14:00' }));
    expect(booked.status).toBe(201);
    const id = booked.body.data.appointmentId as string;
    const outside = await as(user).post('/appointments', consultation(doctorId, { day, time: '08:00' }));
    expect(outside.status).toBe(201);
    expect((await as(staff).post(`/staff/payments/${booked.body.data.clientReference}/record`, { method: 'cash' })).status).toBe(
      200,
    );

    const timeOff = { ...ALL_DAY, timeOff: [{ from: `${day}T12:00`, to: `${day}T18:00` }] };
    const first = await as(admin).put(`/staff/doctors/${doctorId}/schedule`, timeOff);
    expect(first.status).toBe(409);
    expect(first.body.data.affected).toEqual([
      expect.objectContaining({ appointmentId: id, requestedTime: '14:00', paid: true }),
    ]);
    const unchanged = (await db().collection(COLLECTIONS.doctorSchedules).doc(doctorId).get()).data()!;
    expect(unchanged.timeOff).toEqual([]);

    const saved = await as(admin).put(`/staff/doctors/${doctorId}/schedule`, { ...timeOff, confirm: true });
    expect(saved.status).toBe(200);
    expect(await appointment(id)).toMatchObject({
      needsRebooking: true,
      needsRebookingReason: 'the doctor is not available at that time',
    });
    expect((await appointment(outside.body.data.appointmentId)).needsRebooking).toBeUndefined();
    expect(await freeTimesOf(app, doctorId, day)).not.toContain('15:00');

    // The desk cancels it instead (the patient chose a refund): all of it is owed back, and it leaves the list.
    expect((await as(staff).post(`/staff/appointments/${id}/cancel`, { reason: 'Patient chose a refund' })).status).toBe(200);
    const refunds = await db().collection(COLLECTIONS.refunds).where('recordId', '==', id).get();
    expect(refunds.docs.map((d) => d.data())).toEqual([expect.objectContaining({ amount: 150, status: 'Due' })]);
    expect((await appointment(id)).needsRebooking).toBe(false);
    await as(admin).put(`/staff/doctors/${doctorId}/schedule`, ALL_DAY);
  });

  it('when the patient cancels an appointment marked to rebook, then it is free of the late fee, however close it is', async () => {
    const { user } = await patientWithPhone();
    // Within 12 hours: the late fee's time (the booking notice is 2 hours).
    const slot = slotAtOrAfter(Date.now() + 2.5 * 3_600_000);
    const booked = await as(user).post('/appointments', consultation(doctorId, slot));
    expect(booked.status).toBe(201);
    const id = booked.body.data.appointmentId as string;
    expect((await as(staff).post(`/staff/payments/${booked.body.data.clientReference}/record`, { method: 'cash' })).status).toBe(
      200,
    );
    expect((await as(user).get(`/appointments/${id}/cancellation`)).body.data).toMatchObject({ rule: 'late', feeAmount: 75 });
    await db().collection(COLLECTIONS.appointments).doc(id).update({ needsRebooking: true });
    const res = await as(user).post('/appointments/cancel', { appointmentId: id });
    expect(res.status).toBe(200);
    expect(res.body.data.cancellation).toMatchObject({ rule: 'free', refundAmount: 150, feeAmount: 0 });
    expect((await appointment(id)).needsRebooking).toBe(false);
  });
});

describe("the seed's public holidays", () => {
  it('closes the coming 12 months only, once, and keeps what an admin changed', async () => {
    const now = new Date('2099-03-01T08:00:00Z');
    const holidays = [
      { day: '2099-02-20', name: 'Past' },
      { day: '2099-03-06', name: 'Independence Day' },
      { day: '2099-12-25', name: 'Christmas Day' },
      { day: '2100-03-06', name: 'Too far' },
    ];
    await db().collection(COLLECTIONS.closures).doc('2099-12-25').delete();
    await db()
      .collection(COLLECTIONS.closures)
      .doc('2099-03-06')
      .set({ day: '2099-03-06', reason: 'Independence Day (moved)', source: 'clinic' });
    expect(await seedHolidays(db(), now, holidays)).toBe(1);
    expect(await closureDoc('2099-12-25')).toMatchObject({ reason: 'Christmas Day', source: 'holiday', updatedBy: 'seed' });
    expect((await closureDoc('2099-03-06'))!.reason).toBe('Independence Day (moved)');
    expect(await closureDoc('2099-02-20')).toBeUndefined();
    expect(await closureDoc('2100-03-06')).toBeUndefined();
    expect(await seedHolidays(db(), now, holidays)).toBe(0);
  });

  it("holds the year's holidays, each a real day with a name, 25 and 26 December among them", () => {
    const days = GHANA_HOLIDAYS.map((h) => h.day);
    expect(new Set(days).size).toBe(days.length);
    expect(days).toEqual([...days].sort());
    expect(days).toEqual(
      expect.arrayContaining(['2026-12-25', '2026-12-26', '2027-01-01', '2027-03-06', '2027-07-01', '2027-09-21']),
    );
    // 4 August is a commemorative day since the 2025 amendment: not closed.
    expect(days.some((d) => d.endsWith('-08-04'))).toBe(false);
    expect(HOLIDAY_HORIZON_DAYS).toBe(365);
  });
});
