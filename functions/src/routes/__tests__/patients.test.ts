import { Timestamp } from 'firebase-admin/firestore';
import request from 'supertest';
import { createApp } from '../../app';
import { COLLECTIONS } from '../../store/collections';
import { db } from '../../store/firebase';
import { createTestUser, type TestUser } from '../../test-support/auth';
import { mailsTo } from '../../test-support/mail';

const app = createApp();

const bearer = (user: TestUser) => ({ Authorization: `Bearer ${user.idToken}` });
const patientDoc = (uid: string) => db().collection(COLLECTIONS.patients).doc(uid);
const codeDoc = (uid: string) => db().collection(COLLECTIONS.verificationCodes).doc(uid);

const registration = (user: TestUser, extra: Record<string, unknown> = {}) => ({
  patientId: user.uid,
  firstName: 'Kwame',
  lastName: 'Mensah',
  emailAddress: user.email,
  contactNumber: '024 123 4567',
  patientLocation: 'Kumasi',
  gender: 'MALE',
  consentForTreatment: true,
  ...extra,
});

const register = (user: TestUser, extra: Record<string, unknown> = {}) =>
  request(app).post('/api/patient').set(bearer(user)).send(registration(user, extra));

/** The code in the latest verification mail, as the patient would read it. */
async function latestCode(email: string): Promise<string> {
  const mails = await mailsTo(email);
  const code = /verification code is: (\S+)/.exec(mails.at(-1)?.message.text ?? '')?.[1];
  if (!code) throw new Error(`no verification mail for ${email}`);
  return code;
}

const verify = (user: TestUser, uniqueCode: string, patientId: string = user.uid) =>
  request(app).post('/api/auth/verifypatient').set(bearer(user)).send({ uniqueCode, patientId });

/** Moves the last code's send time back, as if minutes had passed. */
const ageCode = (uid: string, ms: number) => codeDoc(uid).update({ sentAt: Timestamp.fromMillis(Date.now() - ms) });

describe('POST /patient (registration)', () => {
  it('when a signed-in user registers, then the patient is stored Pending with server-set fields and a code is mailed', async () => {
    const user = await createTestUser({ patient: 'none' });
    const res = await register(user, {
      accountStatus: 'Activated',
      password: 'secret-123',
      uniqueCode: 'MK1234',
      wallet: 1000,
      userType: 'admin',
    });
    expect(res.status).toBe(201);
    expect(res.body.statusCode).toBe(201);
    expect(res.body.data).toMatchObject({ patientId: user.uid, accountStatus: 'Pending', contactNumber: '+233241234567' });

    const stored = (await patientDoc(user.uid).get()).data();
    expect(stored).toMatchObject({
      patientId: user.uid,
      firstName: 'Kwame',
      lastName: 'Mensah',
      emailAddress: user.email,
      contactNumber: '+233241234567',
      accountStatus: 'Pending',
      userType: 'patient',
      wallet: 0,
      balance: 0,
      verifyDate: '',
      consentForTreatment: true,
    });
    expect(stored?.entryDate).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/);
    expect(stored).not.toHaveProperty('password');
    expect(stored).not.toHaveProperty('uniqueCode');

    const mails = await mailsTo(user.email);
    expect(mails).toHaveLength(1);
    expect(mails[0].message.subject).toBe('Your ExpMed Health verification code');
    const code = await latestCode(user.email);
    // The patient code: last initial, first initial, random digits (at least 4), last 2 phone digits.
    expect(code).toMatch(/^MK\d{4,}67$/);
    expect(code).not.toBe('MK1234');
    const record = (await codeDoc(user.uid).get()).data();
    expect(record?.wrongTries).toBe(0);
    expect(JSON.stringify(record)).not.toContain(code);
    expect(record?.expiresAt.toMillis() - record?.sentAt.toMillis()).toBe(24 * 60 * 60 * 1000);
  });

  it('when the names carry a right-to-left override, a zero-width space or a decomposed accent, then they are stored clean (NFC, without them)', async () => {
    const user = await createTestUser({ patient: 'none' });
    const res = await register(user, {
      firstName: '\u202EKwa\u200Bme',
      lastName: '\u200BMe\u0301nsah\u2066',
      patientLocation: 'Osu\u200D, Accra\uFEFF',
    });
    expect(res.status).toBe(201);
    const stored = (await patientDoc(user.uid).get()).data();
    expect(stored).toMatchObject({ firstName: 'Kwame', lastName: 'M\u00E9nsah', patientLocation: 'Osu, Accra' });
    // The patient code's initials are the name's letters, not an invisible character.
    expect(await latestCode(user.email)).toMatch(/^MK\d{4,}67$/);
  });

  it('when the phone is written +233XXXXXXXXX, then it is stored in the same +233 form', async () => {
    const user = await createTestUser({ patient: 'none' });
    expect((await register(user, { contactNumber: '+233501234567' })).status).toBe(201);
    expect((await patientDoc(user.uid).get()).data()?.contactNumber).toBe('+233501234567');
  });

  it('when no token or a bad token is sent, then it answers 401 and writes nothing', async () => {
    const user = await createTestUser({ patient: 'none' });
    const none = await request(app).post('/api/patient').send(registration(user));
    expect(none.status).toBe(401);
    const bad = await request(app).post('/api/patient').set('Authorization', 'Bearer forged').send(registration(user));
    expect(bad.status).toBe(401);
    expect((await patientDoc(user.uid).get()).exists).toBe(false);
  });

  it("when the body names another user's id, then it answers 403 and writes nothing", async () => {
    const user = await createTestUser({ patient: 'none' });
    const other = await createTestUser({ patient: 'none' });
    const res = await register(user, { patientId: other.uid });
    expect(res.status).toBe(403);
    expect((await patientDoc(other.uid).get()).exists).toBe(false);
    expect((await patientDoc(user.uid).get()).exists).toBe(false);
  });

  it('when the same user registers a second time, then it answers 409 and nothing is overwritten', async () => {
    const user = await createTestUser({ patient: 'none' });
    expect((await register(user)).status).toBe(201);
    const again = await register(user, { firstName: 'Kofi' });
    expect(again.status).toBe(409);
    expect(again.body.msg).toMatch(/already registered/);
    expect((await patientDoc(user.uid).get()).data()?.firstName).toBe('Kwame');
    expect(await mailsTo(user.email)).toHaveLength(1);
  });

  it('when fields are missing, then it answers 400 naming each one and writes nothing', async () => {
    const user = await createTestUser({ patient: 'none' });
    const res = await request(app).post('/api/patient').set(bearer(user)).send({ patientId: user.uid });
    expect(res.status).toBe(400);
    for (const field of [
      'First Name',
      'Last Name',
      'Email Address',
      'Phone Number',
      'City/location',
      'Gender',
      'agreement to use your health information',
    ]) {
      expect(res.body.msg).toContain(field);
    }
    expect((await patientDoc(user.uid).get()).exists).toBe(false);
    expect(await mailsTo(user.email)).toHaveLength(0);
  });

  it.each([
    ['a phone that is not Ghanaian', { contactNumber: '+44 7700 900123' }, 'Phone Number must be a Ghana number'],
    ['a phone one digit short', { contactNumber: '024123456' }, 'Phone Number must be a Ghana number'],
    ['a gender outside the list', { gender: 'OTHER' }, 'Please select your Gender'],
    ['consent refused', { consentForTreatment: false }, 'Please tick the agreement to use your health information'],
    ['a malformed e-mail', { emailAddress: 'kwame@' }, 'Email Address must be a valid email address'],
    [
      'an e-mail other than the account',
      { emailAddress: 'someone.else@example.com' },
      'Email Address must be the e-mail address you signed up with',
    ],
  ])('when the body has %s, then it answers 400 naming the field and writes nothing', async (_case, extra, msg) => {
    const user = await createTestUser({ patient: 'none' });
    const res = await register(user, extra);
    expect(res.status).toBe(400);
    expect(res.body.msg).toContain(msg);
    expect((await patientDoc(user.uid).get()).exists).toBe(false);
  });
});

describe('GET /patient/{patientId}', () => {
  it('when patients ask for their own record, then it is answered without password or code', async () => {
    const user = await createTestUser({ patient: 'none' });
    await register(user, { password: 'secret-123' });
    const res = await request(app).get(`/api/patient/${user.uid}`).set(bearer(user));
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({ patientId: user.uid, firstName: 'Kwame', accountStatus: 'Pending' });
    expect(Object.keys(res.body.data)).not.toEqual(expect.arrayContaining(['password']));
    expect(JSON.stringify(res.body.data)).not.toContain(await latestCode(user.email));
    expect(JSON.stringify(res.body.data)).not.toMatch(/hash|uniqueCode/);
  });

  it("when a patient asks for another patient's record, then it answers 403", async () => {
    const owner = await createTestUser({ patient: 'none' });
    await register(owner);
    const other = await createTestUser({ patient: 'none' });
    const res = await request(app).get(`/api/patient/${owner.uid}`).set(bearer(other));
    expect(res.status).toBe(403);
    expect(res.body.data).toBeNull();
  });

  it('when no token is sent, then it answers 401', async () => {
    const res = await request(app).get('/api/patient/anyone');
    expect(res.status).toBe(401);
  });

  it('when the user has not registered yet, then it answers 404 with a readable msg', async () => {
    const user = await createTestUser({ patient: 'none' });
    const res = await request(app).get(`/api/patient/${user.uid}`).set(bearer(user));
    expect(res.status).toBe(404);
    expect(res.body.msg).toBe('We could not find your patient record. Please sign up first.');
  });
});

describe('PUT /patient (last login)', () => {
  it("when a patient logs in, then lastLogIn becomes the server's time, not the browser's", async () => {
    const user = await createTestUser({ patient: 'none' });
    await register(user);
    await patientDoc(user.uid).update({ lastLogIn: '2020-01-01 00:00:00' });
    const res = await request(app)
      .put('/api/patient')
      .set(bearer(user))
      .send({ patientId: user.uid, lastLogIn: '1999-12-31 23:59:59', accountStatus: 'Activated' });
    expect(res.status).toBe(200);
    const stored = (await patientDoc(user.uid).get()).data();
    expect(stored?.lastLogIn).toMatch(/^20\d{2}-/);
    expect(stored?.lastLogIn).not.toBe('2020-01-01 00:00:00');
    expect(Math.abs(Date.parse(`${stored?.lastLogIn.replace(' ', 'T')}Z`) - Date.now())).toBeLessThan(60_000);
    expect(stored?.accountStatus).toBe('Pending');
    expect(res.body.data.lastLogIn).toBe(stored?.lastLogIn);
  });

  it('when the body names another patient, then it answers 403 and their record is unchanged', async () => {
    const owner = await createTestUser({ patient: 'none' });
    await register(owner);
    await patientDoc(owner.uid).update({ lastLogIn: '2020-01-01 00:00:00' });
    const other = await createTestUser({ patient: 'none' });
    const res = await request(app).put('/api/patient').set(bearer(other)).send({ patientId: owner.uid });
    expect(res.status).toBe(403);
    expect((await patientDoc(owner.uid).get()).data()?.lastLogIn).toBe('2020-01-01 00:00:00');
  });

  it('when no token is sent, then it answers 401', async () => {
    expect((await request(app).put('/api/patient').send({ patientId: 'x' })).status).toBe(401);
  });
});

describe('POST /auth/verifypatient', () => {
  it('when the mailed code is sent back, then the account is Activated with a verifyDate and the code is gone', async () => {
    const user = await createTestUser({ patient: 'none' });
    await register(user);
    const code = await latestCode(user.email);
    const res = await verify(user, `  ${code.toLowerCase()} `);
    expect(res.status).toBe(200);
    expect(res.body.data.accountStatus).toBe('Activated');
    const stored = (await patientDoc(user.uid).get()).data();
    expect(stored?.accountStatus).toBe('Activated');
    expect(stored?.verifyDate).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/);
    expect((await codeDoc(user.uid).get()).exists).toBe(false);
  });

  it('when a wrong code is sent, then it answers 400 with the tries left, counts the try and stays Pending', async () => {
    const user = await createTestUser({ patient: 'none' });
    await register(user);
    const res = await verify(user, 'XX000000');
    expect(res.status).toBe(400);
    expect(res.body.msg).toBe('That verification code is not correct. You have 4 tries left.');
    expect((await codeDoc(user.uid).get()).data()?.wrongTries).toBe(1);
    expect((await patientDoc(user.uid).get()).data()?.accountStatus).toBe('Pending');
  });

  it('when 5 wrong codes were sent, then even the right code is refused until a new one is sent', async () => {
    const user = await createTestUser({ patient: 'none' });
    await register(user);
    const code = await latestCode(user.email);
    for (let i = 0; i < 4; i++) expect((await verify(user, 'XX000000')).status).toBe(400);
    const fifth = await verify(user, 'XX000000');
    expect(fifth.body.msg).toMatch(/This code can no longer be used/);
    const right = await verify(user, code);
    expect(right.status).toBe(400);
    expect(right.body.msg).toMatch(/This code can no longer be used/);
    expect((await patientDoc(user.uid).get()).data()?.accountStatus).toBe('Pending');

    await ageCode(user.uid, 6 * 60 * 1000);
    expect((await request(app).post('/api/auth/patient').set(bearer(user)).send({ patientId: user.uid })).status).toBe(200);
    const fresh = await latestCode(user.email);
    expect((await verify(user, fresh)).status).toBe(200);
  });

  it('when the code is older than 24 hours, then it answers 400 saying it expired', async () => {
    const user = await createTestUser({ patient: 'none' });
    await register(user);
    const code = await latestCode(user.email);
    await codeDoc(user.uid).update({ expiresAt: Timestamp.fromMillis(Date.now() - 1000) });
    const res = await verify(user, code);
    expect(res.status).toBe(400);
    expect(res.body.msg).toMatch(/expired/);
    expect((await patientDoc(user.uid).get()).data()?.accountStatus).toBe('Pending');
  });

  it('when the code is missing, then it answers 400 naming uniqueCode', async () => {
    const user = await createTestUser({ patient: 'none' });
    await register(user);
    const res = await request(app).post('/api/auth/verifypatient').set(bearer(user)).send({ patientId: user.uid });
    expect(res.status).toBe(400);
    expect(res.body.msg).toContain('verification code');
    expect(res.body.data.fields).toHaveProperty(['uniqueCode']);
    expect((await codeDoc(user.uid).get()).data()?.wrongTries).toBe(0);
  });

  it("when another patient's id is named, then it answers 403 and counts no try", async () => {
    const owner = await createTestUser({ patient: 'none' });
    await register(owner);
    const other = await createTestUser({ patient: 'none' });
    const res = await verify(other, await latestCode(owner.email), owner.uid);
    expect(res.status).toBe(403);
    expect((await patientDoc(owner.uid).get()).data()?.accountStatus).toBe('Pending');
    expect((await codeDoc(owner.uid).get()).data()?.wrongTries).toBe(0);
  });

  it('when no token is sent, then it answers 401', async () => {
    expect((await request(app).post('/api/auth/verifypatient').send({ uniqueCode: 'x' })).status).toBe(401);
  });
});

describe('POST /auth/patient (resend the code)', () => {
  const resend = (user: TestUser, patientId: string = user.uid) =>
    request(app).post('/api/auth/patient').set(bearer(user)).send({ patientId });

  it('when a new code is asked for within 5 minutes, then it answers 429 and sends nothing', async () => {
    const user = await createTestUser({ patient: 'none' });
    await register(user);
    const res = await resend(user);
    expect(res.status).toBe(429);
    expect(res.body).toEqual({ statusCode: 429, msg: 'Please wait 5 minutes before requesting another code.', data: null });
    expect(await mailsTo(user.email)).toHaveLength(1);
  });

  it('when 5 minutes have passed, then a new code is mailed and only it works', async () => {
    const user = await createTestUser({ patient: 'none' });
    await register(user);
    const old = await latestCode(user.email);
    await ageCode(user.uid, 5 * 60 * 1000 + 1000);
    const res = await resend(user);
    expect(res.status).toBe(200);
    expect(await mailsTo(user.email)).toHaveLength(2);
    const fresh = await latestCode(user.email);
    expect(fresh).not.toBe(old);
    expect((await verify(user, old)).status).toBe(400);
    expect((await verify(user, fresh)).status).toBe(200);
  });

  it('when the account is already verified, then it answers 409', async () => {
    const user = await createTestUser({ patient: 'none' });
    await register(user);
    await verify(user, await latestCode(user.email));
    expect((await resend(user)).status).toBe(409);
  });

  it("when another patient's id is named, then it answers 403", async () => {
    const owner = await createTestUser({ patient: 'none' });
    await register(owner);
    await ageCode(owner.uid, 6 * 60 * 1000);
    const other = await createTestUser({ patient: 'none' });
    expect((await resend(other, owner.uid)).status).toBe(403);
    expect(await mailsTo(owner.email)).toHaveLength(1);
  });

  it('when the user has no patient record, then it answers 404', async () => {
    const user = await createTestUser({ patient: 'none' });
    expect((await resend(user)).status).toBe(404);
  });

  it('when no token is sent, then it answers 401', async () => {
    expect((await request(app).post('/api/auth/patient').send({})).status).toBe(401);
  });
});
