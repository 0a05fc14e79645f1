import '../../test-support/payments';
import request from 'supertest';
import { createApp } from '../../app';
import { seedCatalog } from '../../seed/seed';
import { DESK_CODE_WRONG_TRIES_IN_ALL, DESK_CODES_PER_DAY } from '../../api/front-desk';
import { claimClinicRecords, sendDeskCode, verifyDeskCode } from '../../services/patients/clinic-patients';
import { COLLECTIONS } from '../../store/collections';
import { auth, db } from '../../store/firebase';
import { createStaffUser, createTestUser, type TestUser } from '../../test-support/auth';
import { bearer, dayPlus, freeTimesOf, testDoctor } from '../../test-support/scheduling';
import { eventually, freshPhone, setPatientContact, smsDocsOf, smsSentTo } from '../../test-support/sms';
import { mailDocsOf } from '../../test-support/mail';
import { auditOf } from '../../test-support/staff';
import { notifyPatient } from '../../notifications/notify';
import { prescriptionIssued, resultReady } from '../../notifications/templates';
import { atStartOfWindow } from '../../test-support/clock';

/**
 * The front desk books for a caller or a walk-in (docs/front-desk.md): a person without an
 * account is added as a clinic record, their phone proved by an SMS code, and booked through the
 * patient's own booking rules; signing up later with that number takes the record over.
 */
const app = createApp();

let admin: TestUser;
let staff: TestUser;
let doctorId: string;
const FEE = 180;

beforeAll(async () => {
  await seedCatalog(db());
  [admin, staff] = await Promise.all([createStaffUser('admin'), createStaffUser('staff')]);
  doctorId = await testDoctor(app, admin, undefined, FEE);
});

const post = (user: TestUser, path: string, body: object = {}) => request(app).post(`/api${path}`).set(bearer(user)).send(body);
const get = (user: TestUser, path: string) => request(app).get(`/api${path}`).set(bearer(user));
const patientDoc = async (id: string) => (await db().collection(COLLECTIONS.patients).doc(id).get()).data();

/** Adds a caller as the desk would: +233 phone of their own. */
async function addCaller(overrides: Record<string, unknown> = {}) {
  const phone = freshPhone();
  const local = `0${phone.slice(4, 6)} ${phone.slice(6, 9)} ${phone.slice(9)}`;
  const res = await post(staff, '/staff/patients', {
    firstName: 'Efua',
    lastName: 'Quartey',
    contactNumber: local,
    ...overrides,
  });
  expect(res.status).toBe(201);
  return { patientId: res.body.data.patientId as string, phone, local };
}

/** The last desk code texted to the number, as the person reads it out. */
async function codeTexted(phone: string): Promise<string> {
  const texts = await eventually(
    () => smsSentTo(phone),
    (m) => m.some((s) => /code is \d{6}/.test(s.content)),
  );
  const last = [...texts].reverse().find((s) => /code is \d{6}/.test(s.content))!;
  return /code is (\d{6})/.exec(last.content)![1];
}

async function verifyPhone(patientId: string, phone: string) {
  expect((await post(staff, `/staff/patients/${patientId}/phone/code`)).status).toBe(200);
  const res = await post(staff, `/staff/patients/${patientId}/phone/verify`, { code: await codeTexted(phone) });
  expect(res.status).toBe(200);
  return res;
}

/** The account proves its own number with the SMS code it is sent (the profile's Phone number card); the answer and that code. */
async function proveOwnPhone(account: TestUser, phone: string) {
  const codes = async () =>
    (await smsSentTo(phone)).map((m) => /confirm this phone number is (\d{6})\./.exec(m.content)?.[1]).filter(Boolean);
  const before = (await codes()).length;
  expect((await post(account, `/patient/${account.uid}/phone/code`)).status).toBe(200);
  const code = (await eventually(codes, (c) => c.length > before)).at(-1)!;
  return Object.assign(await post(account, `/patient/${account.uid}/phone/verify`, { code }), { code });
}

describe('a person without an account', () => {
  it('when the desk adds a caller, then a clinic record holds them: +233 phone, no Auth user, audited', async () => {
    const { patientId, phone } = await addCaller({ gender: 'FEMALE', dateOfBirth: '1980-04-12' });
    expect(await patientDoc(patientId)).toMatchObject({
      patientId,
      firstName: 'Efua',
      lastName: 'Quartey',
      contactNumber: phone,
      source: 'CLINIC',
      accountStatus: 'Clinic',
      gender: 'FEMALE',
      dateOfBirth: '1980-04-12',
      createdBy: { uid: staff.uid, role: 'staff' },
    });
    await expect(auth().getUser(patientId)).rejects.toMatchObject({ code: 'auth/user-not-found' });
    expect(await auditOf(`patients/${patientId}`)).toEqual([
      expect.objectContaining({ action: 'patient.create', actorUid: staff.uid }),
    ]);
  });

  it('when the number is already a clinic record or an account, then 409 naming the person, and nothing is added', async () => {
    const { patientId, phone } = await addCaller();
    const again = await post(staff, '/staff/patients', {
      firstName: 'Other',
      lastName: 'Person',
      contactNumber: `233${phone.slice(4)}`,
    });
    expect(again.status).toBe(409);
    expect(again.body.msg).toBe(
      `Efua Quartey already has ${phone} (a clinic record). Find them and book on that record instead.`,
    );
    expect(again.body.data).toEqual({ patientId, name: 'Efua Quartey', contactNumber: phone, source: 'CLINIC' });

    const account = await createTestUser();
    const accountPhone = freshPhone();
    await setPatientContact(account.uid, { contactNumber: accountPhone });
    const taken = await post(staff, '/staff/patients', { firstName: 'Kofi', lastName: 'Mensah', contactNumber: accountPhone });
    expect(taken.status).toBe(409);
    expect(taken.body.data).toMatchObject({ patientId: account.uid, source: 'WEBSITE' });
    const stored = await db().collection(COLLECTIONS.patients).where('contactNumber', '==', accountPhone).get();
    expect(stored.size).toBe(1);
  });

  it('when the phone or a name is missing or wrong, then 400 naming the field', async () => {
    expect((await post(staff, '/staff/patients', { firstName: 'A', lastName: 'B', contactNumber: '12345' })).body.msg).toBe(
      'Phone Number must be a Ghana number: 0XXXXXXXXX or +233XXXXXXXXX.',
    );
    expect((await post(staff, '/staff/patients', { lastName: 'B', contactNumber: freshPhone() })).body.msg).toBe(
      'First Name is required.',
    );
  });

  it('the search finds a clinic record by its number in any form and by name', async () => {
    const { patientId, phone } = await addCaller({ lastName: `Quartey${Math.floor(Math.random() * 1e6)}` });
    const forms = [`0${phone.slice(4)}`, phone, `233${phone.slice(4)}`, `+233 ${phone.slice(4, 6)} ${phone.slice(6)}`];
    for (const q of forms) {
      const res = await get(staff, `/staff/patients?q=${encodeURIComponent(q)}`);
      expect([q, res.body.data.map((p: { patientId: string }) => p.patientId)]).toEqual([q, [patientId]]);
      expect(res.body.data[0]).toMatchObject({ source: 'CLINIC', accountStatus: 'Clinic' });
    }
    const lastName = String((await patientDoc(patientId))!.lastName);
    const byName = await get(staff, `/staff/patients?q=${encodeURIComponent(lastName.toLowerCase())}`);
    expect(byName.body.data.map((p: { patientId: string }) => p.patientId)).toEqual([patientId]);
  });
});

describe('proving the phone at the desk', () => {
  it('when the right code comes back, then phoneVerifiedAt is set; the code went by SMS only, and each step is audited', async () => {
    const { patientId, phone } = await addCaller({ emailAddress: `efua-${Date.now()}@example.com` });
    const sent = await post(staff, `/staff/patients/${patientId}/phone/code`);
    expect(sent.status).toBe(200);
    expect(sent.body.data).toEqual({ sentTo: phone, expiresAt: expect.any(String) });
    expect(sent.body.msg).toBe(`A code has been texted to ${phone}.`);
    const code = await codeTexted(phone);
    expect(await mailDocsOf(patientId)).toEqual([]);

    const soon = await post(staff, `/staff/patients/${patientId}/phone/code`);
    expect(soon.status).toBe(429);

    const wrong = await post(staff, `/staff/patients/${patientId}/phone/verify`, {
      code: code === '000000' ? '111111' : '000000',
    });
    expect(wrong.status).toBe(400);
    expect(wrong.body.msg).toBe('Code: that code is not correct. 4 tries left.');
    expect((await patientDoc(patientId))!.phoneVerifiedAt).toBeUndefined();

    const right = await post(staff, `/staff/patients/${patientId}/phone/verify`, { code });
    expect(right.status).toBe(200);
    expect(right.body.data).toEqual({ patientId, contactNumber: phone, phoneVerifiedAt: expect.any(String) });
    expect((await patientDoc(patientId))!.phoneVerifiedAt).toBe(right.body.data.phoneVerifiedAt);
    const shown = await get(staff, `/staff/patients/${patientId}`);
    expect(shown.body.data.patient).toMatchObject({ source: 'CLINIC', phoneVerifiedAt: right.body.data.phoneVerifiedAt });

    const reused = await post(staff, `/staff/patients/${patientId}/phone/verify`, { code });
    expect(reused.status).toBe(400);
    expect((await post(staff, `/staff/patients/${patientId}/phone/code`)).status).toBe(409);
    expect((await auditOf(`patients/${patientId}`)).map((e) => e.action).sort()).toEqual(
      ['patient.create', 'patient.phone.code', 'patient.phone.verify', 'patient.read'].sort(),
    );
  });

  it(`when the desk sends codes all day, then at most ${DESK_CODES_PER_DAY} a day per record (429 saying so), and more the next day`, async () => {
    const { patientId } = await addCaller();
    const desk = { uid: staff.uid, role: 'staff' as const };
    const start = new Date(`${dayPlus(1)}T08:00:00Z`);
    const at = (minutes: number) => new Date(start.getTime() + minutes * 60_000);
    for (let i = 0; i < DESK_CODES_PER_DAY; i++) await sendDeskCode(desk, patientId, at(2 * i));
    await expect(sendDeskCode(desk, patientId, at(2 * DESK_CODES_PER_DAY))).rejects.toMatchObject({
      status: 429,
      message: expect.stringMatching(new RegExp(`sent ${DESK_CODES_PER_DAY} codes today, the most a day`)),
    });
    await expect(sendDeskCode(desk, patientId, at(24 * 60))).resolves.toMatchObject({ sentTo: expect.any(String) });
  });

  it(`when ${DESK_CODE_WRONG_TRIES_IN_ALL} wrong codes are entered in all, over several codes, then the record is locked, the desk is told, and even the right code no longer proves it`, async () => {
    const { patientId, phone } = await addCaller();
    const desk = { uid: staff.uid, role: 'staff' as const };
    const start = new Date(`${dayPlus(1)}T08:00:00Z`);
    let code = '';
    const outcomes: string[] = [];
    for (let round = 0; round < 2; round++) {
      const now = new Date(start.getTime() + round * 120_000);
      await sendDeskCode(desk, patientId, now);
      code = await codeTexted(phone);
      const wrong = code === '000000' ? '111111' : '000000';
      for (let i = 0; i < 5; i++)
        outcomes.push(
          await verifyDeskCode(desk, patientId, wrong, now).then(
            () => 'ok',
            (e: { status: number }) => String(e.status),
          ),
        );
    }
    expect(outcomes).toEqual([...Array<string>(9).fill('400'), '423']);
    const later = new Date(start.getTime() + 600_000);
    await expect(sendDeskCode(desk, patientId, later)).rejects.toMatchObject({
      status: 423,
      message: expect.stringMatching(/can no longer be proved by code: 10 wrong codes were entered in all/),
    });
    await expect(verifyDeskCode(desk, patientId, code, later)).rejects.toMatchObject({ status: 423 });
    expect((await patientDoc(patientId))!.phoneVerifiedAt).toBeUndefined();
  });

  it("when it is an account's record, then 409: account holders prove their own phone", async () => {
    const account = await createTestUser();
    const res = await post(staff, `/staff/patients/${account.uid}/phone/code`);
    expect(res.status).toBe(409);
  });
});

describe('proving the e-mail address the desk typed', () => {
  it('when the desk typed an e-mail address, then it gets no booking notice, result or prescription code until the person gives back the code e-mailed to it; then it does', async () => {
    const email = `kwame-${Date.now()}@example.com`;
    const { patientId, phone } = await addCaller({ emailAddress: email });
    await verifyPhone(patientId, phone);
    const day = dayPlus(7);
    const time = (await freeTimesOf(app, doctorId, day))[1];
    const booked = await post(staff, '/staff/appointments', {
      patientId,
      location: 'Osu',
      requestedServiceId: 1,
      doctorId,
      requestedDay: day,
      requestedTime: time,
    });
    expect(booked.status).toBe(201);
    const appointmentId = booked.body.data.appointmentId as string;
    // The SMS went (the phone is proved); the typed address got nothing.
    await eventually(
      () => smsDocsOf(patientId),
      (m) => m.some((x) => x.event === 'appointment.received'),
    );
    const result = resultReady({ ...booked.body.data, link: 'https://expmedhealth.com/dashboard/records' });
    const prescription = prescriptionIssued({
      doctor: 'Dr Mensah',
      code: 'AB23CD45',
      medicines: 2,
      appointmentId,
      checkLink: 'https://expmedhealth.com/rx/AB23CD45',
    });
    await notifyPatient(patientId, result);
    await notifyPatient(patientId, prescription);
    expect(await mailDocsOf(patientId)).toEqual([]);

    const sent = await post(staff, `/staff/patients/${patientId}/email/code`);
    expect(sent.status).toBe(200);
    expect(sent.body.msg).toBe(`A code has been e-mailed to ${email}.`);
    const mails = await mailDocsOf(patientId);
    expect(mails.map((m) => [m.to, m.event])).toEqual([[email, 'patient.email-code']]);
    expect((await smsDocsOf(patientId)).map((m) => m.event)).not.toContain('patient.email-code');
    const code = /Your code is (\d{6})\./.exec(String(mails[0].message.text))![1];
    const wrong = await post(staff, `/staff/patients/${patientId}/email/verify`, {
      code: code === '000000' ? '111111' : '000000',
    });
    expect(wrong.status).toBe(400);
    expect(wrong.body.msg).toBe('Code: that code is not correct. 4 tries left.');
    expect((await patientDoc(patientId))!.emailVerifiedAt).toBeUndefined();
    const right = await post(staff, `/staff/patients/${patientId}/email/verify`, { code });
    expect(right.status).toBe(200);
    expect(right.body.data).toEqual({ patientId, emailAddress: email, emailVerifiedAt: expect.any(String) });
    expect((await auditOf(`patients/${patientId}`)).map((e) => e.action)).toEqual(
      expect.arrayContaining(['patient.email.code', 'patient.email.verify']),
    );
    expect((await post(staff, `/staff/patients/${patientId}/email/code`)).status).toBe(409);

    await notifyPatient(patientId, result);
    await notifyPatient(patientId, prescription);
    expect((await mailDocsOf(patientId)).map((m) => [m.to, m.event]).sort()).toEqual(
      [
        [email, 'patient.email-code'],
        [email, result.event],
        [email, prescription.event],
      ].sort(),
    );
  });

  it('when the record has no e-mail address or is an account, then no code is sent (409 saying why)', async () => {
    const { patientId } = await addCaller();
    const none = await post(staff, `/staff/patients/${patientId}/email/code`);
    expect(none.status).toBe(409);
    expect(none.body.msg).toBe('This person has no e-mail address a code can be sent to.');
    const account = await createTestUser();
    expect((await post(staff, `/staff/patients/${account.uid}/email/code`)).status).toBe(409);
  });
});

describe('booking for a phone caller', () => {
  it('when the desk books a free slot for a new caller, then the server sets the fee, the record gives who it is for, and the caller gets an SMS', async () => {
    const { patientId, phone } = await addCaller();
    await verifyPhone(patientId, phone);
    const day = dayPlus(4);
    const time = (await freeTimesOf(app, doctorId, day)).find((t) => t >= '10:00')!;
    const res = await post(staff, '/staff/appointments', {
      patientId,
      // Ignored: who it is for comes from the record.
      firstName: 'Someone',
      lastName: 'Else',
      contactNumber: '020 000 0000',
      emailAddress: 'typed@example.com',
      consultationFee: 1,
      location: 'Osu, Accra',
      healthProblem: 'Chest pain when climbing stairs',
      requestedServiceId: 1,
      doctorId,
      requestedDay: day,
      requestedTime: time,
    });
    expect(res.status).toBe(201);
    const a = res.body.data;
    expect(a).toMatchObject({
      patientId,
      source: 'CLINIC',
      bookedBy: { uid: staff.uid, role: 'staff' },
      firstName: 'Efua',
      lastName: 'Quartey',
      contactNumber: phone,
      emailAddress: '',
      consultationFee: FEE,
      requiresPayment: true,
      paymentStatus: 'Unpaid',
      appointmentStatus: 'Pending',
      requestedDay: day,
      requestedTime: time,
    });
    expect(await freeTimesOf(app, doctorId, day)).not.toContain(time);
    expect(await auditOf(`appointments/${a.appointmentId}`)).toEqual([
      expect.objectContaining({ action: 'appointment.book', actorUid: staff.uid, actorRole: 'staff' }),
    ]);
    // No e-mail on the record: SMS only, and it says how to pay without a dashboard.
    const texts = await eventually(
      () => smsDocsOf(patientId),
      (s) => s.some((m) => m.event === 'appointment.received'),
    );
    expect(texts.find((m) => m.event === 'appointment.received')).toMatchObject({
      to: phone,
      body: expect.stringContaining('pay at the clinic or by our link'),
    });
    expect(await mailDocsOf(patientId)).toEqual([]);

    const again = await post(staff, '/staff/appointments', {
      patientId,
      location: 'Osu',
      requestedServiceId: 1,
      doctorId,
      requestedDay: day,
      requestedTime: time,
    });
    expect(again.status).toBe(409);
    expect(again.body.msg).toBe('This time is no longer available. Please choose another.');
  });

  it('when the person has an account, then the booking goes to it and its own e-mail, with the same rules', async () => {
    const account = await createTestUser();
    const res = await post(staff, '/staff/appointments', {
      patientId: account.uid,
      location: 'Tema',
      requestedServiceId: 3,
      requestedDay: dayPlus(6),
      address: { line: 'Community 7, house 14', digitalAddress: 'gt-020-1234' },
    });
    expect(res.status).toBe(201);
    expect(res.body.data).toMatchObject({
      patientId: account.uid,
      emailAddress: account.email,
      consultationFee: 0,
      address: { line: 'Community 7, house 14', digitalAddress: 'GT-020-1234' },
    });
    const mails = await eventually(
      () => mailDocsOf(account.uid),
      (m) => m.length > 0,
    );
    expect(mails.map((m) => m.to)).toEqual([account.email]);
  });

  it('when the patient is unknown or the body is wrong, then 404 or 400 naming the field, and nothing is booked', async () => {
    expect(
      (
        await post(staff, '/staff/appointments', {
          patientId: 'nobody',
          location: 'x',
          requestedServiceId: 2,
          requestedDay: dayPlus(3),
          address: { line: 'x' },
        })
      ).status,
    ).toBe(404);
    const noAddress = await post(staff, '/staff/appointments', {
      patientId: 'nobody',
      location: 'x',
      requestedServiceId: 2,
      requestedDay: dayPlus(3),
    });
    expect(noAddress.status).toBe(400);
    expect(noAddress.body.msg).toMatch(/Address is required/);
    expect(
      (await post(staff, '/staff/appointments', { location: 'x', requestedServiceId: 6, requestedDay: dayPlus(3) })).body.msg,
    ).toMatch(/Patient is required/);
  });
});

describe('claiming the record later', () => {
  afterEach(() => jest.restoreAllMocks());

  it('when the caller signs up and proves the same number with the year of birth the desk recorded, then the bookings move to the account in one go and the record is marked claimed', async () => {
    const { patientId, phone } = await addCaller({ dateOfBirth: '1984-06-02' });
    await verifyPhone(patientId, phone);
    const day = dayPlus(5);
    const time = (await freeTimesOf(app, doctorId, day))[3];
    const booked = await post(staff, '/staff/appointments', {
      patientId,
      location: 'Osu',
      requestedServiceId: 1,
      doctorId,
      requestedDay: day,
      requestedTime: time,
    });
    expect(booked.status).toBe(201);
    const appointmentId = booked.body.data.appointmentId as string;

    // What the visit left in the record: a prescription, a lab request, a result file and the video visit.
    const held = {
      [COLLECTIONS.prescriptions]: `claim-rx-${patientId}`,
      [COLLECTIONS.labRequests]: `claim-lab-${patientId}`,
      [COLLECTIONS.files]: `claim-file-${patientId}`,
    };
    for (const [collection, id] of Object.entries(held)) await db().collection(collection).doc(id).set({ patientId, marker: id });
    await db().collection(COLLECTIONS.visits).doc(appointmentId).set({ appointmentId, patientId, participants: [] });

    // Signed up on the site (an account of their own, the year of birth the desk recorded) and proved the same number.
    const account = await createTestUser();
    await db().collection(COLLECTIONS.patients).doc(account.uid).update({ dateOfBirth: '1984-11-30' });
    await setPatientContact(account.uid, { contactNumber: phone });
    expect(await claimClinicRecords(account.uid, phone)).toEqual({ claimed: [patientId], appointments: 1 });
    for (const [collection, id] of Object.entries(held))
      expect((await db().collection(collection).doc(id).get()).get('patientId')).toBe(account.uid);
    expect((await db().collection(COLLECTIONS.visits).doc(appointmentId).get()).get('patientId')).toBe(account.uid);

    const a = (await db().collection(COLLECTIONS.appointments).doc(appointmentId).get()).data()!;
    expect(a).toMatchObject({ patientId: account.uid, clinicRecordId: patientId });
    const slot = await db()
      .collection(COLLECTIONS.appointmentSlots)
      .doc(`${doctorId}_${day}_${time.replace(':', '')}`)
      .get();
    expect(slot.get('patientId')).toBe(account.uid);
    expect(await patientDoc(patientId)).toMatchObject({ claimedBy: account.uid, claimedAt: expect.any(String) });
    expect(await auditOf(`patients/${patientId}`)).toEqual(
      expect.arrayContaining([expect.objectContaining({ action: 'patient.claim', actorUid: account.uid, actorRole: 'patient' })]),
    );
    // The patient sees it in their dashboard; the desk finds one person, the account.
    const pending = await get(account, `/appointments/pending?patientId=${account.uid}`);
    expect(pending.body.data.map((x: { appointmentId: string }) => x.appointmentId)).toContain(appointmentId);
    const found = await get(staff, `/staff/patients?q=${encodeURIComponent(phone)}`);
    expect(found.body.data.map((p: { patientId: string }) => p.patientId)).toEqual([account.uid]);
    // Done once: a second proof of the number changes nothing.
    expect(await claimClinicRecords(account.uid, phone)).toEqual({ claimed: [], appointments: 0 });
  });

  it('when the year of birth is wrong, then nothing moves; the same code again, even after changing the date of birth, retries nothing; a fresh code does; three mismatches lock it until the desk confirms the person', async () => {
    atStartOfWindow(3_600_000);
    const { patientId, phone } = await addCaller({ dateOfBirth: '1980-04-12' });
    await verifyPhone(patientId, phone);
    await db().collection(COLLECTIONS.prescriptions).doc(`claim-rx-${patientId}`).set({ patientId });
    const account = await createTestUser();
    await db().collection(COLLECTIONS.patients).doc(account.uid).update({ dateOfBirth: '1991-01-01', contactNumber: phone });
    const rxOwner = async () =>
      (await db().collection(COLLECTIONS.prescriptions).doc(`claim-rx-${patientId}`).get()).get('patientId');

    const first = await proveOwnPhone(account, phone);
    expect(first.status).toBe(200);
    expect(first.body.msg).toBe(
      'Your phone number is confirmed. The clinic keeps a record for this number (from a call or a visit). Your year of birth is not the one the clinic recorded, so it was not added. Check your date of birth in My details, then send a new code to try again (2 tries left).',
    );
    expect(first.body.data.clinicClaim).toEqual({ status: 'try-again', at: expect.any(String), triesLeft: 2 });
    expect(await rxOwner()).toBe(patientId);
    const shown = await get(staff, `/staff/patients/${patientId}`);
    expect(shown.body.data.patient.claimedBy).toBeUndefined();
    expect(shown.body.data.patient.claimMismatch).toEqual({
      accountId: account.uid,
      at: expect.any(String),
      why: "the account's year of birth (1991) is not the one the desk recorded (1980)",
      count: 1,
    });
    expect(shown.body.data.claimant).toEqual({ patientId: account.uid, name: expect.any(String), emailAddress: account.email });
    expect((await auditOf(`patients/${patientId}`)).map((e) => e.action)).toContain('patient.claim.mismatch');

    // The attack of issue 53: change the date of birth and verify again with the code already used.
    await db().collection(COLLECTIONS.patients).doc(account.uid).update({ dateOfBirth: '1980-04-12' });
    const replay = await post(account, `/patient/${account.uid}/phone/verify`, { code: first.code });
    expect(replay.status).toBe(400);
    expect(replay.body.msg).toBe('This code can no longer be used. Please tap Send code for a new one.');
    expect(await rxOwner()).toBe(patientId);
    expect((await patientDoc(patientId))!.claimMismatch.count).toBe(1);

    // Two more wrong years, each with a fresh code: the third mismatch locks the claim.
    for (const [year, left] of [
      ['1981', 1],
      ['1982', 0],
    ] as const) {
      await db()
        .collection(COLLECTIONS.patients)
        .doc(account.uid)
        .update({ dateOfBirth: `${year}-04-12` });
      const again = await proveOwnPhone(account, phone);
      expect(again.status).toBe(200);
      if (left) expect(again.body.data.clinicClaim).toMatchObject({ status: 'try-again', triesLeft: left });
      else {
        expect(again.body.data.clinicClaim).toEqual({ status: 'locked', at: expect.any(String) });
        expect(again.body.msg).toMatch(
          /did not match the clinic's 3 times, so it can no longer be added online\. Visit the clinic's front desk with an ID/,
        );
      }
    }
    expect((await patientDoc(patientId))!.claimMismatch.count).toBe(3);
    // Locked: the right year now gets no code to try with, and nothing moves.
    await db().collection(COLLECTIONS.patients).doc(account.uid).update({ dateOfBirth: '1980-04-12' });
    const noCode = await post(account, `/patient/${account.uid}/phone/code`);
    expect(noCode.status).toBe(409);
    expect(noCode.body.msg).toBe('Your phone number is already confirmed.');
    expect(await rxOwner()).toBe(patientId);
    expect((await get(account, `/patient/${account.uid}`)).body.data.clinicClaim).toMatchObject({ status: 'locked' });

    // At the desk, with an ID: confirmed for the account that tried, the record goes to it.
    const stranger = await createTestUser();
    const wrong = await post(staff, `/staff/patients/${patientId}/confirm-claim`, { accountId: stranger.uid });
    expect(wrong.status).toBe(409);
    expect(wrong.body.msg).toBe('No claim by that account is waiting on this record.');
    expect((await post(staff, `/staff/patients/${patientId}/confirm-claim`, {})).body.msg).toBe('Account is required.');
    const confirmed = await post(staff, `/staff/patients/${patientId}/confirm-claim`, { accountId: account.uid });
    expect(confirmed.status).toBe(200);
    expect(confirmed.body.data).toEqual({ patientId, claimedBy: account.uid, appointments: 0 });
    expect(await rxOwner()).toBe(account.uid);
    expect(await patientDoc(patientId)).toMatchObject({ claimedBy: account.uid });
    expect((await patientDoc(patientId))!.claimMismatch).toBeUndefined();
    expect((await patientDoc(account.uid))!.clinicClaim).toBeUndefined();
    expect(await auditOf(`patients/${patientId}`)).toEqual(
      expect.arrayContaining([
        expect.objectContaining({
          action: 'patient.claim.confirm',
          actorUid: staff.uid,
          actorRole: 'staff',
          patientIds: [account.uid, patientId],
        }),
      ]),
    );
  });

  it('when the desk recorded no date of birth, then initials alone never claim ("Akua Osei" for "Ama Owusu"): the claim waits, the patient is told the desk must confirm, and the desk\'s confirmation moves the bookings, audited', async () => {
    atStartOfWindow(3_600_000);
    const { patientId, phone } = await addCaller({ firstName: 'Ama', lastName: 'Owusu' });
    await verifyPhone(patientId, phone);
    const day = dayPlus(6);
    const time = (await freeTimesOf(app, doctorId, day))[2];
    const booked = await post(staff, '/staff/appointments', {
      patientId,
      location: 'Osu',
      requestedServiceId: 1,
      doctorId,
      requestedDay: day,
      requestedTime: time,
    });
    expect(booked.status).toBe(201);
    const appointmentId = booked.body.data.appointmentId as string;
    const owner = async () => (await db().collection(COLLECTIONS.appointments).doc(appointmentId).get()).get('patientId');

    const account = await createTestUser();
    await db()
      .collection(COLLECTIONS.patients)
      .doc(account.uid)
      .update({ firstName: 'Akua', lastName: 'Osei', dateOfBirth: '1990-02-02', contactNumber: phone });
    const proved = await proveOwnPhone(account, phone);
    expect(proved.status).toBe(200);
    expect(proved.body.msg).toBe(
      'Your phone number is confirmed. The clinic keeps a record for this number (from a call or a visit). The front desk must confirm it is you before it joins your account: visit or call the clinic, with an ID.',
    );
    expect(proved.body.data.clinicClaim).toEqual({ status: 'waiting-for-desk', at: expect.any(String) });
    expect(await owner()).toBe(patientId);
    expect(await patientDoc(patientId)).toMatchObject({ claimWaiting: { accountId: account.uid, at: expect.any(String) } });
    expect((await patientDoc(patientId))!.claimedBy).toBeUndefined();
    expect((await auditOf(`patients/${patientId}`)).map((e) => e.action)).toContain('patient.claim.waiting');
    // Waiting on the desk is no guessing game: no new code to try with.
    expect((await post(account, `/patient/${account.uid}/phone/code`)).status).toBe(409);

    const shown = await get(staff, `/staff/patients/${patientId}`);
    expect(shown.body.data.claimant).toEqual({ patientId: account.uid, name: 'Akua Osei', emailAddress: account.email });
    const confirmed = await post(staff, `/staff/patients/${patientId}/confirm-claim`, { accountId: account.uid });
    expect(confirmed.status).toBe(200);
    expect(confirmed.body.data).toEqual({ patientId, claimedBy: account.uid, appointments: 1 });
    expect(await owner()).toBe(account.uid);
    expect((await db().collection(COLLECTIONS.appointments).doc(appointmentId).get()).get('clinicRecordId')).toBe(patientId);
    expect(await patientDoc(patientId)).toMatchObject({ claimedBy: account.uid });
    expect((await patientDoc(patientId))!.claimWaiting).toBeUndefined();
    expect((await get(account, `/patient/${account.uid}`)).body.data.clinicClaim).toBeUndefined();
    const pending = await get(account, `/appointments/pending?patientId=${account.uid}`);
    expect(pending.body.data.map((x: { appointmentId: string }) => x.appointmentId)).toContain(appointmentId);
    expect(await auditOf(`patients/${patientId}`)).toEqual(
      expect.arrayContaining([expect.objectContaining({ action: 'patient.claim.confirm', actorUid: staff.uid })]),
    );
    // Done: a second confirmation is refused.
    expect((await post(staff, `/staff/patients/${patientId}/confirm-claim`, { accountId: account.uid })).status).toBe(409);
  });

  it('when the account has no date of birth, then nothing moves, no guess is counted, and the patient is asked to add it', async () => {
    const { patientId, phone } = await addCaller({ dateOfBirth: '1975-09-09' });
    await verifyPhone(patientId, phone);
    const account = await createTestUser();
    await db().collection(COLLECTIONS.patients).doc(account.uid).update({ dateOfBirth: '', contactNumber: phone });
    expect(await claimClinicRecords(account.uid, phone)).toEqual({
      claimed: [],
      appointments: 0,
      state: { status: 'try-again', at: expect.any(String), noBirthDate: true },
    });
    expect((await patientDoc(patientId))!.claimMismatch).toBeUndefined();
    expect((await patientDoc(patientId))!.claimedBy).toBeUndefined();
  });

  it('when the record was never proved at the desk, then it is not claimed', async () => {
    const { patientId, phone } = await addCaller();
    const account = await createTestUser();
    expect(await claimClinicRecords(account.uid, phone)).toEqual({ claimed: [], appointments: 0 });
    expect((await patientDoc(patientId))!.claimedBy).toBeUndefined();
  });
});
