import { Timestamp } from 'firebase-admin/firestore';
import request from 'supertest';
import { createApp } from '../../app';
import { PHONE_CODE_SENDS_PER_HOUR } from '../../api/policy';
import { COLLECTIONS } from '../../store/collections';
import { auth, db } from '../../store/firebase';
import { createTestUser, type TestUser } from '../../test-support/auth';
import { atStartOfWindow } from '../../test-support/clock';
import { freshPhone, setPatientContact, smsDocsOf } from '../../test-support/sms';
import { mailDocsOf } from '../../test-support/mail';

/**
 * The phone's own code (POST /patient/{id}/phone/code and /phone/verify): sent by SMS to the
 * stored number only, 6 digits, tries and sends limited; the e-mail code never goes by SMS.
 */
const app = createApp();

const bearer = (user: TestUser) => ({ Authorization: `Bearer ${user.idToken}` });
const patientDoc = (uid: string) => db().collection(COLLECTIONS.patients).doc(uid);
const phoneCodeDoc = (uid: string) => db().collection(COLLECTIONS.phoneCodes).doc(uid);

const askCode = (user: TestUser, patientId = user.uid) =>
  request(app).post(`/api/patient/${patientId}/phone/code`).set(bearer(user)).send({});
const verify = (user: TestUser, code: unknown, patientId = user.uid) =>
  request(app).post(`/api/patient/${patientId}/phone/verify`).set(bearer(user)).send({ code });

/** The code in the latest phone-code SMS to the patient, as they would read it. */
async function latestSmsCode(uid: string): Promise<string> {
  const sms = (await smsDocsOf(uid))
    .filter((s) => s.event === 'account.phone-code')
    .sort((a, b) => (a.createdAt as Timestamp).toMillis() - (b.createdAt as Timestamp).toMillis());
  const code = /is (\d{6})\./.exec(String(sms.at(-1)?.body ?? ''))?.[1];
  if (!code) throw new Error(`no phone code SMS for ${uid}`);
  return code;
}

/** Limits count per clock hour: each test's burst happens at the start of one, so it cannot straddle two. */
beforeEach(() => atStartOfWindow(3_600_000));
afterEach(() => jest.restoreAllMocks());

/** A patient with a number no other test uses. */
async function patientWithPhone(status: 'Activated' | 'Pending' = 'Activated') {
  const user = await createTestUser({ patient: status });
  const phone = freshPhone();
  await setPatientContact(user.uid, { contactNumber: phone });
  return { user, phone };
}

describe('POST /patient/{patientId}/phone/code', () => {
  it('when the owner asks, then a 6-digit code goes by SMS to the stored number (no mail), and the answer masks the number', async () => {
    const { user, phone } = await patientWithPhone();
    const res = await askCode(user);
    expect(res.status).toBe(200);
    expect(res.body.data).toEqual({ maskedNumber: `+233 ${phone.slice(4, 6)} *** **${phone.slice(-2)}`, minutes: 15 });
    expect(res.body.msg).toContain(res.body.data.maskedNumber);
    expect(JSON.stringify(res.body)).not.toContain(phone.slice(-7));

    const sms = (await smsDocsOf(user.uid)).filter((s) => s.event === 'account.phone-code');
    expect(sms).toHaveLength(1);
    expect(sms[0].to).toBe(phone);
    expect(sms[0].body).toMatch(/^ExpMed Health code to confirm this phone number is \d{6}\./);
    expect((await mailDocsOf(user.uid)).filter((m) => m.event === 'account.phone-code')).toEqual([]);
    // The stored record holds a hash bound to the number, never the code.
    const record = (await phoneCodeDoc(user.uid).get()).data()!;
    expect(record).toMatchObject({ phone, wrongTries: 0 });
    expect(JSON.stringify(record)).not.toContain(await latestSmsCode(user.uid));
  });

  it("when someone asks for another patient's number, then 403 and nothing is sent", async () => {
    const { user: owner } = await patientWithPhone();
    const { user: other } = await patientWithPhone();
    const res = await askCode(other, owner.uid);
    expect(res.status).toBe(403);
    expect(await smsDocsOf(owner.uid)).toEqual([]);
  });

  it('when no token is sent, then 401', async () => {
    const { user } = await patientWithPhone();
    expect((await request(app).post(`/api/patient/${user.uid}/phone/code`).send({})).status).toBe(401);
  });

  it(`when one account asks more than ${PHONE_CODE_SENDS_PER_HOUR.perAccount} times in an hour, then 429 and no more SMS`, async () => {
    const { user } = await patientWithPhone();
    for (let i = 0; i < PHONE_CODE_SENDS_PER_HOUR.perAccount; i += 1) expect((await askCode(user)).status).toBe(200);
    const res = await askCode(user);
    expect(res.status).toBe(429);
    expect(res.body.msg).toMatch(/codes in the last hour/);
    expect((await smsDocsOf(user.uid)).filter((s) => s.event === 'account.phone-code')).toHaveLength(
      PHONE_CODE_SENDS_PER_HOUR.perAccount,
    );
  });

  it('when five new users register the same number, then it gets at most the per-number limit of codes, and every sign-up still works', async () => {
    const phone = freshPhone();
    const users = await Promise.all(Array.from({ length: 5 }, () => createTestUser({ patient: 'none' })));
    for (const user of users) {
      const res = await request(app).post('/api/patient').set(bearer(user)).send({
        firstName: 'Ama',
        lastName: 'Owusu',
        emailAddress: user.email,
        contactNumber: phone,
        patientLocation: 'Accra',
        gender: 'FEMALE',
        consentForTreatment: true,
      });
      expect(res.status).toBe(201);
    }
    const toNumber = await db().collection(COLLECTIONS.sms).where('to', '==', phone).get();
    expect(toNumber.docs.map((d) => d.get('event'))).toEqual(
      Array<string>(PHONE_CODE_SENDS_PER_HOUR.perNumber).fill('account.phone-code'),
    );
    // A sixth asking for a code for that number is refused with the reason.
    const res = await askCode(users[4]);
    expect(res.status).toBe(429);
    expect(res.body.msg).toMatch(/to this number in the last hour/);
  });

  it('when the number is already confirmed, then 409 and nothing is sent', async () => {
    const { user } = await patientWithPhone();
    await patientDoc(user.uid).update({ phoneVerifiedAt: Timestamp.now() });
    const res = await askCode(user);
    expect(res.status).toBe(409);
    expect(await smsDocsOf(user.uid)).toEqual([]);
  });

  it('when the stored number is not a Ghana mobile number, then 400 saying so', async () => {
    const { user } = await patientWithPhone();
    await setPatientContact(user.uid, { contactNumber: '' });
    const res = await askCode(user);
    expect(res.status).toBe(400);
    expect(res.body.msg).toMatch(/no Ghana mobile number/);
  });
});

describe('POST /patient/{patientId}/phone/verify', () => {
  it('when the code from the SMS is sent, then phoneVerifiedAt is set, the patient is answered and the code is gone', async () => {
    const { user } = await patientWithPhone('Pending');
    await askCode(user);
    const code = await latestSmsCode(user.uid);
    const res = await verify(user, ` ${code.slice(0, 3)} ${code.slice(3)} `);
    expect(res.status).toBe(200);
    expect(res.body.msg).toBe('Your phone number is confirmed.');
    expect(res.body.data).toMatchObject({ patientId: user.uid, accountStatus: 'Pending' });
    expect(Date.now() - Date.parse(res.body.data.phoneVerifiedAt)).toBeLessThan(60_000);
    const stored = (await patientDoc(user.uid).get()).data()!;
    expect(stored.phoneVerifiedAt).toBeInstanceOf(Timestamp);
    // The phone proves the phone only: the account is still waiting for its e-mail code.
    expect(stored.accountStatus).toBe('Pending');
    expect((await phoneCodeDoc(user.uid).get()).exists).toBe(false);
    // GET /patient answers it too.
    const read = await request(app).get(`/api/patient/${user.uid}`).set(bearer(user));
    expect(read.body.data.phoneVerifiedAt).toBe(res.body.data.phoneVerifiedAt);
  });

  it('when wrong codes are sent, then each says the tries left, and after five even the right code is refused', async () => {
    const { user } = await patientWithPhone();
    await askCode(user);
    const code = await latestSmsCode(user.uid);
    const wrong = code === '000000' ? '111111' : '000000';
    const msgs: string[] = [];
    for (let i = 0; i < 5; i += 1) {
      const res = await verify(user, wrong);
      expect(res.status).toBe(400);
      msgs.push(res.body.msg);
    }
    expect(msgs[0]).toBe('That code is not correct. You have 4 tries left.');
    expect(msgs[4]).toMatch(/can no longer be used/);
    const res = await verify(user, code);
    expect(res.status).toBe(400);
    expect((await patientDoc(user.uid).get()).get('phoneVerifiedAt')).toBeUndefined();
  });

  it('when the code has expired, then 400 and nothing is set', async () => {
    const { user } = await patientWithPhone();
    await askCode(user);
    await phoneCodeDoc(user.uid).update({ expiresAt: Timestamp.fromMillis(Date.now() - 1000) });
    const res = await verify(user, await latestSmsCode(user.uid));
    expect(res.status).toBe(400);
    expect(res.body.msg).toMatch(/expired/);
    expect((await patientDoc(user.uid).get()).get('phoneVerifiedAt')).toBeUndefined();
  });

  it("when the patient changed their number after the code was sent, then the old number's code does not confirm the new one", async () => {
    const { user } = await patientWithPhone();
    await askCode(user);
    const code = await latestSmsCode(user.uid);
    const update = await request(app).put(`/api/patient/${user.uid}`).set(bearer(user)).send({
      firstName: 'Kwame',
      lastName: 'Mensah',
      contactNumber: freshPhone(),
      patientLocation: 'Accra',
      gender: 'MALE',
    });
    expect(update.status).toBe(200);
    const res = await verify(user, code);
    expect(res.status).toBe(400);
    expect(res.body.msg).toMatch(/number has changed/);
  });

  it('when a confirmed number is changed in the profile, then it is no longer confirmed', async () => {
    const { user } = await patientWithPhone();
    await askCode(user);
    expect((await verify(user, await latestSmsCode(user.uid))).status).toBe(200);
    const res = await request(app)
      .put(`/api/patient/${user.uid}`)
      .set(bearer(user))
      .send({ firstName: 'Kwame', lastName: 'Mensah', contactNumber: freshPhone(), patientLocation: 'Accra', gender: 'MALE' });
    expect(res.status).toBe(200);
    expect(res.body.data.phoneVerifiedAt).toBeUndefined();
    expect((await patientDoc(user.uid).get()).get('phoneVerifiedAt')).toBeUndefined();
  });

  it('when the code is not 6 digits, then 400 naming code; another patient id is 403', async () => {
    const { user } = await patientWithPhone();
    const bad = await verify(user, 'abc');
    expect(bad.status).toBe(400);
    expect(bad.body.msg).toBe('Code must be the 6 digits from the SMS.');
    expect((await verify(user, undefined)).body.msg).toMatch(/code from the SMS/);
    const { user: other } = await patientWithPhone();
    expect((await verify(other, '123456', user.uid)).status).toBe(403);
  });
});

describe('sign-up sends both codes, each by its own channel', () => {
  it('when a patient registers, then the e-mail code goes by mail only and the phone code by SMS only', async () => {
    const user = await createTestUser({ patient: 'none' });
    const phone = freshPhone();
    const res = await request(app).post('/api/patient').set(bearer(user)).send({
      firstName: 'Ama',
      lastName: 'Owusu',
      emailAddress: user.email,
      contactNumber: phone,
      patientLocation: 'Accra',
      gender: 'FEMALE',
      consentForTreatment: true,
    });
    expect(res.status).toBe(201);
    const mails = await mailDocsOf(user.uid);
    expect(mails.map((m) => m.event)).toEqual(['account.code']);
    const emailCode = /verification code is: (\S+)/.exec(String(mails[0].message.text))![1];
    const sms = await smsDocsOf(user.uid);
    expect(sms.map((s) => [s.event, s.to])).toEqual([['account.phone-code', phone]]);
    expect(String(sms[0].body)).not.toContain(emailCode);
  });

  it('when the e-mailed code comes back, then the account is Activated and Firebase Auth marks the e-mail verified', async () => {
    const user = await createTestUser({ patient: 'none' });
    expect((await auth().getUser(user.uid)).emailVerified).toBe(false);
    await request(app).post('/api/patient').set(bearer(user)).send({
      firstName: 'Ama',
      lastName: 'Owusu',
      emailAddress: user.email,
      contactNumber: freshPhone(),
      patientLocation: 'Accra',
      gender: 'FEMALE',
      consentForTreatment: true,
    });
    const mails = await mailDocsOf(user.uid);
    const emailCode = /verification code is: (\S+)/.exec(String(mails[0].message.text))![1];
    const res = await request(app)
      .post('/api/auth/verifypatient')
      .set(bearer(user))
      .send({ patientId: user.uid, uniqueCode: emailCode });
    expect(res.status).toBe(200);
    expect(res.body.data.accountStatus).toBe('Activated');
    expect((await auth().getUser(user.uid)).emailVerified).toBe(true);
  });
});
