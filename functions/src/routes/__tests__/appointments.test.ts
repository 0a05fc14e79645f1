import request from 'supertest';
import { createApp } from '../../app';
import { COLLECTIONS } from '../../store/collections';
import { db } from '../../store/firebase';
import { seedCatalog } from '../../seed/seed';
import { createTestUser, type TestUser } from '../../test-support/auth';
import { bookingBase, freshSlot, virtualConsultationBooking } from '../../test-support/booking';
import { MAX_PRESCRIPTION_BYTES } from '../../api/prescription';
import { asBytes } from '../../test-support/file';
import { mailsAbout, sinkMailTo } from '../../test-support/mail';

const app = createApp();

const base = bookingBase;
const virtual = virtualConsultationBooking;

const post = (user: TestUser, body: unknown) =>
  request(app)
    .post('/api/appointments')
    .set('Authorization', `Bearer ${user.idToken}`)
    .send(body as object);
const get = (user: TestUser, path: string) => request(app).get(`/api${path}`).set('Authorization', `Bearer ${user.idToken}`);
/** A booking the test needs made: its id, or a failure that shows the answer's status and msg. */
async function bookedId(user: TestUser, body: unknown): Promise<string> {
  const res = await post(user, body);
  expect({ status: res.status, msg: res.body.msg }).toEqual({ status: 201, msg: expect.any(String) });
  return res.body.data.appointmentId as string;
}

const storedOf = async (uid: string) =>
  (await db().collection(COLLECTIONS.appointments).where('patientId', '==', uid).get()).docs.map((d) => d.data());

const PNG = Buffer.from(
  '89504e470d0a1a0a0000000d49484452000000010000000108060000001f15c4890000000d4944415478da63f8cfc0f01f0005000201d5a6e8ba0000000049454e44ae426082',
  'hex',
);
const dataUrl = (type: string, bytes: Buffer) => `data:${type};base64,${bytes.toString('base64')}`;

let patient: TestUser;
let other: TestUser;

beforeAll(async () => {
  await seedCatalog(db());
});

// New patients for each test: each has a booking budget of its own (CALLER_LIMITS.bookings).
beforeEach(async () => {
  [patient, other] = await Promise.all([createTestUser(), createTestUser()]);
});

describe('POST /appointments: what the server decides', () => {
  it("when the booking's names and free text carry bidirectional controls or zero-width characters, then the record keeps them clean", async () => {
    const id = await bookedId(
      patient,
      await virtual({
        firstName: 'A\u200Bma\u202E',
        lastName: '\u2067Mensah\u2069',
        location: 'East\u00A0Legon\u200F',
        healthProblem: 'Heada\u200Dches; fe\u0301ver\u2060',
      }),
    );
    const stored = (await db().collection(COLLECTIONS.appointments).doc(id).get()).data();
    expect(stored).toMatchObject({
      firstName: 'Ama',
      lastName: 'Mensah',
      location: 'East\u00A0Legon',
      healthProblem: 'Headaches; f\u00E9ver',
    });
  });

  it("when a virtual consultation is booked, then the fee is the doctor's and the record is Pending, Unpaid, with a 10-character reference", async () => {
    const res = await post(patient, await virtual());
    expect(res.status).toBe(201);
    const a = res.body.data;
    expect(a).toMatchObject({
      patientId: patient.uid,
      requestedServiceId: 1,
      requestedService: 'Virtual Consultation (Telemedicine)',
      doctorId: 'dr-boateng',
      doctorSurName: 'Boateng',
      doctorOtherNames: 'Kofi',
      doctorSpecialty: 'Cardiology',
      consultationFee: 250,
      requiresPayment: true,
      paymentStatus: 'Unpaid',
      appointmentStatus: 'Pending',
      acceptbyDoctor: false,
      currencyCode: 'GHS',
      source: 'WEBSITE',
    });
    expect(a.clientReference).toMatch(/^[A-Za-z0-9]{10}$/);
    expect(a.timeOfRequest).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/);
    const stored = (await db().collection(COLLECTIONS.appointments).doc(a.appointmentId).get()).data();
    expect(stored).toMatchObject({ consultationFee: 250, paymentStatus: 'Unpaid', clientReference: a.clientReference });
  });

  it('when the client sends a fee, amount, statuses and another patientId, then all are ignored', async () => {
    const res = await post(
      patient,
      await virtual({
        consultationFee: 1,
        amount: 1,
        requiresPayment: false,
        paymentStatus: 'Paid',
        appointmentStatus: 'Accepted',
        acceptbyDoctor: true,
        patientId: other.uid,
        clientReference: 'AAAAAAAAAA',
      }),
    );
    expect(res.status).toBe(201);
    const stored = (await db().collection(COLLECTIONS.appointments).doc(res.body.data.appointmentId).get()).data()!;
    expect(stored).toMatchObject({
      consultationFee: 250,
      requiresPayment: true,
      paymentStatus: 'Unpaid',
      appointmentStatus: 'Pending',
      acceptbyDoctor: false,
      patientId: patient.uid,
    });
    expect(stored.clientReference).not.toBe('AAAAAAAAAA');
    expect(stored.amount).toBeUndefined();
  });

  it("when booked, then a confirmation mail with the reference reaches the account's e-mail, never the one typed", async () => {
    const email = `confirm-${Date.now()}@example.com`;
    const res = await post(patient, await virtual({ emailAddress: email }));
    expect(await sinkMailTo(email)).toEqual([]);
    const toAccount = (await sinkMailTo(patient.email)).filter((m) => m.text.includes(res.body.data.clientReference));
    expect(toAccount).toHaveLength(1);
    expect(toAccount[0].text).toContain('GHS 250.00');
  });

  it('when dietary is VIRTUAL, then it costs 79, needs a time and names the dietary consultation', async () => {
    const { day, time } = await freshSlot();
    const res = await post(
      patient,
      base({ requestedServiceId: 5, requestedServiceOption: 'VIRTUAL', requestedDay: day, requestedTime: time }),
    );
    expect(res.status).toBe(201);
    expect(res.body.data).toMatchObject({
      consultationFee: 79,
      requiresPayment: true,
      paymentStatus: 'Unpaid',
      doctorOtherNames: 'Dietry Virtual Consultation',
      requestedTime: time,
    });
    const noTime = await post(patient, base({ requestedServiceId: 5, requestedServiceOption: 'VIRTUAL' }));
    expect(noTime.status).toBe(400);
    expect(noTime.body.msg).toMatch(/Preferred Time/);
  });

  it('when dietary is a HOME_VISIT, then it is free, not payable, and keeps no time', async () => {
    const res = await post(
      patient,
      base({ requestedServiceId: 5, requestedServiceOption: 'HOME_VISIT', requestedTime: '10:00' }),
    );
    expect(res.status).toBe(201);
    expect(res.body.data).toMatchObject({
      consultationFee: 0,
      requiresPayment: false,
      paymentStatus: 'Not Applicable',
      requestedTime: null,
    });
    const noMode = await post(patient, base({ requestedServiceId: 5 }));
    expect(noMode.status).toBe(400);
    expect(noMode.body.msg).toMatch(/Mode/);
  });

  it("when lab tests are chosen, then the fee is the sum of the server's prices rounded to 2 decimals", async () => {
    const res = await post(patient, base({ requestedServiceId: 6, selectedLabs: ['urine', 'hepb', 'fbc'], consultationFee: 5 }));
    expect(res.status).toBe(201);
    expect(res.body.data.consultationFee).toBe(151.25); // 35.5 + 55.75 + 60
    expect(res.body.data.requiresPayment).toBe(true);
    expect(res.body.data.selectedLabs.map((l: { itemName: string }) => l.itemName)).toEqual([
      'Urine Routine Examination',
      'Hepatitis B Screening',
      'Full Blood Count',
    ]);
    expect(res.body.data.doctorId).toBeNull();
  });

  it('when no lab test or an unknown one is chosen, then 400 names selectedLabs', async () => {
    for (const selectedLabs of [[], undefined, ['fbc', 'no-such-test']]) {
      const res = await post(patient, base({ requestedServiceId: 6, selectedLabs }));
      expect(res.status).toBe(400);
      expect(res.body.msg).toMatch(/Lab tests/);
    }
  });

  it('when a prescription PNG is sent, then it is stored apart from the appointment and only its owner can fetch it', async () => {
    const res = await post(
      patient,
      base({ requestedServiceId: 7, appointmentFiles: dataUrl('image/png', PNG), appointmentFileName: 'prescription.png' }),
    );
    expect(res.status).toBe(201);
    const id = res.body.data.appointmentId;
    expect(res.body.data).toMatchObject({
      consultationFee: 0,
      appointmentFileType: 'image/png',
      appointmentFileName: 'prescription.png',
    });
    const stored = (await db().collection(COLLECTIONS.appointments).doc(id).get()).data()!;
    expect(JSON.stringify(stored)).not.toContain(PNG.toString('base64'));
    const file = await asBytes(get(patient, `/appointments/${id}/file`));
    expect(file.status).toBe(200);
    expect(file.headers).toMatchObject({
      'content-type': 'image/png',
      'cache-control': 'private, no-store',
      'x-content-type-options': 'nosniff',
      'content-disposition': 'attachment; filename="prescription.png"',
    });
    expect(Buffer.compare(file.body as Buffer, PNG)).toBe(0);
    const refused = await get(other, `/appointments/${id}/file`);
    expect(refused.status).toBe(403);
    expect(refused.body.data).toBeNull();
  });

  it('when the prescription’s uploaded name has quotes, line breaks or another extension, then it is saved under a safe name of its real type', async () => {
    const res = await post(
      patient,
      base({
        requestedServiceId: 7,
        appointmentFiles: dataUrl('image/png', PNG),
        appointmentFileName: 'C:\\scans\\Rx "Dr. Mensah"\r\nSet-Cookie: x=1.jpeg',
      }),
    );
    expect(res.status).toBe(201);
    const file = await asBytes(get(patient, `/appointments/${res.body.data.appointmentId}/file`));
    expect(file.headers['content-disposition']).toBe('attachment; filename="Rx _Dr. Mensah_Set-Cookie_ x_1.png"');
    expect(file.headers['content-type']).toBe('image/png');
  });

  it('when the prescription is missing, then 400 names the file', async () => {
    const res = await post(patient, base({ requestedServiceId: 7 }));
    expect(res.status).toBe(400);
    expect(res.body.msg).toMatch(/Prescription file/);
  });

  it('when the prescription is not a PDF, JPEG or PNG by its bytes, then 415 and nothing is written', async () => {
    const user = await createTestUser();
    for (const file of [
      dataUrl('image/png', Buffer.from('MZ not an image at all')),
      dataUrl('text/plain', Buffer.from('hello')),
      dataUrl('image/jpeg', PNG),
    ]) {
      const res = await post(user, base({ requestedServiceId: 7, appointmentFiles: file }));
      expect(res.status).toBe(415);
      expect(res.body.msg).toBe('The prescription must be a PDF, JPEG or PNG file.');
    }
    expect(await storedOf(user.uid)).toEqual([]);
  });

  it('when the prescription is over the limit, then 413 with a clear msg', async () => {
    const big = Buffer.concat([Buffer.from('%PDF-1.7\n'), Buffer.alloc(MAX_PRESCRIPTION_BYTES)]);
    const res = await post(patient, base({ requestedServiceId: 7, appointmentFiles: dataUrl('application/pdf', big) }));
    expect(res.status).toBe(413);
    expect(res.body.msg).toMatch(/prescription file is too large: at most 700 KB/);
  });

  it('when a community service lacks its fields, then 400 names each; complete, it is booked free', async () => {
    const missing = await post(patient, base({ requestedServiceId: 8 }));
    expect(missing.status).toBe(400);
    for (const field of ['organiztionName', 'organiztionLocation', 'organiztionType', 'organiztionService', 'expectedPeople']) {
      expect(missing.body.data.fields).toHaveProperty([field]);
    }
    expect(missing.body.msg).toContain('Organization Name is required.');
    const res = await post(
      patient,
      base({
        requestedServiceId: 9,
        organiztionName: 'Dodowa Farmers Association',
        organiztionLocation: 'Dodowa',
        organiztionType: 'COMMUNITY',
        organiztionService: 'MEDICAL_SCREENING',
        expectedPeople: '51-100',
      }),
    );
    expect(res.status).toBe(201);
    expect(res.body.data).toMatchObject({
      requestedServiceId: 9,
      organiztionName: 'Dodowa Farmers Association',
      expectedPeople: '51-100',
      consultationFee: 0,
    });
  });

  it('when another service gets a doctor, time or labs, then they are dropped and it is free', async () => {
    const res = await post(
      patient,
      base({ requestedServiceId: 3, doctorId: 'dr-boateng', requestedTime: '09:00', selectedLabs: ['fbc'] }),
    );
    expect(res.status).toBe(201);
    expect(res.body.data).toMatchObject({
      requestedService: 'Nursing Home Care',
      doctorId: null,
      requestedTime: null,
      selectedLabs: [],
      consultationFee: 0,
      requiresPayment: false,
    });
  });
});

describe('POST /appointments: bad input writes nothing', () => {
  let user: TestUser;
  beforeAll(async () => {
    user = await createTestUser();
  });
  afterEach(async () => expect(await storedOf(user.uid)).toEqual([]));

  it('when required fields are missing, then 400 names each of them', async () => {
    const res = await post(user, { requestedServiceId: 2 });
    expect(res.status).toBe(400);
    for (const field of ['firstName', 'lastName', 'gender', 'emailAddress', 'contactNumber', 'location', 'requestedDay']) {
      expect(res.body.data.fields).toHaveProperty([field]);
    }
    // In the words the form shows, never the keys.
    expect(res.body.msg).toContain('First Name is required.');
    expect(res.body.msg).not.toMatch(/firstName|requestedDay/);
  });

  it('when the day is in the past or not a date, then 400 names requestedDay', async () => {
    const yesterday = new Date(Date.now() - 86_400_000).toISOString().slice(0, 10);
    for (const requestedDay of [yesterday, '2025-02-30', 'tomorrow']) {
      const res = await post(user, base({ requestedServiceId: 2, requestedDay }));
      expect(res.status).toBe(400);
      expect(res.body.msg).toMatch(/Preferred Date/);
    }
  });

  it('when the service is unknown, then 400 names requestedServiceId', async () => {
    for (const requestedServiceId of [42, 'abc', undefined]) {
      const res = await post(user, base({ requestedServiceId }));
      expect(res.status).toBe(400);
      expect(res.body.msg).toMatch(/Service/);
    }
  });

  it('when the doctor is unknown or missing, then 400 names doctorId', async () => {
    for (const doctorId of ['dr-nobody', undefined]) {
      const res = await post(user, await virtual({ doctorId }));
      expect(res.status).toBe(400);
      expect(res.body.msg).toMatch(/Doctor/);
    }
  });

  it('when no token is sent, then 401', async () => {
    const res = await request(app)
      .post('/api/appointments')
      .send(await virtual());
    expect(res.status).toBe(401);
  });
});

describe('POST /appointments: double booking', () => {
  it('when the doctor is already booked at that day and time, then 409 with the spec message', async () => {
    const body = await virtual();
    expect((await post(patient, body)).status).toBe(201);
    const second = await post(other, body);
    expect(second.status).toBe(409);
    expect(second.body.msg).toBe('This time is no longer available. Please choose another.');
  });

  it('when five patients race for one slot, then exactly one wins and one appointment exists', async () => {
    const users = await Promise.all(Array.from({ length: 5 }, () => createTestUser()));
    const body = (await virtual({ doctorId: 'dr-mensah' })) as Record<string, unknown> & { requestedDay: string };
    const results = await Promise.all(users.map((u) => post(u, body)));
    expect(results.map((r) => r.status).sort()).toEqual([201, 409, 409, 409, 409]);
    const stored = await db()
      .collection(COLLECTIONS.appointments)
      .where('doctorId', '==', 'dr-mensah')
      .where('requestedDay', '==', body.requestedDay)
      .where('requestedTime', '==', body.requestedTime)
      .get();
    expect(stored.docs.filter((d) => d.get('appointmentStatus') === 'Pending')).toHaveLength(1);
  });

  it('when the holder cancels, then the slot is free again', async () => {
    const body = await virtual();
    const first = await post(patient, body);
    await request(app)
      .post('/api/appointments/cancel')
      .set('Authorization', `Bearer ${patient.idToken}`)
      .send({ appointmentId: first.body.data.appointmentId });
    expect((await post(other, body)).status).toBe(201);
  });
});

describe('lists: pending and history', () => {
  it('when a patient lists pending ones, then only their own Pending ones come, newest first', async () => {
    const user = await createTestUser();
    const a = await bookedId(user, base({ requestedServiceId: 2 }));
    const b = await bookedId(user, base({ requestedServiceId: 4 }));
    await bookedId(other, base({ requestedServiceId: 2 }));
    const res = await get(user, `/appointments/pending?patientId=${user.uid}`);
    expect(res.status).toBe(200);
    expect(res.body.data.map((x: { appointmentId: string }) => x.appointmentId)).toEqual([b, a]);
  });

  it("when another patient's list is asked for, then 403", async () => {
    expect((await get(patient, `/appointments/pending?patientId=${other.uid}`)).status).toBe(403);
    expect((await get(patient, `/consultation?patientId=${other.uid}`)).status).toBe(403);
    expect((await request(app).get(`/api/consultation?patientId=${other.uid}`)).status).toBe(401);
  });

  it('when one is cancelled or past, then it moves from pending to /consultation', async () => {
    const user = await createTestUser();
    const kept = await bookedId(user, base({ requestedServiceId: 2 }));
    const cancelled = await bookedId(user, base({ requestedServiceId: 3 }));
    const past = await bookedId(user, base({ requestedServiceId: 4 }));
    await db().collection(COLLECTIONS.appointments).doc(past).update({ requestedDay: '2024-01-15' });
    await request(app)
      .post('/api/appointments/cancel')
      .set('Authorization', `Bearer ${user.idToken}`)
      .send({ appointmentId: cancelled });
    const pending = await get(user, '/appointments/pending');
    const history = await get(user, `/consultation?patientId=${user.uid}`);
    const ids = (r: request.Response) => r.body.data.map((x: { appointmentId: string }) => x.appointmentId).sort();
    expect(ids(pending)).toEqual([kept]);
    expect(ids(history)).toEqual([cancelled, past].sort());
  });

  it('when a booking is accepted or checked in, then it stays in Upcoming (soonest first) and out of History; /appointments/pending keeps only Pending ones', async () => {
    const user = await createTestUser();
    const ids = (r: request.Response) => r.body.data.map((x: { appointmentId: string }) => x.appointmentId);
    const [accepted, pending, checkedIn, completed, acceptedPast] = await Promise.all(
      [2, 3, 4, 2, 3].map((requestedServiceId) => bookedId(user, base({ requestedServiceId }))),
    );
    const set = (id: string, fields: object) => db().collection(COLLECTIONS.appointments).doc(id).update(fields);
    // What a confirmed visit looks like next week: Accepted (and, for a paid one, Paid).
    await set(accepted, { appointmentStatus: 'Accepted', paymentStatus: 'Paid', requestedDay: '2099-01-20' });
    await set(pending, { requestedDay: '2099-01-25' });
    await set(checkedIn, { appointmentStatus: 'CheckedIn', requestedDay: '2099-01-10' });
    await set(completed, { appointmentStatus: 'Completed', requestedDay: '2099-01-05' });
    await set(acceptedPast, { appointmentStatus: 'Accepted', requestedDay: '2024-01-15' });

    const upcoming = await get(user, `/appointments/upcoming?patientId=${user.uid}`);
    expect(upcoming.status).toBe(200);
    expect(ids(upcoming)).toEqual([checkedIn, accepted, pending]);
    const history = await get(user, `/consultation?patientId=${user.uid}`);
    expect(ids(history).sort()).toEqual([completed, acceptedPast].sort());
    expect(ids(await get(user, `/appointments/pending?patientId=${user.uid}`))).toEqual([pending]);
    expect((await get(other, `/appointments/upcoming?patientId=${user.uid}`)).status).toBe(403);
  });

  it('when one appointment is asked for, then its owner gets it, others 403, unknown 404', async () => {
    const a = await post(patient, base({ requestedServiceId: 2 }));
    const id = a.body.data.appointmentId;
    expect((await get(patient, `/appointments/${id}`)).body.data).toMatchObject({
      appointmentId: id,
      requestedService: 'Doctor Consultation at home',
    });
    expect((await get(other, `/appointments/${id}`)).status).toBe(403);
    expect((await get(patient, '/appointments/no-such-id')).status).toBe(404);
  });
});

describe('cancel and delete', () => {
  const cancel = (user: TestUser, appointmentId: string, extra: object = {}) =>
    request(app)
      .post('/api/appointments/cancel')
      .set('Authorization', `Bearer ${user.idToken}`)
      .send({ appointmentId, ...extra });
  const remove = (user: TestUser, appointmentId: string) =>
    request(app).delete(`/api/appointments/${appointmentId}`).set('Authorization', `Bearer ${user.idToken}`);

  it('when a Pending one is cancelled, then it is Cancelled with declineByPatient, the account is told once, and a second cancel is 409', async () => {
    const a = await post(patient, base({ requestedServiceId: 2 }));
    const id = a.body.data.appointmentId;
    const res = await cancel(patient, id, { appointmentStatus: 'Pending', paymentStatus: 'Paid' });
    expect(res.status).toBe(200);
    const stored = (await db().collection(COLLECTIONS.appointments).doc(id).get()).data();
    expect(stored).toMatchObject({ appointmentStatus: 'Cancelled', declineByPatient: true, paymentStatus: 'Not Applicable' });
    expect((await cancel(patient, id)).status).toBe(409);
    const told = await mailsAbout('appointmentId', id);
    expect(told.map((m) => [m.to, m.message.subject])).toContainEqual([
      patient.email,
      expect.stringMatching(/^Appointment cancelled: /),
    ]);
    expect(told.filter((m) => m.event === 'appointment.cancelled-by-patient')).toHaveLength(1);
  });

  it("when another patient's appointment is cancelled or deleted, then 403 and it is unchanged", async () => {
    const a = await post(patient, await virtual());
    const id = a.body.data.appointmentId;
    expect((await cancel(other, id)).status).toBe(403);
    expect((await remove(other, id)).status).toBe(403);
    expect((await db().collection(COLLECTIONS.appointments).doc(id).get()).get('appointmentStatus')).toBe('Pending');
  });

  it('when one is accepted and paid, then delete answers 409 and cancel follows the policy (free this far ahead: all refunded)', async () => {
    const a = await post(patient, await virtual());
    const id = a.body.data.appointmentId;
    await db().collection(COLLECTIONS.appointments).doc(id).update({ appointmentStatus: 'Accepted', paymentStatus: 'Paid' });
    expect((await remove(patient, id)).status).toBe(409);
    const res = await cancel(patient, id);
    expect(res.status).toBe(200);
    expect(res.body.data.cancellation).toMatchObject({ rule: 'free', refundAmount: a.body.data.consultationFee, feeAmount: 0 });
    const refunds = await db().collection(COLLECTIONS.refunds).where('recordId', '==', id).get();
    expect(refunds.docs.map((d) => d.data())).toMatchObject([
      { reason: 'cancelled', status: 'Due', amount: a.body.data.consultationFee },
    ]);
  });

  it('when one is declined, then cancel answers 409 with the refund policy and the reference', async () => {
    const a = await post(patient, await virtual());
    const id = a.body.data.appointmentId;
    await db().collection(COLLECTIONS.appointments).doc(id).update({ appointmentStatus: 'Declined', paymentStatus: 'Paid' });
    const res = await cancel(patient, id);
    expect(res.status).toBe(409);
    expect(res.body.msg).toMatch(/12 hours before.*50% late cancellation fee.*refund/);
    expect(res.body.msg).toContain(a.body.data.clientReference);
  });

  it('when an Unpaid one is deleted, then it and its file are gone', async () => {
    const a = await post(patient, base({ requestedServiceId: 6, selectedLabs: ['fbc'] }));
    const id = a.body.data.appointmentId;
    const res = await remove(patient, id);
    expect(res.status).toBe(200);
    expect(res.body.msg).toBe('Your appointment has been deleted.');
    expect((await db().collection(COLLECTIONS.appointments).doc(id).get()).exists).toBe(false);
  });

  it('when a prescription appointment is deleted, then its file is gone too', async () => {
    const user = await createTestUser();
    const a = await post(user, base({ requestedServiceId: 7, appointmentFiles: dataUrl('image/png', PNG) }));
    const id = a.body.data.appointmentId;
    // Free services are not payable, so only cancel applies; make it Unpaid as a paid service would be.
    await db().collection(COLLECTIONS.appointments).doc(id).update({ paymentStatus: 'Unpaid' });
    expect((await remove(user, id)).status).toBe(200);
    expect((await db().collection(COLLECTIONS.appointmentFiles).doc(id).get()).exists).toBe(false);
  });

  it('when a free one is deleted, then 409 says to cancel instead', async () => {
    const a = await post(patient, base({ requestedServiceId: 2 }));
    const res = await remove(patient, a.body.data.appointmentId);
    expect(res.status).toBe(409);
    expect(res.body.msg).toMatch(/cancel this one instead/);
  });
});
