import request from 'supertest';
import { createApp } from '../../app';
import { MAX_RESULT_BYTES, RX_CODE_ALPHABET, RX_CODE_LENGTH } from '../../api/record';
import type { AppointmentState } from '../../api/staff';
import type { Appointment } from '../../api/types';
import { seedCatalog } from '../../seed/seed';
import { COLLECTIONS } from '../../store/collections';
import { db } from '../../store/firebase';
import { createStaffUser, createTestUser, type TestUser } from '../../test-support/auth';
import { bookingBase } from '../../test-support/booking';
import { forwardedFor } from '../../test-support/client';
import { atStartOfWindow } from '../../test-support/clock';
import { logger } from 'firebase-functions';
import { rateLimitClock } from '../../http/rate-limit';
import { newRxCode } from '../../services/record/prescriptions';
import { checkRx, RX_BUSY, RX_MISSES_PER_HOUR, RX_TOO_MANY_MISSES, rxMissBudget } from '../../services/record/rx-check';
import { smsDocsOf } from '../../test-support/sms';
import { mailDocsOf } from '../../test-support/mail';
import { auditOf, startingIn, storedAppointment } from '../../test-support/staff';

/**
 * The record after a visit (docs/record.md), through the API in-process against the
 * emulators: visit notes, the staff record and who may open it, e-prescriptions (their
 * PDF, public check and dispensing), lab requests, bookings made from them, and result files.
 */
const app = createApp();
const bearer = (u: TestUser) => ({ Authorization: `Bearer ${u.idToken}` });
const doc = (collection: string, id: string) => db().collection(collection).doc(id);

let patient: TestUser;
let otherPatient: TestUser;
let admin: TestUser;
let staff: TestUser;
let doctor: TestUser;
let otherDoctor: TestUser;

beforeAll(async () => {
  await seedCatalog(db());
  [patient, otherPatient, admin, staff, doctor, otherDoctor] = await Promise.all([
    createTestUser(),
    createTestUser(),
    createStaffUser('admin'),
    createStaffUser('staff'),
    createStaffUser('doctor', 'dr-mensah'),
    createStaffUser('doctor', 'dr-owusu'),
  ]);
  await doc(COLLECTIONS.patients, patient.uid).update({
    dateOfBirth: '1990-03-14',
    nameOfNextOfKin: 'Esi Mensah',
    nextOfKinContact: '+233201234567',
    nextOfKinRelationship: 'Sister',
  });
});

/** Dr Mensah's visit with the patient, in `state`; checked in, it is under way (started 10 minutes ago). */
const visit = (state: AppointmentState = 'CheckedIn', overrides: Partial<Appointment> = {}) =>
  storedAppointment(patient.uid, state, {
    ...(state === 'CheckedIn' ? startingIn(-10) : {}),
    requestedServiceId: 1,
    requestedService: 'Virtual Consultation (Telemedicine)',
    doctorId: 'dr-mensah',
    doctorSurName: 'Mensah',
    doctorOtherNames: 'Kwame',
    firstName: 'Ama Serwaa',
    lastName: 'Boateng',
    ...overrides,
  });

const ITEM = {
  medicine: 'Amoxicillin',
  strength: '500 mg',
  dose: '1 capsule',
  frequency: '3 times a day',
  duration: '5 days',
  quantity: 15,
  notes: 'Take after meals',
};

const prescribe = (user: TestUser, appointmentId: string, body: object = { items: [ITEM] }) =>
  request(app).post(`/api/staff/appointments/${appointmentId}/prescriptions`).set(bearer(user)).send(body);

const NOTES = {
  complaint: 'Cough for two weeks',
  findings: 'Crackles at the right base',
  assessment: 'Community-acquired pneumonia',
  plan: 'Amoxicillin; review in 2 weeks',
};

describe('complete: visit notes and a follow-up', () => {
  it('when a doctor completes with notes, then the clinic holds them and the patient reads the summary only', async () => {
    const a = await visit();
    const res = await request(app)
      .post(`/api/staff/appointments/${a.appointmentId}/complete`)
      .set(bearer(doctor))
      .send({ visitSummary: 'A chest infection: antibiotics for 5 days.', clinicalNotes: NOTES, followUp: { afterDays: 14 } });
    expect(res.status).toBe(200);
    const stored = (await doc(COLLECTIONS.appointments, a.appointmentId).get()).data()!;
    expect(stored.clinicalNotes).toEqual(NOTES);
    expect(stored.followUp).toMatchObject({ note: '', suggestedBy: doctor.email });
    expect(stored.followUp.dueDate).toBe(new Date(Date.now() + 14 * 86_400_000).toISOString().slice(0, 10));

    const own = await request(app).get(`/api/appointments/${a.appointmentId}`).set(bearer(patient));
    expect(own.body.data.visitSummary).toBe('A chest infection: antibiotics for 5 days.');
    expect(own.body.data.followUp.dueDate).toBe(stored.followUp.dueDate);
    const lists = await Promise.all(
      ['/api/consultation', '/api/appointments/pending'].map((path) =>
        request(app).get(path).query({ patientId: patient.uid }).set(bearer(patient)),
      ),
    );
    for (const answer of [own, ...lists]) expect(JSON.stringify(answer.body)).not.toMatch(/clinicalNotes|Crackles/);
  });

  it.each([
    ['notes too long', { clinicalNotes: { ...NOTES, findings: 'x'.repeat(2001) } }, /Findings must be at most 2000/],
    ['both afterDays and date', { followUp: { afterDays: 7, date: '2030-01-01' } }, /give either a number of days or a day/],
    ['a follow-up day in the past', { followUp: { date: '2020-01-01' } }, /Follow-up day must be after today/],
  ])('when the body has %s, then 400 naming the field and nothing changes', async (_case, extra, msg) => {
    const a = await visit();
    const res = await request(app)
      .post(`/api/staff/appointments/${a.appointmentId}/complete`)
      .set(bearer(doctor))
      .send({ visitSummary: 'Summary', ...extra });
    expect(res.status).toBe(400);
    expect(res.body.msg).toMatch(msg);
    expect((await doc(COLLECTIONS.appointments, a.appointmentId).get()).get('appointmentStatus')).toBe('CheckedIn');
  });
});

describe('GET /staff/patients/{patientId}/record', () => {
  const record = (user: TestUser, patientId = patient.uid) =>
    request(app).get(`/api/staff/patients/${patientId}/record`).set(bearer(user));

  it('when an admin opens it, then it holds the person, age, next of kin, family, appointments with notes, prescriptions and lab requests, and the read is audited', async () => {
    const a = await visit('Completed', { clinicalNotes: NOTES, visitSummary: 'Chest infection' });
    await request(app)
      .post(`/api/patient/${patient.uid}/dependants`)
      .set(bearer(patient))
      .send({ firstName: 'Yaw', lastName: 'Mensah', relation: 'Child', dateOfBirth: '2018-06-01', gender: 'MALE' });
    const res = await record(admin);
    expect(res.status).toBe(200);
    expect(res.headers['cache-control']).toBe('private, no-store');
    const today = new Date().toISOString().slice(0, 10);
    const age = Number(today.slice(0, 4)) - 1990 - (today.slice(5) < '03-14' ? 1 : 0);
    expect(res.body.data.patient).toMatchObject({
      patientId: patient.uid,
      age,
      sex: 'MALE',
      nextOfKin: { name: 'Esi Mensah', contact: '+233201234567', relationship: 'Sister', location: '' },
    });
    expect(res.body.data.dependants).toEqual([expect.objectContaining({ firstName: 'Yaw', relation: 'Child' })]);
    expect(res.body.data.appointments).toContainEqual(
      expect.objectContaining({ appointmentId: a.appointmentId, clinicalNotes: NOTES }),
    );
    expect(res.body.data).toHaveProperty('prescriptions');
    expect(res.body.data).toHaveProperty('labRequests');
    expect(await auditOf(`patients/${patient.uid}`)).toContainEqual(
      expect.objectContaining({ actorUid: admin.uid, action: 'patient.record.read', patientIds: [patient.uid] }),
    );
  });

  it('when a doctor with an appointment with the patient opens it, then 200; staff too', async () => {
    await visit('Accepted');
    expect((await record(doctor)).status).toBe(200);
    expect((await record(staff)).status).toBe(200);
  });

  describe('a doctor reads it only through an appointment that puts the patient in their care', () => {
    const daysAgo = (days: number) => new Date(Date.now() - days * 86_400_000).toISOString().slice(0, 10);
    const mine = { doctorId: 'dr-mensah', doctorSurName: 'Mensah', doctorOtherNames: 'Kwame' };

    it.each([
      ['Declined', 'Declined', {}],
      ['Cancelled', 'Cancelled', {}],
      ['Pending and unpaid', 'Pending', { paymentStatus: 'Unpaid' as const }],
      ['completed 13 months ago', 'Completed', { requestedDay: daysAgo(400) }],
    ] as const)(
      'when the only appointment is %s, then 403 saying why, and nothing is read or audited',
      async (_case, state, extra) => {
        const someone = await createTestUser();
        await storedAppointment(someone.uid, state, { ...mine, ...extra });
        const res = await record(doctor, someone.uid);
        expect(res.status).toBe(403);
        expect(res.body.msg).toMatch(/^You can open a patient's record only through an appointment of yours that is accepted/);
        expect(res.body.msg).toContain(state);
        expect(res.body.data).toBeNull();
        expect(await auditOf(`patients/${someone.uid}`)).toEqual([]);
      },
    );

    it.each([
      ['Accepted', 'Accepted', {}],
      ['on the way', 'OnTheWay', {}],
      ['checked in', 'CheckedIn', {}],
      ['Pending and paid, upcoming', 'Pending', { paymentStatus: 'Paid' as const }],
      ['completed 11 months ago', 'Completed', { requestedDay: daysAgo(330) }],
    ] as const)('when an appointment is %s, then 200 and the read is audited', async (_case, state, extra) => {
      const someone = await createTestUser();
      await storedAppointment(someone.uid, 'Declined', mine);
      await storedAppointment(someone.uid, state, { ...mine, ...extra });
      const res = await record(doctor, someone.uid);
      expect(res.status).toBe(200);
      expect(await auditOf(`patients/${someone.uid}`)).toContainEqual(
        expect.objectContaining({ actorUid: doctor.uid, action: 'patient.record.read', patientIds: [someone.uid] }),
      );
    });
  });

  it('when a doctor with no appointment with the patient opens it, then 403 and nothing is audited', async () => {
    const stranger = await createTestUser();
    await storedAppointment(stranger.uid, 'Completed', { doctorId: 'dr-owusu' });
    const res = await record(doctor, stranger.uid);
    expect(res.status).toBe(403);
    expect(res.body.msg).toBe('You can open the record of a patient you have an appointment with only.');
    expect(await auditOf(`patients/${stranger.uid}`)).toEqual([]);
  });

  it('when the patient does not exist, then 404 (admin)', async () => {
    expect((await record(admin, 'no-such-patient')).status).toBe(404);
  });
});

describe('POST /staff/appointments/{appointmentId}/prescriptions', () => {
  it('when the appointment’s doctor prescribes at the visit, then 201 with an unguessable code, stored, audited, and the patient is sent the code', async () => {
    const a = await visit();
    const res = await prescribe(doctor, a.appointmentId);
    expect(res.status).toBe(201);
    const { prescriptionId, code } = res.body.data;
    expect(code).toMatch(new RegExp(`^[${RX_CODE_ALPHABET}]{${RX_CODE_LENGTH}}$`));
    const stored = (await doc(COLLECTIONS.prescriptions, prescriptionId).get()).data()!;
    expect(stored).toMatchObject({
      appointmentId: a.appointmentId,
      patientId: patient.uid,
      doctorId: 'dr-mensah',
      doctor: 'Dr Kwame Mensah',
      items: [ITEM],
      code,
      status: 'Issued',
      patientInitials: 'A. S. B.',
    });
    expect(await auditOf(`prescriptions/${prescriptionId}`)).toEqual([
      expect.objectContaining({ actorUid: doctor.uid, action: 'prescription.issue', patientIds: [patient.uid] }),
    ]);
    const sms = (await smsDocsOf(patient.uid)).filter((s) => s.event === 'prescription.issued');
    expect(sms.map((s) => s.body)).toContainEqual(expect.stringContaining(`Prescription code ${code}`));
    expect(sms.map((s) => s.body)).toContainEqual(expect.stringContaining(`/rx/${code}`));
  });

  it('when codes are drawn, then they differ', async () => {
    const a = await visit();
    const codes = await Promise.all([1, 2, 3].map(async () => (await prescribe(admin, a.appointmentId)).body.data.code));
    expect(new Set(codes).size).toBe(3);
  });

  it('when another doctor, staff, or the patient prescribes, then 403 and nothing is stored', async () => {
    const a = await visit();
    const refusals = await Promise.all([otherDoctor, staff, patient].map((u) => prescribe(u, a.appointmentId)));
    expect(refusals.map((r) => r.status)).toEqual([403, 403, 403]);
    expect(refusals[0].body.msg).toBe("This appointment is another doctor's.");
    const stored = await db().collection(COLLECTIONS.prescriptions).where('appointmentId', '==', a.appointmentId).get();
    expect(stored.size).toBe(0);
  });

  it('when the patient is not checked in yet, then 409', async () => {
    const a = await visit('Accepted');
    const res = await prescribe(doctor, a.appointmentId);
    expect(res.status).toBe(409);
    expect(res.body.msg).toMatch(/^This appointment is Accepted/);
  });

  it.each([
    ['no items', { items: [] }, /Medicines are required/],
    ['a missing dose', { items: [{ ...ITEM, dose: '' }] }, /Dose is required/],
    ['a quantity of 0', { items: [{ ...ITEM, quantity: 0 }] }, /Quantity must be at least 1/],
    ['21 items', { items: Array(21).fill(ITEM) }, /at most 20/],
  ])('when the body has %s, then 400 naming the field', async (_case, body, msg) => {
    const a = await visit();
    const res = await prescribe(doctor, a.appointmentId, body);
    expect(res.status).toBe(400);
    expect(res.body.msg).toMatch(msg);
  });
});

describe('the patient’s prescriptions, the PDF, the public check and dispensing', () => {
  let prescriptionId: string;
  let code: string;
  beforeAll(async () => {
    const a = await visit();
    ({ prescriptionId, code } = (await prescribe(doctor, a.appointmentId)).body.data);
  });

  it('when the owner lists them, then 200 with the prescription; another patient’s list is 403', async () => {
    const own = await request(app).get(`/api/prescriptions/${patient.uid}`).set(bearer(patient));
    expect(own.status).toBe(200);
    expect(own.body.data).toContainEqual(expect.objectContaining({ prescriptionId, code, status: 'Issued', items: [ITEM] }));
    expect((await request(app).get(`/api/prescriptions/${patient.uid}`).set(bearer(otherPatient))).status).toBe(403);
  });

  it('when the owner downloads the PDF, then a real PDF with the medicine in it, never cached', async () => {
    const res = await request(app)
      .get(`/api/prescriptions/${patient.uid}/${prescriptionId}/pdf`)
      .set(bearer(patient))
      .buffer(true)
      .parse((r, done) => {
        const chunks: Buffer[] = [];
        r.on('data', (c: Buffer) => chunks.push(c));
        r.on('end', () => done(null, Buffer.concat(chunks)));
      });
    expect(res.status).toBe(200);
    expect(res.headers['content-type']).toBe('application/pdf');
    expect(res.headers['cache-control']).toBe('private, no-store');
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    const pdf = (res.body as Buffer).toString('latin1');
    expect(pdf.startsWith('%PDF-1.4')).toBe(true);
    expect(pdf.trimEnd().endsWith('%%EOF')).toBe(true);
    expect(pdf).toContain('(1. Amoxicillin 500 mg) Tj');
    expect(pdf).toContain(code);
  });

  it('when another patient asks for the PDF, through their own path or the owner’s, then 403', async () => {
    const viaOwn = await request(app)
      .get(`/api/prescriptions/${otherPatient.uid}/${prescriptionId}/pdf`)
      .set(bearer(otherPatient));
    const viaOwner = await request(app).get(`/api/prescriptions/${patient.uid}/${prescriptionId}/pdf`).set(bearer(otherPatient));
    expect([viaOwn.status, viaOwner.status]).toEqual([403, 403]);
  });

  const rx = (path: string, client = forwardedFor()) => request(app).get(`/api/rx/${path}`).set('X-Forwarded-For', client);
  const rxPost = (path: string, body: object, client = forwardedFor()) =>
    request(app).post(`/api/rx/${path}`).set('X-Forwarded-For', client).send(body);
  const PROOF = { initials: 'a.s.b', birthYear: 1990 };
  const ITEMS = [
    {
      medicine: 'Amoxicillin',
      strength: '500 mg',
      dose: '1 capsule',
      frequency: '3 times a day',
      duration: '5 days',
      quantity: 15,
    },
  ];

  it('when a pharmacy checks the code, then it sees genuine, the date and the doctor, and no medicines or initials', async () => {
    const res = await rx(`${code.toLowerCase().slice(0, 4)}-${code.slice(4)}`);
    expect(res.status).toBe(200);
    expect(res.headers['cache-control']).toBe('no-store');
    expect(res.body.msg).toBe(`Prescription ${code} is genuine and not yet dispensed.`);
    expect(res.body.data).toEqual({ status: 'Issued', issuedAt: expect.any(String), doctor: 'Dr Kwame Mensah' });
    expect(JSON.stringify(res.body)).not.toMatch(/Ama|Serwaa|Boateng|patientId|Amoxicillin|A\. S\. B\.|after meals|\+233/);
  });

  it("when the pharmacist types the patient's initials and year of birth, then the medicines (without notes); a wrong one is 403 saying so", async () => {
    const res = await rxPost(`${code}/items`, PROOF);
    expect(res.status).toBe(200);
    expect(res.body.data).toEqual({ status: 'Issued', issuedAt: expect.any(String), doctor: 'Dr Kwame Mensah', items: ITEMS });
    for (const wrong of [
      { ...PROOF, birthYear: 1991 },
      { ...PROOF, initials: 'ASX' },
    ]) {
      const refused = await rxPost(`${code}/items`, wrong);
      expect(refused.status).toBe(403);
      expect(refused.body.msg).toMatch(/initials and year of birth do not match/);
      expect(JSON.stringify(refused.body)).not.toMatch(/Amoxicillin/);
    }
    const missing = await rxPost(`${code}/items`, { initials: 'ASB' });
    expect(missing.status).toBe(400);
    expect(missing.body.msg).toMatch(/year of birth is required/);
  });

  it('when a code is unknown, then 404; when it cannot be a code, then 400', async () => {
    const unknown = await rx('ZZZZ2222ZZ');
    expect(unknown.status).toBe(404);
    const bad = await rx('ABC');
    expect(bad.status).toBe(400);
    expect(bad.body.msg).toMatch(/^Prescription code must be/);
  });

  it('when a code of the old 8 characters is checked, then it still works', async () => {
    const old = 'ZZ' + code.slice(0, 6);
    await doc(COLLECTIONS.prescriptions, prescriptionId).update({ code: old });
    try {
      const res = await rx(old);
      expect(res.status).toBe(200);
      expect(res.body.data.doctor).toBe('Dr Kwame Mensah');
    } finally {
      await doc(COLLECTIONS.prescriptions, prescriptionId).update({ code });
    }
  });

  it(`when one client guesses codes, then after ${RX_MISSES_PER_HOUR} misses in an hour it is 429, even for a real code; another client still checks`, async () => {
    const clock = atStartOfWindow(3_600_000);
    const client = forwardedFor();
    const statuses: number[] = [];
    try {
      // Spread over minutes of the hour: the per-minute limit is not what stops it.
      for (let i = 0; i < RX_MISSES_PER_HOUR; i++) {
        clock.mockReturnValue(Math.floor(Date.now() / 3_600_000) * 3_600_000 + i * 60_000 + 1000);
        statuses.push((await rx(newRxCode(), client)).status);
      }
      const after = await rx(code, client);
      expect(statuses).toEqual(Array<number>(RX_MISSES_PER_HOUR).fill(404));
      expect(after.status).toBe(429);
      expect(after.body.msg).toBe(RX_TOO_MANY_MISSES);
      expect((await rx(code)).status).toBe(200);
    } finally {
      clock.mockRestore();
    }
  });

  it("when callers switching numbers spend the USSD channel's misses, then the website's check still answers pharmacies", async () => {
    const hour = (Math.floor(Date.now() / 3_600_000) + 1e6 + Math.floor(Math.random() * 1e6)) * 3_600_000;
    jest.spyOn(rateLimitClock, 'now').mockReturnValue(hour);
    jest.replaceProperty(rxMissBudget, 'ussd', 3);
    try {
      for (let i = 0; i < 3; i++)
        await expect(checkRx({ channel: 'ussd', client: `+23324${String(1000000 + i)}` }, newRxCode())).rejects.toMatchObject({
          status: 404,
        });
      // The USSD channel is spent for every number ...
      await expect(checkRx({ channel: 'ussd', client: '+233249999999' }, code)).rejects.toMatchObject({ status: 429 });
      // ... and the website's pharmacies are not touched by it.
      const web = await rx(code);
      expect(web.status).toBe(200);
      expect(web.body.data.status).toBe('Issued');
    } finally {
      jest.restoreAllMocks();
    }
  });

  it('when misses from all clients together pass the budget, then an error is logged for the alerts and checks are refused', async () => {
    // An hour of this test alone: the budget counts every client.
    const hour = (Math.floor(Date.now() / 3_600_000) + 1e6 + Math.floor(Math.random() * 1e6)) * 3_600_000;
    jest.spyOn(rateLimitClock, 'now').mockReturnValue(hour);
    jest.replaceProperty(rxMissBudget, 'web', 3);
    const errors = jest.spyOn(logger, 'error');
    try {
      for (let i = 0; i < 3; i++) expect((await rx(newRxCode())).status).toBe(404);
      expect(errors).not.toHaveBeenCalled();
      const refused = await rx(code);
      expect(errors).toHaveBeenCalledWith(expect.stringMatching(/^rx miss budget spent/), expect.anything());
      expect(refused.status).toBe(429);
      expect(refused.body.msg).toBe(RX_BUSY);
    } finally {
      jest.restoreAllMocks();
    }
  });

  it('when a pharmacy dispenses with the proof, then it is Dispensed once, audited with the pharmacy, and the check never says genuine again', async () => {
    const a = await visit();
    const fresh = (await prescribe(doctor, a.appointmentId)).body.data as { prescriptionId: string; code: string };
    const wrong = await rxPost(`${fresh.code}/dispense`, { ...PROOF, birthYear: 1980, pharmacy: 'Osu Pharmacy' });
    expect(wrong.status).toBe(403);
    const first = await rxPost(`${fresh.code}/dispense`, { ...PROOF, pharmacy: 'Osu Pharmacy' });
    expect(first.status).toBe(200);
    expect(first.body.data).toMatchObject({ status: 'Dispensed', dispensedAt: expect.any(String) });
    const second = await rxPost(`${fresh.code}/dispense`, { ...PROOF, pharmacy: 'Another Pharmacy' });
    expect(second.status).toBe(409);
    expect(second.body.msg).toMatch(/was already dispensed on .*do not dispense it again/);
    const check = await rx(fresh.code);
    expect(check.body.data.status).toBe('Dispensed');
    expect(check.body.msg).not.toMatch(/genuine/);
    expect((await doc(COLLECTIONS.prescriptions, fresh.prescriptionId).get()).get('dispensedBy')).toBe('pharmacy: Osu Pharmacy');
    expect(await auditOf(`prescriptions/${fresh.prescriptionId}`)).toContainEqual(
      expect.objectContaining({
        action: 'prescription.dispensed',
        actorRole: 'pharmacy',
        patientIds: [patient.uid],
        query: 'pharmacy=Osu Pharmacy',
      }),
    );
  });

  it('when staff mark it dispensed, then it is Dispensed (audited) and the check says so; a second time is 409; a doctor may not', async () => {
    expect((await request(app).post(`/api/staff/prescriptions/${prescriptionId}/dispensed`).set(bearer(doctor))).status).toBe(
      403,
    );
    const first = await request(app).post(`/api/staff/prescriptions/${prescriptionId}/dispensed`).set(bearer(staff));
    expect(first.status).toBe(200);
    expect(first.body.data).toMatchObject({ status: 'Dispensed', dispensedBy: staff.email });
    const second = await request(app).post(`/api/staff/prescriptions/${prescriptionId}/dispensed`).set(bearer(admin));
    expect(second.status).toBe(409);
    expect(second.body.msg).toMatch(/^This prescription was already dispensed on /);
    const check = await rx(code);
    expect(check.body.data.status).toBe('Dispensed');
    expect(check.body.msg).not.toMatch(/genuine/);
    expect(await auditOf(`prescriptions/${prescriptionId}`)).toContainEqual(
      expect.objectContaining({ action: 'prescription.dispensed', actorUid: staff.uid, patientIds: [patient.uid] }),
    );
  });

  it('when an unknown prescription is marked dispensed, then 404', async () => {
    expect((await request(app).post('/api/staff/prescriptions/no-such/dispensed').set(bearer(staff))).status).toBe(404);
  });
});

describe('ordering a prescription’s medicines (Medicine Delivery, service 7)', () => {
  const order = (user: TestUser, prescriptionId?: string) =>
    request(app)
      .post('/api/appointments')
      .set(bearer(user))
      .send(bookingBase({ requestedServiceId: 7, ...(prescriptionId ? { prescriptionId } : {}) }));

  it('when the patient orders their own Issued prescription, then the booking carries it without a file, once', async () => {
    const a = await visit();
    const { prescriptionId } = (await prescribe(doctor, a.appointmentId)).body.data;
    const res = await order(patient, prescriptionId);
    expect(res.status).toBe(201);
    expect(res.body.data).toMatchObject({ requestedServiceId: 7, prescriptionId, appointmentFileName: null, consultationFee: 0 });
    expect((await doc(COLLECTIONS.prescriptions, prescriptionId).get()).get('deliveryAppointmentId')).toBe(
      res.body.data.appointmentId,
    );
    const again = await order(patient, prescriptionId);
    expect(again.status).toBe(409);
    expect(again.body.msg).toMatch(/already ordered/);
  });

  it('when the order is cancelled, then the prescription can be ordered again', async () => {
    const a = await visit();
    const { prescriptionId } = (await prescribe(doctor, a.appointmentId)).body.data;
    const first = await order(patient, prescriptionId);
    await doc(COLLECTIONS.appointments, first.body.data.appointmentId).update({ appointmentStatus: 'Cancelled' });
    expect((await order(patient, prescriptionId)).status).toBe(201);
  });

  it('when another patient names it, then 403; with neither file nor prescription, then 400', async () => {
    const a = await visit();
    const { prescriptionId } = (await prescribe(doctor, a.appointmentId)).body.data;
    expect((await order(otherPatient, prescriptionId)).status).toBe(403);
    const none = await order(patient);
    expect(none.status).toBe(400);
    expect(none.body.msg).toMatch(/Prescription file is required/);
  });

  it('when the prescription was dispensed, then 409', async () => {
    const a = await visit();
    const { prescriptionId } = (await prescribe(doctor, a.appointmentId)).body.data;
    await request(app).post(`/api/staff/prescriptions/${prescriptionId}/dispensed`).set(bearer(staff));
    const res = await order(patient, prescriptionId);
    expect(res.status).toBe(409);
    expect(res.body.msg).toMatch(/is Dispensed/);
  });
});

describe('lab requests and the lab booking made from one', () => {
  const requestLabs = (user: TestUser, appointmentId: string, tests: unknown) =>
    request(app).post(`/api/staff/appointments/${appointmentId}/lab-requests`).set(bearer(user)).send({ tests });
  const bookLabs = (user: TestUser, labRequestId: string, selectedLabs = ['fbc', 'malaria']) =>
    request(app)
      .post('/api/appointments')
      .set(bearer(user))
      .send(bookingBase({ requestedServiceId: 6, selectedLabs, labRequestId }));

  it('when the doctor requests tests, then the patient sees them and books them once, priced by the server', async () => {
    const a = await visit();
    const created = await requestLabs(doctor, a.appointmentId, ['fbc', 'malaria']);
    expect(created.status).toBe(201);
    const { labRequestId } = created.body.data;
    const list = await request(app).get(`/api/lab-requests/${patient.uid}`).set(bearer(patient));
    expect(list.body.data).toContainEqual(
      expect.objectContaining({
        labRequestId,
        tests: ['fbc', 'malaria'],
        testNames: ['Full Blood Count', 'Malaria Parasite Test'],
        status: 'Requested',
        doctor: 'Dr Kwame Mensah',
      }),
    );
    const booked = await bookLabs(patient, labRequestId);
    expect(booked.status).toBe(201);
    expect(booked.body.data).toMatchObject({ labRequestId, consultationFee: 85, requiresPayment: true });
    expect((await doc(COLLECTIONS.labRequests, labRequestId).get()).data()).toMatchObject({
      status: 'Booked',
      bookedAppointmentId: booked.body.data.appointmentId,
    });
    expect((await bookLabs(patient, labRequestId)).status).toBe(409);
  });

  it('when a test is not on the price list, then 400 naming it; another patient’s list or request is 403', async () => {
    const a = await visit();
    const bad = await requestLabs(doctor, a.appointmentId, ['fbc', 'x-ray']);
    expect(bad.status).toBe(400);
    expect(bad.body.msg).toBe('Lab tests: we do not offer x-ray.');
    const { labRequestId } = (await requestLabs(doctor, a.appointmentId, ['fbs'])).body.data;
    expect((await request(app).get(`/api/lab-requests/${patient.uid}`).set(bearer(otherPatient))).status).toBe(403);
    expect((await bookLabs(otherPatient, labRequestId, ['fbs'])).status).toBe(403);
  });

  it('when another doctor requests tests, then 403', async () => {
    const a = await visit();
    expect((await requestLabs(otherDoctor, a.appointmentId, ['fbc'])).status).toBe(403);
  });
});

describe('result files on a lab booking', () => {
  const PDF = Buffer.concat([Buffer.from('%PDF-1.4\n'), Buffer.alloc(2000, 0x20), Buffer.from('\n%%EOF\n')]);
  const PNG = Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), Buffer.alloc(100, 1)]);
  const labBooking = (state: AppointmentState = 'CheckedIn') =>
    storedAppointment(patient.uid, state, {
      requestedServiceId: 6,
      requestedService: 'Labs/Medical Checkup',
      doctorId: null,
      selectedLabs: [{ id: 'fbc', itemName: 'Full Blood Count', itemPrice: 60 }],
    });
  const upload = (user: TestUser, appointmentId: string, body: Buffer, name = 'FBC report.pdf', type = 'application/pdf') =>
    request(app)
      .post(`/api/staff/appointments/${appointmentId}/results`)
      .query({ name })
      .set(bearer(user))
      .set('Content-Type', type)
      .send(body);
  const binary = (r: request.Test) =>
    r.buffer(true).parse((res, done) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('end', () => done(null, Buffer.concat(chunks)));
    });

  it('when staff upload a PDF, then it is on the booking, the patient is told (not the result) and opens it, never cached', async () => {
    const a = await labBooking();
    const res = await upload(staff, a.appointmentId, PDF);
    expect(res.status).toBe(201);
    const { fileId } = res.body.data;
    expect(res.body.data).toMatchObject({ name: 'FBC report.pdf', contentType: 'application/pdf', by: staff.email });
    const stored = (await doc(COLLECTIONS.appointments, a.appointmentId).get()).data()!;
    expect(stored.results).toEqual([expect.objectContaining({ fileId, name: 'FBC report.pdf' })]);
    expect((await doc(COLLECTIONS.files, fileId).get()).data()).toMatchObject({ patientId: patient.uid, sizeBytes: PDF.length });

    const mails = (await mailDocsOf(patient.uid)).filter((m) => m.event === 'result.ready');
    expect(mails).toHaveLength(1);
    expect(JSON.stringify(mails[0])).not.toContain('FBC report');
    expect((await smsDocsOf(patient.uid)).filter((s) => s.event === 'result.ready')).toHaveLength(1);

    const own = await binary(request(app).get(`/api/appointments/${a.appointmentId}/results/${fileId}`).set(bearer(patient)));
    expect(own.status).toBe(200);
    expect(own.headers['content-type']).toBe('application/pdf');
    expect(own.headers['cache-control']).toBe('private, no-store');
    expect(own.headers['x-content-type-options']).toBe('nosniff');
    expect(Buffer.compare(own.body as Buffer, PDF)).toBe(0);
  });

  it('when another patient asks for the result, then 403; a file of another booking is 404', async () => {
    const a = await labBooking();
    const { fileId } = (await upload(staff, a.appointmentId, PNG, 'scan', 'image/png')).body.data;
    const other = await request(app).get(`/api/appointments/${a.appointmentId}/results/${fileId}`).set(bearer(otherPatient));
    expect(other.status).toBe(403);
    const b = await labBooking();
    expect((await request(app).get(`/api/appointments/${b.appointmentId}/results/${fileId}`).set(bearer(patient))).status).toBe(
      404,
    );
  });

  it('when the bytes are not a PDF, JPEG or PNG (whatever the label), then 400; when over 900 KB, then 413; nothing is stored', async () => {
    const a = await labBooking();
    const text = await upload(staff, a.appointmentId, Buffer.from('<html><script>alert(1)</script></html>'), 'x.pdf');
    expect(text.status).toBe(400);
    expect(text.body.msg).toBe('The result must be a PDF, JPEG or PNG file.');
    const big = await upload(staff, a.appointmentId, Buffer.concat([PDF, Buffer.alloc(MAX_RESULT_BYTES)]));
    expect(big.status).toBe(413);
    expect((await doc(COLLECTIONS.appointments, a.appointmentId).get()).get('results')).toBeUndefined();
  });

  it('when the booking is no lab booking, then 409; when it is not checked in yet, then 409', async () => {
    const v = await visit();
    expect((await upload(staff, v.appointmentId, PDF)).status).toBe(409);
    const early = await labBooking('Accepted');
    expect((await upload(staff, early.appointmentId, PDF)).status).toBe(409);
  });

  it('when staff open a result from the record, then it is served and audited with the patient; a doctor without an appointment is refused', async () => {
    const a = await labBooking();
    const { fileId } = (await upload(admin, a.appointmentId, PDF)).body.data;
    const res = await binary(request(app).get(`/api/staff/patients/${patient.uid}/files/${fileId}`).set(bearer(staff)));
    expect(res.status).toBe(200);
    expect(res.headers['cache-control']).toBe('private, no-store');
    expect(await auditOf(`files/${fileId}`)).toContainEqual(
      expect.objectContaining({ action: 'patient.file.read', actorUid: staff.uid, patientIds: [patient.uid] }),
    );
    const stranger = await createStaffUser('doctor', 'dr-danso');
    expect((await request(app).get(`/api/staff/patients/${patient.uid}/files/${fileId}`).set(bearer(stranger))).status).toBe(403);
  });
});
