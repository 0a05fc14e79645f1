import request from 'supertest';
import { Timestamp } from 'firebase-admin/firestore';
import { createApp } from '../../app';
import { formatWhen } from '../../api/format';
import { RESCHEDULE_LIMIT_REACHED, RESCHEDULE_TOO_LATE, SLOT_TAKEN } from '../../api/scheduling';
import { seedCatalog } from '../../seed/seed';
import { expireLapsedHolds } from '../../services/booking/holds';
import { doctorSlotRef } from '../../store/appointments';
import { COLLECTIONS } from '../../store/collections';
import { db } from '../../store/firebase';
import { createStaffUser, createTestUser, type TestUser } from '../../test-support/auth';
import { auditOf } from '../../test-support/staff';
import { bearer, consultation, dayPlus, freeTimesOf, slotAtOrAfter, testDoctor } from '../../test-support/scheduling';
import { subjectsTo } from '../../test-support/mail';

const app = createApp();

let admin: TestUser;
let staff: TestUser;
let doctorId: string;
let doctor: TestUser;
let otherDoctor: TestUser;

beforeAll(async () => {
  await seedCatalog(db());
  [admin, staff, otherDoctor] = await Promise.all([
    createStaffUser('admin'),
    createStaffUser('staff'),
    createStaffUser('doctor', 'dr-owusu'),
  ]);
  doctorId = await testDoctor(app, admin);
  doctor = await createStaffUser('doctor', doctorId);
  // The roster links the doctor to their account's e-mail, as granting the role does.
  await db()
    .collection(COLLECTIONS.staffMembers)
    .doc(doctor.uid)
    .set({ uid: doctor.uid, email: doctor.email, role: 'doctor', doctorId });
});

type Slot = { day: string; time: string };
interface Booked {
  appointmentId: string;
  requestedDay: string;
  requestedTime: string;
}

/** Each booking by a new patient: every patient has a booking budget of their own. */
async function bookAs(slot: Slot): Promise<{ user: TestUser; a: Booked }> {
  const user = await createTestUser();
  const res = await request(app).post('/api/appointments').set(bearer(user)).send(consultation(doctorId, slot));
  expect(res.status).toBe(201);
  return { user, a: res.body.data as Booked };
}

let nextDay = 10 + Math.floor(Math.random() * 150);
/** A far slot on a day of its own (the test doctor is open around the clock). */
const farSlot = (time = '10:00'): Slot => ({ day: dayPlus(nextDay++), time });
/** A slot a few hours from now: past the notice, within 12 hours. */
const soonSlot = (hours = 3): Slot => slotAtOrAfter(Date.now() + hours * 3_600_000);

const move = (user: TestUser, id: string, slot: Partial<Slot>) =>
  request(app)
    .post(`/api/appointments/${id}/reschedule`)
    .set(bearer(user))
    .send({ requestedDay: slot.day, requestedTime: slot.time });
const staffMove = (user: TestUser, id: string, slot: Slot) =>
  request(app)
    .post(`/api/staff/appointments/${id}/reschedule`)
    .set(bearer(user))
    .send({ requestedDay: slot.day, requestedTime: slot.time });
const stored = async (id: string) => (await db().collection(COLLECTIONS.appointments).doc(id).get()).data()!;
const holderOf = async (slot: Slot) => (await doctorSlotRef(doctorId, slot.day, slot.time).get()).data()?.appointmentId;

describe('POST /appointments/{id}/reschedule (the owner)', () => {
  it('when the owner moves it to a free slot, then the old slot frees in the same change, the record keeps the history and both are told', async () => {
    const from = farSlot('10:00');
    const to = farSlot('11:30');
    const { user, a } = await bookAs(from);
    const res = await move(user, a.appointmentId, to);
    expect(res.status).toBe(200);
    expect(res.body.msg).toBe(`Your appointment has been moved to ${formatWhen(to.day, to.time)}.`);
    expect(await stored(a.appointmentId)).toMatchObject({
      appointmentId: a.appointmentId,
      requestedDay: to.day,
      requestedTime: to.time,
      rescheduleCount: 1,
      reschedules: [
        { fromDay: from.day, fromTime: from.time, toDay: to.day, toTime: to.time, by: 'patient', at: expect.any(String) },
      ],
    });
    expect(await holderOf(from)).toBeUndefined();
    expect(await holderOf(to)).toBe(a.appointmentId);
    expect(await freeTimesOf(app, doctorId, from.day)).toContain(from.time);
    expect(await freeTimesOf(app, doctorId, to.day)).not.toContain(to.time);
    // The freed slot is bookable by someone else.
    const other = await bookAs(from);
    expect(await holderOf(from)).toBe(other.a.appointmentId);
    expect(await subjectsTo(user.email)).toContainEqual(expect.stringMatching(/^Appointment rescheduled: /));
    expect(await subjectsTo(doctor.email)).toContainEqual(expect.stringMatching(/^Appointment moved: Ama Mensah, now /));
  });

  it('when it is less than 12 hours away, then 409 with the rule and nothing moves', async () => {
    const from = soonSlot(3);
    const { user, a } = await bookAs(from);
    const res = await move(user, a.appointmentId, farSlot());
    expect([res.status, res.body.msg]).toEqual([409, RESCHEDULE_TOO_LATE]);
    expect(await stored(a.appointmentId)).toMatchObject({ requestedDay: from.day, requestedTime: from.time });
    expect(await holderOf(from)).toBe(a.appointmentId);
  });

  it('when the owner moves it a third time, then 409 with the limit', async () => {
    const { user, a } = await bookAs(farSlot());
    expect((await move(user, a.appointmentId, farSlot())).status).toBe(200);
    const second = farSlot();
    expect((await move(user, a.appointmentId, second)).status).toBe(200);
    const third = await move(user, a.appointmentId, farSlot());
    expect([third.status, third.body.msg]).toEqual([409, RESCHEDULE_LIMIT_REACHED]);
    expect(await stored(a.appointmentId)).toMatchObject({ requestedDay: second.day, rescheduleCount: 2 });
  });

  it('when the new slot is taken or off the schedule, then 409 and the appointment keeps its slot', async () => {
    const from = farSlot('09:00');
    const taken = farSlot('15:00');
    const { user, a } = await bookAs(from);
    const holder = await bookAs(taken);
    for (const target of [taken, { day: taken.day, time: '15:10' }, soonSlot(1)]) {
      const res = await move(user, a.appointmentId, target);
      expect([target, res.status, res.body.msg]).toEqual([target, 409, SLOT_TAKEN]);
    }
    expect(await stored(a.appointmentId)).toMatchObject({ requestedDay: from.day, requestedTime: from.time });
    expect(await holderOf(from)).toBe(a.appointmentId);
    expect(await holderOf(taken)).toBe(holder.a.appointmentId);
  });

  it("when someone else's, unknown, cancelled or the body is wrong, then 403, 404, 409 naming the state, 400 naming the field", async () => {
    const { user, a } = await bookAs(farSlot());
    const stranger = await createTestUser();
    expect((await move(stranger, a.appointmentId, farSlot())).status).toBe(403);
    expect((await move(user, 'no-such-appointment', farSlot())).status).toBe(404);
    const noDay = await move(user, a.appointmentId, { time: '10:00' });
    expect(noDay.status).toBe(400);
    expect(noDay.body.msg).toMatch(/Preferred Date/);
    const noTime = await move(user, a.appointmentId, { day: farSlot().day });
    expect(noTime.status).toBe(400);
    expect(noTime.body.msg).toMatch(/Preferred Time/);
    expect(
      (await request(app).post('/api/appointments/cancel').set(bearer(user)).send({ appointmentId: a.appointmentId })).status,
    ).toBe(200);
    const cancelled = await move(user, a.appointmentId, farSlot());
    expect(cancelled.status).toBe(409);
    expect(cancelled.body.msg).toMatch(/This appointment is Cancelled/);
  });
});

describe('POST /staff/appointments/{id}/reschedule', () => {
  it('when staff move an appointment less than 12 hours away, then it moves without counting against the patient, audited', async () => {
    // Hours of their own: the test above holds the slot three hours ahead.
    const from = soonSlot(4);
    const to = soonSlot(6);
    const { user, a } = await bookAs(from);
    const res = await staffMove(staff, a.appointmentId, to);
    expect(res.status).toBe(200);
    expect(await stored(a.appointmentId)).toMatchObject({
      requestedDay: to.day,
      requestedTime: to.time,
      rescheduleCount: 0,
      reschedules: [expect.objectContaining({ by: 'clinic', fromTime: from.time, toTime: to.time })],
    });
    expect(await holderOf(from)).toBeUndefined();
    expect(await auditOf(`appointments/${a.appointmentId}`)).toContainEqual(
      expect.objectContaining({ action: 'appointment.reschedule', actorUid: staff.uid }),
    );
    expect(await subjectsTo(user.email)).toContainEqual(expect.stringMatching(/^Appointment rescheduled: /));
  });

  it("when the appointment's doctor moves it, then 200; another doctor 403", async () => {
    const { a } = await bookAs(farSlot());
    const other = await staffMove(otherDoctor, a.appointmentId, farSlot());
    expect([other.status, other.body.msg]).toEqual([403, "This appointment is another doctor's."]);
    expect((await staffMove(doctor, a.appointmentId, farSlot())).status).toBe(200);
  });
});

describe('ending an appointment frees its slot', () => {
  it('when the patient cancels, then the slot is offered again', async () => {
    const slot = farSlot('13:00');
    const { user, a } = await bookAs(slot);
    expect(await freeTimesOf(app, doctorId, slot.day)).not.toContain(slot.time);
    expect(
      (await request(app).post('/api/appointments/cancel').set(bearer(user)).send({ appointmentId: a.appointmentId })).status,
    ).toBe(200);
    expect(await freeTimesOf(app, doctorId, slot.day)).toContain(slot.time);
  });

  it.each(['decline', 'cancel'])('when the clinic does %s, then the slot is offered again', async (action) => {
    const slot = farSlot('13:30');
    const { a } = await bookAs(slot);
    const res = await request(app)
      .post(`/api/staff/appointments/${a.appointmentId}/${action}`)
      .set(bearer(staff))
      .send({ reason: 'The doctor is away' });
    expect(res.status).toBe(200);
    expect(await freeTimesOf(app, doctorId, slot.day)).toContain(slot.time);
  });

  it('when the patient deletes the unpaid appointment, then the slot is offered again', async () => {
    const slot = farSlot('14:00');
    const { user, a } = await bookAs(slot);
    expect((await request(app).delete(`/api/appointments/${a.appointmentId}`).set(bearer(user))).status).toBe(200);
    expect(await freeTimesOf(app, doctorId, slot.day)).toContain(slot.time);
  });

  it('when the unpaid hold lapses, then the sweep expires it and the slot is offered again', async () => {
    const slot = farSlot('14:30');
    const { a } = await bookAs(slot);
    await db()
      .collection(COLLECTIONS.appointments)
      .doc(a.appointmentId)
      .update({ createdAt: Timestamp.fromMillis(Date.now() - 31 * 60_000) });
    await expireLapsedHolds();
    expect((await stored(a.appointmentId)).appointmentStatus).toBe('Expired');
    expect(await freeTimesOf(app, doctorId, slot.day)).toContain(slot.time);
  });
});
