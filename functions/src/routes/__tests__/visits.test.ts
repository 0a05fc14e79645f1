import { createHmac } from 'node:crypto';
import { Timestamp } from 'firebase-admin/firestore';
import request from 'supertest';
import { createApp } from '../../app';
import { ROLE_CHANGED } from '../../api/staff';
import { VISIT_NOBODY_WAITING, VISIT_STAFF_READ_ONLY, visitMoment, type Visit } from '../../api/visits';
import { seedCatalog } from '../../seed/seed';
import { COLLECTIONS } from '../../store/collections';
import { db } from '../../store/firebase';
import { createStaffUser, createTestUser, type TestUser } from '../../test-support/auth';
import { auditOf } from '../../test-support/staff';
import { slotAtOrAfter, testDoctor } from '../../test-support/scheduling';
import { freshDoctorId, startIn, virtualAppointment, visitDoctor } from '../../test-support/visits';

/**
 * Video visits through the API (routes/visits.ts), in-process against the Firestore and Auth
 * emulators: who may join, when, what the record keeps, and how the staff side sees and ends it.
 */
const app = createApp();
const bearer = (u: TestUser) => ({ Authorization: `Bearer ${u.idToken}` });

const join = (u: TestUser, id: string) => request(app).post(`/api/visits/${id}/join`).set(bearer(u)).send({});
const view = (u: TestUser, id: string) => request(app).get(`/api/visits/${id}`).set(bearer(u));
const admit = (u: TestUser, id: string) => request(app).post(`/api/visits/${id}/admit`).set(bearer(u)).send({});
const leave = (u: TestUser, id: string) => request(app).post(`/api/visits/${id}/leave`).set(bearer(u)).send({});
const mode = (u: TestUser, id: string, body: object) => request(app).post(`/api/visits/${id}/mode`).set(bearer(u)).send(body);
const complete = (u: TestUser, id: string) =>
  request(app)
    .post(`/api/staff/appointments/${id}/complete`)
    .set(bearer(u))
    .send({ visitSummary: 'Reviewed by video. Keep taking the tablets; come back in two weeks.' });

const storedVisit = async (id: string) => (await db().collection(COLLECTIONS.visits).doc(id).get()).data();
const storedAppointmentOf = async (id: string) => (await db().collection(COLLECTIONS.appointments).doc(id).get()).data()!;

let patient: TestUser;
let otherPatient: TestUser;
let staff: TestUser;
let admin: TestUser;

beforeAll(async () => {
  await seedCatalog(db());
  [patient, otherPatient, staff, admin] = await Promise.all([
    createTestUser(),
    createTestUser(),
    createStaffUser('staff'),
    createStaffUser('admin'),
  ]);
});

describe('a video visit from start to end', () => {
  it('when too early 409 with the time; then in the window the patient waits, the host admits (checked in), modes change, phone gives the host the number, completing ends it and a rejoin is refused', async () => {
    const doctor = await visitDoctor();
    const a = await virtualAppointment(patient.uid, doctor.doctorId, 60);
    const id = a.appointmentId;

    // An hour ahead: the room opens 15 minutes before the start.
    const early = await join(patient, id);
    expect(early.status).toBe(409);
    const opensAt = new Date(Date.parse(`${a.requestedDay}T${a.requestedTime}:00Z`) - 15 * 60_000);
    expect(early.body.msg).toBe(`The visit opens at ${visitMoment(opensAt)}.`);
    expect(early.body.msg).toMatch(/^The visit opens at \d{2}:\d{2} on [A-Z][a-z]{2} \d{1,2} [A-Z][a-z]{2} \d{4}\.$/);
    expect(early.body.data).toEqual({ reason: 'too-early', opensAt: opensAt.toISOString(), closesAt: expect.any(String) });
    expect(await storedVisit(id)).toBeUndefined();
    const before = await view(patient, id);
    expect(before.status).toBe(200);
    expect(before.body.data).toMatchObject({ visit: null, joinable: false, refusal: { reason: 'too-early' }, role: 'patient' });

    // Moved to 5 minutes from now (as a reschedule by the clinic would).
    const moved = startIn(5);
    await db().collection(COLLECTIONS.appointments).doc(id).update(moved);
    // No schedule: a 30-minute slot, and the room closes an hour after it.
    const closesAt = moved.start.getTime() + (30 + 60) * 60_000;
    const open = await view(patient, id);
    expect(open.body.data).toMatchObject({ visit: null, joinable: true, role: 'patient', peer: { name: 'Dr Esi Addo' } });

    const patientIn = await join(patient, id);
    expect(patientIn.status).toBe(200);
    expect(patientIn.body.data).toMatchObject({
      role: 'patient',
      peer: { name: 'Dr Esi Addo' },
      visit: { state: 'Waiting', hostUid: doctor.uid, participants: [patient.uid, doctor.uid], mode: 'video' },
    });
    // The local coturn (functions/.env.local TURN_URLS), with a credential minted for this patient
    // by the TURN REST API scheme from the secret coturn checks (functions/.secret.local).
    const [turn] = patientIn.body.data.iceServers;
    expect(patientIn.body.data.iceServers).toHaveLength(1);
    expect(turn.urls).toEqual(['turn:127.0.0.1:3478?transport=udp', 'turn:127.0.0.1:3478?transport=tcp']);
    // It expires when the room closes (not a fixed time after the join).
    const [expiry, uid] = turn.username.split(':');
    expect(uid).toBe(patient.uid);
    expect(Math.abs(Number(expiry) * 1000 - closesAt)).toBeLessThan(1000);
    expect(Date.parse(patientIn.body.data.visit.closesAt)).toBe(closesAt);
    expect(turn.credential).toBe(createHmac('sha1', process.env.TURN_SHARED_SECRET!).update(turn.username).digest('base64'));
    const stored = await storedVisit(id);
    expect(stored?.opensAt).toBeInstanceOf(Timestamp);
    expect(stored?.closesAt).toBeInstanceOf(Timestamp);
    expect(stored?.waitingSince).toBeInstanceOf(Timestamp);

    // The console's day list marks the row and says since when the patient waits.
    const day = await request(app)
      .get(`/api/staff/appointments?day=${startIn(5).requestedDay}&doctorId=${doctor.doctorId}`)
      .set(bearer(staff));
    expect(day.status).toBe(200);
    const row = day.body.data.items.find((i: { appointmentId: string }) => i.appointmentId === id);
    expect(row.visit).toEqual({ state: 'Waiting', waitingSince: patientIn.body.data.visit.waitingSince, mode: 'video' });

    const hostIn = await join(doctor, id);
    expect(hostIn.status).toBe(200);
    expect(hostIn.body.data).toMatchObject({ role: 'host', peer: { name: 'Ama Mensah' }, visit: { state: 'Waiting' } });
    // The host's own credential: their uid, the same close.
    const [hostTurn] = hostIn.body.data.iceServers;
    expect(hostTurn.username).toBe(`${Math.floor(closesAt / 1000)}:${doctor.uid}`);
    expect(hostTurn.credential).toBe(
      createHmac('sha1', process.env.TURN_SHARED_SECRET!).update(hostTurn.username).digest('base64'),
    );
    expect(hostIn.body.data.visit.joined.map((j: { role: string }) => j.role)).toEqual(['patient', 'host']);

    expect((await admit(patient, id)).status).toBe(403);
    const admitted = await admit(doctor, id);
    expect(admitted.status).toBe(200);
    expect(admitted.body.data.visit).toMatchObject({
      state: 'InCall',
      admittedAt: expect.any(String),
      startedAt: expect.any(String),
    });
    expect(admitted.body.data.visit.waitingSince).toBeUndefined();
    expect(await storedAppointmentOf(id)).toMatchObject({ appointmentStatus: 'CheckedIn', checkedInBy: doctor.uid });

    const audio = await mode(patient, id, { mode: 'audio' });
    expect(audio.status).toBe(200);
    expect(audio.body.data).toEqual({ visit: expect.objectContaining({ mode: 'audio' }) });
    const phone = await mode(doctor, id, { mode: 'phone' });
    expect(phone.status).toBe(200);
    expect(phone.body.data.patientPhone).toBe('+233245550101');
    expect(phone.body.data.visit).toMatchObject({ mode: 'phone', heldByPhone: true, state: 'InCall' });
    expect(phone.body.data.visit.modeHistory).toEqual([
      { uid: patient.uid, role: 'patient', mode: 'audio', at: expect.any(String) },
      { uid: doctor.uid, role: 'host', mode: 'phone', at: expect.any(String) },
    ]);
    expect((await view(doctor, id)).body.data.patientPhone).toBe('+233245550101');
    expect((await view(patient, id)).body.data.patientPhone).toBeUndefined();

    // A reload: leave, then join again goes straight back into the call.
    const left = await leave(patient, id);
    expect(left.body.data.visit.left).toEqual([{ uid: patient.uid, role: 'patient', at: expect.any(String) }]);
    expect((await join(patient, id)).body.data.visit.state).toBe('InCall');

    // Staff see the record on the appointment.
    const detail = await request(app).get(`/api/staff/appointments/${id}`).set(bearer(staff));
    expect(detail.body.data.visit).toMatchObject({ state: 'InCall', mode: 'phone', joined: expect.any(Array) });
    expect(detail.body.data.visit.joined).toHaveLength(3);

    const done = await complete(doctor, id);
    expect(done.status).toBe(200);
    const ended = (await view(patient, id)).body.data;
    expect(ended.visit).toMatchObject({ state: 'Ended', endedAt: expect.any(String), endedBy: doctor.uid });
    expect(ended.visit.durationSeconds).toBeGreaterThanOrEqual(0);
    expect(ended.visit.durationSeconds).toBe(
      Math.round((Date.parse(ended.visit.endedAt) - Date.parse(ended.visit.startedAt)) / 1000),
    );
    expect(ended).toMatchObject({ joinable: false, refusal: { reason: 'ended', msg: 'This visit has ended.' } });

    for (const who of [patient, doctor]) {
      const again = await join(who, id);
      expect(again.status).toBe(409);
      expect(again.body).toMatchObject({ msg: 'This visit has ended.' });
      expect(again.body.data).toEqual({ reason: 'ended' }); // and no TURN credential
    }
    expect((await mode(patient, id, { mode: 'video' })).status).toBe(409);

    const actions = (await auditOf(`visits/${id}`)).map((e) => `${e.actorRole} ${e.action}`).sort();
    expect(actions).toEqual(
      [
        'patient visit.join',
        'doctor visit.join',
        'doctor visit.admit',
        'patient visit.mode.audio',
        'doctor visit.mode.phone',
        'patient visit.leave',
        'patient visit.join',
        'doctor visit.end',
      ].sort(),
    );
    const checkIn = (await auditOf(`appointments/${id}`)).filter((e) => e.action === 'appointment.check-in');
    expect(checkIn).toEqual([expect.objectContaining({ actorUid: doctor.uid, actorRole: 'doctor' })]);
  });
});

describe('who may join', () => {
  let doctor: TestUser & { doctorId: string };
  let id: string;

  beforeAll(async () => {
    doctor = await visitDoctor();
    id = (await virtualAppointment(patient.uid, doctor.doctorId, 5)).appointmentId;
  });

  it('when another patient joins or reads, then 403 and no room', async () => {
    expect((await join(otherPatient, id)).status).toBe(403);
    expect((await view(otherPatient, id)).status).toBe(403);
    expect(await storedVisit(id)).toBeUndefined();
  });

  it('when staff or an admin joins, then 403 saying they see the state in the console; they may read it', async () => {
    for (const u of [staff, admin]) {
      const res = await join(u, id);
      expect(res.status).toBe(403);
      expect(res.body.msg).toBe(VISIT_STAFF_READ_ONLY);
      for (const write of [admit(u, id), leave(u, id), mode(u, id, { mode: 'audio' })]) expect((await write).status).toBe(403);
      const read = await view(u, id);
      expect(read.status).toBe(200);
      expect(read.body.data).toMatchObject({ role: 'staff', joinable: true });
      expect(read.body.data.peer).toBeUndefined();
    }
    const reads = (await auditOf(`visits/${id}`)).filter((e) => e.action === 'visit.read').map((e) => e.actorRole);
    expect(reads.sort()).toEqual(['admin', 'staff']);
    expect(await storedVisit(id)).toBeUndefined();
  });

  it("when another doctor joins or reads, then 403: it is another doctor's", async () => {
    const other = await visitDoctor();
    for (const res of [await join(other, id), await view(other, id)]) {
      expect(res.status).toBe(403);
      expect(res.body.msg).toBe("This visit is another doctor's.");
    }
  });

  it('when the id is not an id, then 400 naming it; a missing appointment 404', async () => {
    const bad = await request(app).post('/api/visits/a%20b/join').set(bearer(patient)).send({});
    expect(bad.status).toBe(400);
    expect(bad.body.msg).toMatch(/^The appointment id in the address must be an id/);
    expect((await join(patient, 'no-such-appointment')).status).toBe(404);
  });

  it('when no token is sent, then 401', async () => {
    expect((await request(app).post(`/api/visits/${id}/join`).send({})).status).toBe(401);
  });
});

describe('when the room does not open: 409 naming the reason, nothing stored', () => {
  let doctor: TestUser & { doctorId: string };
  beforeAll(async () => {
    doctor = await visitDoctor();
  });

  const refused = async (id: string, reason: string, msg: string | RegExp) => {
    for (const who of [patient, doctor]) {
      const res = await join(who, id);
      expect([res.status, res.body.data?.reason]).toEqual([409, reason]);
      expect(res.body.msg).toEqual(typeof msg === 'string' ? msg : expect.stringMatching(msg));
      expect(res.body.data.iceServers).toBeUndefined(); // no TURN credential for a refused join
    }
    expect(await storedVisit(id)).toBeUndefined();
  };

  it('not accepted yet (Pending), or cancelled', async () => {
    const pending = await virtualAppointment(patient.uid, doctor.doctorId, 5, { appointmentStatus: 'Pending' });
    await refused(
      pending.appointmentId,
      'not-accepted',
      'The clinic has not accepted this appointment yet: its visit opens once it is accepted.',
    );
    const cancelled = await virtualAppointment(patient.uid, doctor.doctorId, 5, { appointmentStatus: 'Cancelled' });
    await refused(cancelled.appointmentId, 'not-accepted', 'This appointment is Cancelled: it has no visit to join.');
  });

  it('unpaid; a package-covered one opens', async () => {
    const unpaid = await virtualAppointment(patient.uid, doctor.doctorId, 5, { paymentStatus: 'Unpaid' });
    await refused(
      unpaid.appointmentId,
      'unpaid',
      'This appointment is not paid yet. Please pay for it in Appointments in your dashboard first.',
    );
    const covered = await virtualAppointment(patient.uid, doctor.doctorId, 5, {
      paymentStatus: 'Not Applicable',
      consultationFee: 0,
      requiresPayment: false,
      coveredBy: 'subscription-1',
    });
    expect((await join(patient, covered.appointmentId)).status).toBe(200);
  });

  it('not a virtual service (a home visit)', async () => {
    const home = await virtualAppointment(patient.uid, doctor.doctorId, 5, {
      requestedServiceId: 2,
      requestedService: 'Doctor Consultation at home',
    });
    await refused(home.appointmentId, 'not-virtual', 'This appointment is not a video visit.');
    expect((await view(patient, home.appointmentId)).status).toBe(409);
  });

  it('closed: an hour after the slot (30 minutes without a schedule) ended', async () => {
    const past = await virtualAppointment(patient.uid, doctor.doctorId, -91);
    await refused(past.appointmentId, 'closed', /^This visit closed at \d{2}:\d{2} on /);
    const stillOpen = await virtualAppointment(patient.uid, doctor.doctorId, -85);
    expect((await join(patient, stillOpen.appointmentId)).status).toBe(200);
  });

  it("the slot length comes from the doctor's schedule", async () => {
    const withSchedule = await visitDoctor();
    await db()
      .collection(COLLECTIONS.doctorSchedules)
      .doc(withSchedule.doctorId)
      .set({ weekly: {}, slotMinutes: 45, timeOff: [] });
    const a = await virtualAppointment(patient.uid, withSchedule.doctorId, 10);
    const res = await view(patient, a.appointmentId);
    const start = Date.parse(`${a.requestedDay}T${a.requestedTime}:00Z`);
    expect(res.body.data).toMatchObject({
      opensAt: new Date(start - 15 * 60_000).toISOString(),
      closesAt: new Date(start + (45 + 60) * 60_000).toISOString(),
    });
  });

  it("no host: the doctor has no account yet, so the patient cannot open it (the doctor's own join can)", async () => {
    const doctorId = freshDoctorId();
    const a = await virtualAppointment(patient.uid, doctorId, 5);
    const res = await join(patient, a.appointmentId);
    expect([res.status, res.body.data.reason]).toEqual([409, 'no-host']);
    expect((await view(patient, a.appointmentId)).body.data).toMatchObject({ joinable: false, refusal: { reason: 'no-host' } });
    const unrostered = await createStaffUser('doctor', doctorId);
    expect((await join(unrostered, a.appointmentId)).status).toBe(200);
    const now = await join(patient, a.appointmentId);
    expect(now.body.data.visit).toMatchObject({ hostUid: unrostered.uid, state: 'Waiting' });
  });
});

describe('admit, mode and leave', () => {
  it('admit with nobody waiting is 409; mode before joining 409; bad bodies 400 naming mode', async () => {
    const doctor = await visitDoctor();
    const id = (await virtualAppointment(patient.uid, doctor.doctorId, 5)).appointmentId;
    const early = await mode(patient, id, { mode: 'audio' });
    expect([early.status, early.body.msg]).toEqual([409, 'Join the visit first.']);
    await join(doctor, id);
    const nobody = await admit(doctor, id);
    expect([nobody.status, nobody.body.msg]).toEqual([409, VISIT_NOBODY_WAITING]);
    for (const [body, msg] of [
      [{}, 'Mode is required.'],
      [{ mode: 'hologram' }, 'Mode must be one of video, audio, phone.'],
    ] as const) {
      const res = await mode(doctor, id, body);
      expect([res.status, res.body.msg]).toEqual([400, msg]);
    }
    expect((await storedVisit(id))?.modeHistory).toEqual([]);
  });

  it('a patient who leaves the waiting room is no longer waiting; joining again waits again', async () => {
    const doctor = await visitDoctor();
    const id = (await virtualAppointment(patient.uid, doctor.doctorId, 5)).appointmentId;
    await join(patient, id);
    const left = await leave(patient, id);
    expect(left.body.data.visit.state).toBe('Open');
    expect(left.body.data.visit.waitingSince).toBeUndefined();
    expect((await join(patient, id)).body.data.visit.state).toBe('Waiting');
  });

  it("the patient's 'Call me instead' records phone without the number; the host's 'Call the patient' starts the call and checks in", async () => {
    const doctor = await visitDoctor();
    const id = (await virtualAppointment(patient.uid, doctor.doctorId, 5)).appointmentId;
    await join(patient, id);
    const mine = await mode(patient, id, { mode: 'phone' });
    expect(mine.body.data).toEqual({ visit: expect.objectContaining({ mode: 'phone', heldByPhone: true, state: 'Waiting' }) });
    await join(doctor, id);
    expect((await view(doctor, id)).body.data.patientPhone).toBe('+233245550101');
    // Already phone: the host's choice changes nothing but answers the number.
    const host = await mode(doctor, id, { mode: 'phone' });
    expect(host.body.data.patientPhone).toBe('+233245550101');
    expect(host.body.data.visit.modeHistory).toHaveLength(1);
    await mode(doctor, id, { mode: 'audio' });
    const call = await mode(doctor, id, { mode: 'phone' });
    expect(call.body.data.visit).toMatchObject({ state: 'InCall', startedAt: expect.any(String) });
    expect((await storedAppointmentOf(id)).appointmentStatus).toBe('CheckedIn');
    expect((await complete(doctor, id)).status).toBe(200);
    expect((await storedVisit(id))?.state).toBe('Ended');
  });

  it('the clinic cancelling or marking a no-show ends the room too, saying how', async () => {
    const doctor = await visitDoctor();
    for (const [action, endedAs] of [
      ['cancel', 'Cancelled'],
      ['no-show', 'NoShow'],
    ]) {
      const id = (await virtualAppointment(patient.uid, doctor.doctorId, 5)).appointmentId;
      await join(patient, id);
      const res = await request(app).post(`/api/staff/appointments/${id}/${action}`).set(bearer(staff)).send({});
      expect(res.status).toBe(200);
      expect(await storedVisit(id)).toMatchObject({ state: 'Ended', endedAs, endedBy: staff.uid });
      expect((await join(patient, id)).body.data.reason).toBe('ended');
    }
  });
});

describe('an appointment leaving Accepted while its room is open ends or moves the room', () => {
  it('when the patient cancels while waiting, then the room ends as their act (audited), the refund is Due and join is refused for both', async () => {
    const doctor = await visitDoctor();
    const id = (await virtualAppointment(patient.uid, doctor.doctorId, 5)).appointmentId;
    expect((await join(patient, id)).body.data.visit.state).toBe('Waiting');
    expect((await join(doctor, id)).status).toBe(200);

    const res = await request(app).post('/api/appointments/cancel').set(bearer(patient)).send({ appointmentId: id });
    expect(res.status).toBe(200);
    expect(await storedAppointmentOf(id)).toMatchObject({ appointmentStatus: 'Cancelled', declineByPatient: true });
    const visit = await storedVisit(id);
    expect(visit).toMatchObject({ state: 'Ended', endedAs: 'Cancelled', endedBy: patient.uid });
    expect(visit?.waitingSince).toBeUndefined();
    expect(visit?.durationSeconds).toBeUndefined();
    expect((await auditOf(`visits/${id}`)).filter((e) => e.action === 'visit.end')).toEqual([
      expect.objectContaining({ actorUid: patient.uid, actorRole: 'patient' }),
    ]);
    for (const who of [patient, doctor]) {
      const again = await join(who, id);
      expect([again.status, again.body.data.reason]).toEqual([409, 'ended']);
    }
    const seen = (await view(patient, id)).body.data;
    expect(seen).toMatchObject({ joinable: false, visit: { state: 'Ended', endedAs: 'Cancelled' } });
  });

  it('when the patient cancels an appointment whose room nobody opened, then no record is made', async () => {
    const doctor = await visitDoctor();
    const id = (await virtualAppointment(patient.uid, doctor.doctorId, 5)).appointmentId;
    const res = await request(app).post('/api/appointments/cancel').set(bearer(patient)).send({ appointmentId: id });
    expect(res.status).toBe(200);
    expect(await storedVisit(id)).toBeUndefined();
  });

  it('when the clinic moves the appointment to later, then the room opens at the new time: nobody waits, join is too early (audited as a move)', async () => {
    const doctorId = await testDoctor(app, admin);
    const doctor = await visitDoctor(doctorId);
    const id = (await virtualAppointment(patient.uid, doctorId, 5)).appointmentId;
    await join(patient, id);
    const to = slotAtOrAfter(Date.now() + 5 * 3_600_000);
    const res = await request(app)
      .post(`/api/staff/appointments/${id}/reschedule`)
      .set(bearer(staff))
      .send({ requestedDay: to.day, requestedTime: to.time });
    expect(res.status).toBe(200);

    const opensAt = new Date(Date.parse(`${to.day}T${to.time}:00Z`) - 15 * 60_000);
    const visit = (await view(patient, id)).body.data;
    expect(visit).toMatchObject({ joinable: false, refusal: { reason: 'too-early' }, opensAt: opensAt.toISOString() });
    expect(visit.visit).toMatchObject({ state: 'Open', opensAt: opensAt.toISOString() });
    expect(visit.visit.waitingSince).toBeUndefined();
    expect(visit.visit.joined).toHaveLength(1);
    expect((await storedVisit(id))?.opensAt).toEqual(Timestamp.fromDate(opensAt));
    for (const who of [patient, doctor]) {
      const again = await join(who, id);
      expect([again.status, again.body.data.reason]).toEqual([409, 'too-early']);
    }
    expect((await auditOf(`visits/${id}`)).map((e) => `${e.actorRole} ${e.action}`)).toContain('staff visit.move');
  });

  it('a paid appointment with an open room cannot be deleted (only unpaid ones can, and those never open a room)', async () => {
    const doctor = await visitDoctor();
    const id = (await virtualAppointment(patient.uid, doctor.doctorId, 5)).appointmentId;
    await join(patient, id);
    const res = await request(app).delete(`/api/appointments/${id}`).set(bearer(patient));
    expect(res.status).toBe(409);
    expect((await storedVisit(id))?.state).toBe('Waiting');
    const unpaid = (await virtualAppointment(patient.uid, doctor.doctorId, 5, { paymentStatus: 'Unpaid' })).appointmentId;
    expect((await join(patient, unpaid)).body.data.reason).toBe('unpaid');
    expect(await storedVisit(unpaid)).toBeUndefined();
  });
});

describe('a dietary video visit (no doctor) is hosted by the doctor staff assigned', () => {
  it('the assigned doctor hosts, admits (checked in) and completes; another doctor is refused', async () => {
    const host = await visitDoctor('dr-mensah');
    const other = await visitDoctor();
    // Until the desk's assign route (POST /api/staff/appointments/{id}/assign) lands, the test
    // sets assignedTo as that route would, through firebase-admin.
    const a = await virtualAppointment(patient.uid, null, 5, {
      requestedServiceId: 5,
      requestedService: 'Dietary Management',
      requestedServiceOption: 'VIRTUAL',
      doctorOtherNames: 'Dietry Virtual Consultation',
      consultationFee: 79,
      assignedTo: host.uid,
    });
    const id = a.appointmentId;
    const patientIn = await join(patient, id);
    expect(patientIn.status).toBe(200);
    expect(patientIn.body.data).toMatchObject({ peer: { name: 'Dr Kwame Mensah' }, visit: { hostUid: host.uid } });
    expect(patientIn.body.data.visit.doctorId).toBeUndefined();
    expect((await join(other, id)).status).toBe(403);
    expect((await join(host, id)).body.data.role).toBe('host');
    expect((await admit(host, id)).body.data.visit.state).toBe('InCall');
    expect((await storedAppointmentOf(id)).appointmentStatus).toBe('CheckedIn');
    expect((await complete(other, id)).status).toBe(403);
    expect((await complete(host, id)).status).toBe(200);
    expect((await storedVisit(id))?.state).toBe('Ended');
  });

  it('without an assigned host the patient is told nobody hosts it yet', async () => {
    const a = await virtualAppointment(patient.uid, null, 5, {
      requestedServiceId: 5,
      requestedService: 'Dietary Management',
      requestedServiceOption: 'VIRTUAL',
    });
    const res = await join(patient, a.appointmentId);
    expect([res.status, res.body.msg]).toEqual([
      409,
      'Nobody has been assigned to host this visit yet. The clinic will contact you.',
    ]);
  });
});

describe('the room follows the roster (staffMembers)', () => {
  const participantsOf = async (id: string) => (await storedVisit(id))?.participants as string[] | undefined;
  const roster = (uid: string) => db().collection(COLLECTIONS.staffMembers).doc(uid);
  const dietary = (host: string | undefined) =>
    virtualAppointment(patient.uid, null, 5, {
      requestedServiceId: 5,
      requestedService: 'Dietary Management',
      requestedServiceOption: 'VIRTUAL',
      doctorOtherNames: 'Dietry Virtual Consultation',
      consultationFee: 79,
      ...(host ? { assignedTo: host } : {}),
    });

  it("when an admin removes the host's role, then the host leaves participants at once (audited), and the patient's rejoin does not bring them back", async () => {
    const doctor = await visitDoctor();
    const id = (await virtualAppointment(patient.uid, doctor.doctorId, 5)).appointmentId;
    await join(patient, id);
    await join(doctor, id);
    expect(await participantsOf(id)).toEqual([patient.uid, doctor.uid]);

    expect((await request(app).delete(`/api/staff/roles/${doctor.uid}`).set(bearer(admin))).status).toBe(200);
    expect(await participantsOf(id)).toEqual([patient.uid]);
    // The removed host's own rejoin is refused before any TURN credential is minted.
    const removed = await join(doctor, id);
    expect(removed.status).toBe(401);
    expect(removed.body.data?.iceServers).toBeUndefined();
    expect((await auditOf(`visits/${id}`)).filter((e) => e.action === 'visit.host.remove')).toEqual([
      expect.objectContaining({ actorUid: admin.uid, actorRole: 'admin' }),
    ]);
    // The doctor has no other account: a reload finds nobody to host.
    const again = await join(patient, id);
    expect([again.status, again.body.data.reason]).toEqual([409, 'no-host']);
    expect(await participantsOf(id)).toEqual([patient.uid]);
  });

  it("when the host's role changes (to staff, or to another doctor), then they leave participants at once", async () => {
    for (const change of [{ role: 'staff' }, { role: 'doctor', doctorId: 'dr-mensah' }]) {
      const doctor = await visitDoctor();
      const id = (await virtualAppointment(patient.uid, doctor.doctorId, 5)).appointmentId;
      await join(doctor, id);
      expect(await participantsOf(id)).toEqual([patient.uid, doctor.uid]);
      const res = await request(app)
        .post('/api/staff/roles')
        .set(bearer(admin))
        .send({ email: doctor.email, ...change });
      expect(res.status).toBe(201);
      expect(await participantsOf(id)).toEqual([patient.uid]);
    }
  });

  it("when a host's token outlives their roster entry (the role went in the token's own second), then join, GET, admit and mode are 401 and the room is unchanged", async () => {
    const doctor = await visitDoctor();
    const id = (await virtualAppointment(patient.uid, doctor.doctorId, 5)).appointmentId;
    await join(patient, id);
    await join(doctor, id);
    const before = await storedVisit(id);
    // As revokeRole's first write leaves it, before Auth's revocation reaches a token of the same second.
    await roster(doctor.uid).delete();
    for (const res of [
      await join(doctor, id),
      await view(doctor, id),
      await admit(doctor, id),
      await mode(doctor, id, { mode: 'phone' }),
    ]) {
      expect([res.status, res.body.msg]).toEqual([401, ROLE_CHANGED]);
      expect(res.body.data?.iceServers).toBeUndefined();
    }
    // The roster naming another doctor: the same.
    const moved = await visitDoctor();
    const other = (await virtualAppointment(patient.uid, moved.doctorId, 5)).appointmentId;
    await roster(moved.uid).update({ doctorId: 'dr-mensah' });
    expect((await join(moved, other)).status).toBe(401);
    expect(await storedVisit(id)).toEqual(before);
    expect(await storedVisit(other)).toBeUndefined();
  });

  it('when staff assign a dietary visit to another doctor, then the room moves to the new host at once and the old one is refused', async () => {
    const [first, second] = await Promise.all([visitDoctor('dr-mensah'), visitDoctor()]);
    const id = (await dietary(first.uid)).appointmentId;
    await join(patient, id);
    await join(first, id);
    expect(await participantsOf(id)).toEqual([patient.uid, first.uid]);

    const res = await request(app)
      .post(`/api/staff/appointments/${id}/assign`)
      .set(bearer(staff))
      .send({ assignedTo: second.uid });
    expect(res.status).toBe(200);
    expect(await storedVisit(id)).toMatchObject({ hostUid: second.uid, participants: [patient.uid, second.uid] });
    expect((await auditOf(`visits/${id}`)).map((e) => `${e.actorRole} ${e.action}`)).toContain('staff visit.host.assign');
    const old = await join(first, id);
    expect([old.status, old.body.msg]).toEqual([403, "This visit is another doctor's."]);
    expect(old.body.data?.iceServers).toBeUndefined();
    expect((await admit(first, id)).status).toBe(403);
    expect((await join(second, id)).body.data.role).toBe('host');
  });

  it("a dietary visit's assigned host must hold the doctor role in the roster: a nurse, or a doctor whose entry is gone, hosts nothing", async () => {
    const nurse = await createStaffUser('nurse');
    const assignedNurse = (await dietary(nurse.uid)).appointmentId;
    expect((await join(patient, assignedNurse)).body.data.reason).toBe('no-host');
    expect((await join(nurse, assignedNurse)).status).toBe(403);
    expect(await storedVisit(assignedNurse)).toBeUndefined();

    const gone = await visitDoctor();
    await roster(gone.uid).delete();
    const assignedGone = (await dietary(gone.uid)).appointmentId;
    expect((await join(patient, assignedGone)).body.data.reason).toBe('no-host');
    expect((await join(gone, assignedGone)).status).toBe(401);
    // Nor can staff assign them: the roster decides, not the claims left on the account.
    const unassigned = (await dietary(undefined)).appointmentId;
    const res = await request(app)
      .post(`/api/staff/appointments/${unassigned}/assign`)
      .set(bearer(staff))
      .send({ assignedTo: gone.uid });
    expect([res.status, res.body.msg]).toEqual([400, 'Clinician must be a user with the doctor or nurse role.']);
  });
});

describe('concurrency', () => {
  it('when patient and host join at the same moment, then one room holds both joins', async () => {
    const doctor = await visitDoctor();
    const ids = await Promise.all(
      [1, 2, 3, 4].map(async () => (await virtualAppointment(patient.uid, doctor.doctorId, 5)).appointmentId),
    );
    await Promise.all(
      ids.map(async (id) => {
        const [p, d] = await Promise.all([join(patient, id), join(doctor, id)]);
        expect([p.status, d.status]).toEqual([200, 200]);
        const visit = (await storedVisit(id)) as Visit & { joined: { uid: string }[] };
        expect(visit.joined.map((j) => j.uid).sort()).toEqual([patient.uid, doctor.uid].sort());
        expect(visit.state).toBe('Waiting');
        expect(visit.participants).toEqual([patient.uid, doctor.uid]);
      }),
    );
  });
});

describe('erasing the account', () => {
  it("keeps the visit's record under the erased id and deletes its chat", async () => {
    const leaving = await createTestUser();
    const doctor = await visitDoctor();
    const id = (await virtualAppointment(leaving.uid, doctor.doctorId, -20)).appointmentId;
    await join(leaving, id);
    await join(doctor, id);
    await admit(doctor, id);
    const chat = db().collection(COLLECTIONS.visits).doc(id).collection('chat');
    await chat.add({ from: leaving.uid, text: 'My chest still hurts at night.', at: Timestamp.now() });
    expect((await complete(doctor, id)).status).toBe(200);

    const res = await request(app).delete(`/api/patient/${leaving.uid}`).set(bearer(leaving));
    expect(res.status).toBe(200);
    const visit = (await storedVisit(id))!;
    expect(visit.patientId).toMatch(/^erased-/);
    expect(visit.participants).toEqual([visit.patientId, doctor.uid]);
    expect(visit.joined.map((j: { uid: string }) => j.uid)).toEqual([visit.patientId, doctor.uid]);
    expect(visit.joined[0].at).toBeInstanceOf(Timestamp);
    expect(JSON.stringify(visit)).not.toContain(leaving.uid);
    expect(visit.state).toBe('Ended');
    expect((await chat.get()).size).toBe(0);
  });
});
