import request from 'supertest';
import { Timestamp } from 'firebase-admin/firestore';
import { createApp } from '../../app';
import { RECORD_OPENING_ACTIONS, RECORD_OPENINGS_PAGE_SIZE, type RecordOpening } from '../../api/record';
import { seedCatalog } from '../../seed/seed';
import { COLLECTIONS } from '../../store/collections';
import { db } from '../../store/firebase';
import { createStaffUser, createTestUser, type TestUser } from '../../test-support/auth';
import { bookingBase, freshSlot } from '../../test-support/booking';
import { eventually } from '../../test-support/sms';
import { mailDocsOf } from '../../test-support/mail';

/**
 * The record opens only through care the patient took part in (docs/record.md 'Who reads
 * what'), through the real routes against the emulators: a booking the desk made opens the
 * record to its doctor once the patient confirms it, pays for it or is checked in, never before; the patient confirms on the dashboard's route or by the link in
 * its notice; and their list of openings (from the audit log) says who, in which role, when and
 * through which appointment.
 */
const app = createApp();
const bearer = (u: TestUser) => ({ Authorization: `Bearer ${u.idToken}` });
const appointmentDoc = (id: string) => db().collection(COLLECTIONS.appointments).doc(id);

let staff: TestUser;
let admin: TestUser;
let doctor: TestUser;

beforeAll(async () => {
  await seedCatalog(db());
  [staff, admin, doctor] = await Promise.all([
    createStaffUser('staff'),
    createStaffUser('admin'),
    createStaffUser('doctor', 'dr-mensah'),
  ]);
});

const get = (user: TestUser, path: string) => request(app).get(`/api${path}`).set(bearer(user));
const post = (user: TestUser, path: string, body: object = {}) => request(app).post(`/api${path}`).set(bearer(user)).send(body);

const record = (user: TestUser, patientId: string) => get(user, `/staff/patients/${patientId}/record`);
const openings = (user: TestUser, patientId: string, cursor?: string) =>
  get(user, `/patient/${patientId}/record-openings${cursor ? `?cursor=${cursor}` : ''}`);

/** What the store holds of reads of this patient's record (RECORD_OPENING_ACTIONS). */
const recordReadsOf = async (patientId: string) =>
  (await db().collection(COLLECTIONS.auditLog).where('patientIds', 'array-contains', patientId).get()).docs
    .map((d) => d.data())
    .filter((e) => (RECORD_OPENING_ACTIONS as readonly string[]).includes(e.action));

interface Booked {
  appointmentId: string;
  clientReference: string;
  requestedService: string;
  requestedDay: string;
}

/** The desk books a virtual consultation with Dr Mensah for the patient (POST /staff/appointments), and he accepts it. */
async function deskBookingAccepted(patientId: string): Promise<Booked> {
  const { day, time } = await freshSlot('dr-mensah');
  const booked = await post(staff, '/staff/appointments', {
    patientId,
    location: 'Osu, Accra',
    healthProblem: 'Chest pain when climbing stairs',
    requestedServiceId: 1,
    doctorId: 'dr-mensah',
    requestedDay: day,
    requestedTime: time,
  });
  expect(booked.status).toBe(201);
  expect(booked.body.data).toMatchObject({ bookedBy: { uid: staff.uid, role: 'staff' }, paymentStatus: 'Unpaid' });
  const accepted = await post(doctor, `/staff/appointments/${booked.body.data.appointmentId}/accept`);
  expect(accepted.status).toBe(200);
  return booked.body.data as Booked;
}

describe('a booking the desk made, accepted by its doctor', () => {
  it('when the patient has not confirmed, paid or come yet, then the record and the visit record are 403 saying why, nothing is read, and the booking itself stays open to the doctor', async () => {
    const patient = await createTestUser();
    const a = await deskBookingAccepted(patient.uid);

    const res = await record(doctor, patient.uid);
    expect(res.status).toBe(403);
    expect(res.body).toMatchObject({ statusCode: 403, data: null });
    expect(res.body.msg).toMatch(
      /^The patient has not confirmed or paid the booking the clinic made for them \(Virtual Consultation .*\) yet: their record opens through it once they confirm it, pay for it or are checked in\./,
    );
    const visitRecord = await get(doctor, `/staff/appointments/${a.appointmentId}/record`);
    expect(visitRecord.status).toBe(403);
    expect(visitRecord.body.msg).toBe(res.body.msg);
    const file = await get(doctor, `/staff/patients/${patient.uid}/files/no-such-file`);
    expect(file.status).toBe(403);

    // The booking's own fields: the doctor sees and acts on them as before.
    const booking = await get(doctor, `/staff/appointments/${a.appointmentId}`);
    expect(booking.status).toBe(200);
    expect(booking.body.data).toMatchObject({ appointmentId: a.appointmentId, appointmentStatus: 'Accepted' });

    expect(await recordReadsOf(patient.uid)).toEqual([]);
    const list = await openings(patient, patient.uid);
    expect(list.status).toBe(200);
    expect(list.body.data).toEqual({ items: [], nextCursor: null });
  });

  it('when the patient confirms it, then it is stored and audited, the record opens, and their list shows that opening: who, role, when, through which appointment', async () => {
    const patient = await createTestUser();
    const a = await deskBookingAccepted(patient.uid);

    const confirmed = await post(patient, `/appointments/${a.appointmentId}/confirm`);
    expect(confirmed.status).toBe(200);
    expect(confirmed.body.msg).toMatch(/^Thank you: your booking is confirmed\./);
    expect(confirmed.body.data).toMatchObject({ appointmentId: a.appointmentId, confirmedByPatientAt: expect.any(String) });
    const stored = (await appointmentDoc(a.appointmentId).get()).data()!;
    expect(stored.confirmedByPatientAt).toBeInstanceOf(Timestamp);
    expect((await get(patient, `/appointments/${a.appointmentId}`)).body.data.confirmedByPatientAt).toBe(
      confirmed.body.data.confirmedByPatientAt,
    );
    const confirmAudit = (
      await db().collection(COLLECTIONS.auditLog).where('target', '==', `appointments/${a.appointmentId}`).get()
    ).docs
      .map((d) => d.data())
      .filter((e) => e.action === 'appointment.confirm');
    expect(confirmAudit).toEqual([
      expect.objectContaining({ actorUid: patient.uid, actorRole: 'patient', patientIds: [patient.uid] }),
    ]);

    const before = Date.now();
    const res = await record(doctor, patient.uid);
    expect(res.status).toBe(200);
    expect(res.body.data.patient.patientId).toBe(patient.uid);
    expect((await get(doctor, `/staff/appointments/${a.appointmentId}/record`)).status).toBe(200);

    const list = await openings(patient, patient.uid);
    expect(list.status).toBe(200);
    expect(list.headers['cache-control']).toBe('private, no-store');
    const through = { appointmentId: a.appointmentId, service: a.requestedService, day: a.requestedDay };
    // Newest first: the visit's record, then the whole record.
    expect(list.body.data.items).toEqual([
      expect.objectContaining({ who: doctor.email, role: 'doctor', action: 'appointment.record.read', through }),
      expect.objectContaining({ who: doctor.email, role: 'doctor', action: 'patient.record.read', through }),
    ]);
    const at = Date.parse((list.body.data.items as RecordOpening[])[1].at);
    expect(at).toBeGreaterThanOrEqual(before - 1000);
    expect(at).toBeLessThanOrEqual(Date.now() + 1000);
  });

  it('when it is paid at the desk, then the record opens without a confirmation', async () => {
    const patient = await createTestUser();
    const a = await deskBookingAccepted(patient.uid);
    const paid = await post(staff, `/staff/payments/${a.clientReference}/record`, { method: 'cash' });
    expect(paid.status).toBe(200);
    expect((await appointmentDoc(a.appointmentId).get()).get('paymentStatus')).toBe('Paid');
    expect((await record(doctor, patient.uid)).status).toBe(200);
    expect(await recordReadsOf(patient.uid)).toEqual([
      expect.objectContaining({
        actorUid: doctor.uid,
        action: 'patient.record.read',
        through: expect.objectContaining({ appointmentId: a.appointmentId }),
      }),
    ]);
  });

  it('when the patient is checked in, then the record opens without a confirmation', async () => {
    const patient = await createTestUser();
    const a = await deskBookingAccepted(patient.uid);
    expect((await record(doctor, patient.uid)).status).toBe(403);
    const checkedIn = await post(doctor, `/staff/appointments/${a.appointmentId}/check-in`);
    expect(checkedIn.status).toBe(200);
    expect((await record(doctor, patient.uid)).status).toBe(200);
  });
});

describe("the patient's own booking", () => {
  it('when the patient booked it themselves and the doctor accepts it, then the record opens as before', async () => {
    const patient = await createTestUser();
    const { day, time } = await freshSlot('dr-mensah');
    const booked = await post(
      patient,
      '/appointments',
      bookingBase({ requestedServiceId: 1, doctorId: 'dr-mensah', requestedDay: day, requestedTime: time }),
    );
    expect(booked.status).toBe(201);
    expect(booked.body.data.bookedBy).toBeUndefined();
    expect((await post(doctor, `/staff/appointments/${booked.body.data.appointmentId}/accept`)).status).toBe(200);
    expect((await record(doctor, patient.uid)).status).toBe(200);

    // There is nothing of theirs to confirm.
    const confirm = await post(patient, `/appointments/${booked.body.data.appointmentId}/confirm`);
    expect(confirm.status).toBe(409);
    expect(confirm.body.msg).toBe('You made this booking yourself: there is nothing to confirm.');
  });
});

describe('confirming and the list of openings are the owner’s only', () => {
  it('when another patient (or staff) confirms the booking or reads the openings, then 403 and nothing changes', async () => {
    const [patient, other] = await Promise.all([createTestUser(), createTestUser()]);
    const a = await deskBookingAccepted(patient.uid);
    expect((await record(admin, patient.uid)).status).toBe(200);

    for (const user of [other, staff]) {
      const confirm = await post(user, `/appointments/${a.appointmentId}/confirm`);
      expect(confirm.status).toBe(403);
      expect(confirm.body.data).toBeNull();
      const list = await openings(user, patient.uid);
      expect(list.status).toBe(403);
      expect(list.body.data).toBeNull();
    }
    expect((await appointmentDoc(a.appointmentId).get()).get('confirmedByPatientAt')).toBeUndefined();
    expect((await record(doctor, patient.uid)).status).toBe(403);
  });

  it('when a booking is confirmed already, cancelled, or unknown, then 409 or 404 saying so, and nothing changes', async () => {
    const patient = await createTestUser();
    const a = await deskBookingAccepted(patient.uid);
    expect((await post(patient, `/appointments/${a.appointmentId}/confirm`)).status).toBe(200);
    const first = (await appointmentDoc(a.appointmentId).get()).get('confirmedByPatientAt') as Timestamp;
    const again = await post(patient, `/appointments/${a.appointmentId}/confirm`);
    expect(again.status).toBe(409);
    expect(again.body.msg).toMatch(/^You confirmed this booking on /);
    expect(((await appointmentDoc(a.appointmentId).get()).get('confirmedByPatientAt') as Timestamp).isEqual(first)).toBe(true);

    const b = await deskBookingAccepted(patient.uid);
    expect((await post(staff, `/staff/appointments/${b.appointmentId}/cancel`, {})).status).toBe(200);
    const cancelled = await post(patient, `/appointments/${b.appointmentId}/confirm`);
    expect(cancelled.status).toBe(409);
    expect(cancelled.body.msg).toBe('This appointment is Cancelled: there is nothing to confirm.');
    expect((await appointmentDoc(b.appointmentId).get()).get('confirmedByPatientAt')).toBeUndefined();

    expect((await post(patient, '/appointments/no-such-appointment/confirm')).status).toBe(404);
  });
});

describe('the booking notice and the list of openings', () => {
  it("when the desk books for an account holder, then the notice carries the link that confirms it; a clinic record's does not", async () => {
    const patient = await createTestUser();
    const a = await deskBookingAccepted(patient.uid);
    const mails = await eventually(
      () => mailDocsOf(patient.uid),
      (m) => m.length > 0,
    );
    const received = mails.find((m) => String(m.message.subject).startsWith('Appointment request received'));
    expect(received?.message.text).toContain(`/dashboard?confirm=${a.appointmentId} `);

    const person = await post(staff, '/staff/patients', {
      firstName: 'Esi',
      lastName: 'Quaye',
      contactNumber: `055${String(Math.floor(Math.random() * 1e7)).padStart(7, '0')}`,
      emailAddress: `esi-${Date.now()}@example.com`,
    });
    expect(person.status).toBe(201);
    const clinicRecord = person.body.data.patientId as string;
    // Its e-mail proved (as the desk's e-mail code does): a clinic record's mail waits for that (docs/security.md).
    await db().collection(COLLECTIONS.patients).doc(clinicRecord).update({ emailVerifiedAt: new Date().toISOString() });
    await deskBookingAccepted(clinicRecord);
    const clinicMails = await eventually(
      () => mailDocsOf(clinicRecord),
      (m) => m.length > 0,
    );
    expect(clinicMails.length).toBeGreaterThan(0);
    for (const m of clinicMails) expect(m.message.text).not.toContain('confirm=');
  });

  it('when the front desk opens the record, then the opening names no appointment; the list comes a page at a time, newest first', async () => {
    const patient = await createTestUser();
    for (let i = 0; i <= RECORD_OPENINGS_PAGE_SIZE; i++) expect((await record(admin, patient.uid)).status).toBe(200);
    const first = await openings(patient, patient.uid);
    expect(first.status).toBe(200);
    const items = first.body.data.items as RecordOpening[];
    expect(items).toHaveLength(RECORD_OPENINGS_PAGE_SIZE);
    expect(items[0]).toEqual({
      id: expect.any(String),
      at: expect.any(String),
      who: admin.email,
      role: 'admin',
      action: 'patient.record.read',
      through: null,
    });
    expect([...items].sort((x, y) => y.at.localeCompare(x.at))).toEqual(items);
    expect(first.body.data.nextCursor).toBe(items.at(-1)!.id);
    const second = await openings(patient, patient.uid, first.body.data.nextCursor);
    expect(second.body.data.items).toHaveLength(1);
    expect(second.body.data.nextCursor).toBeNull();
    expect(second.body.data.items[0].at <= items.at(-1)!.at).toBe(true);

    const stale = await openings(patient, patient.uid, 'no-such-entry');
    expect(stale.status).toBe(400);
    expect(stale.body.msg).toMatch(/^cursor: /);
  });
});
