import '../../test-support/payments';
import request from 'supertest';
import { createApp } from '../../app';
import { rateLimitClock } from '../../http/rate-limit';
import { USSD_DIALS_PER_NUMBER_PER_HOUR } from '../../api/policy';
import { seedCatalog } from '../../seed/seed';
import { COLLECTIONS } from '../../store/collections';
import { db } from '../../store/firebase';
import { createStaffUser, createTestUser, type TestUser } from '../../test-support/auth';
import { virtualConsultationBooking, type Booked } from '../../test-support/booking';
import { payInSandbox } from '../../test-support/payments';
import { bearer } from '../../test-support/scheduling';
import { freshPhone, setPatientContact } from '../../test-support/sms';
import { auditOf } from '../../test-support/staff';
import {
  appointmentsOf,
  choices,
  choosingPin,
  KEY,
  newCaller,
  patientsWith,
  phone,
  PIN,
  sessionDoc,
  toConfirm,
  ussd,
} from '../../test-support/ussd';

/**
 * Trust on every channel (docs/security.md): the attacks of the probe of 7 Dec replayed through
 * the real routes, each refused with the store unchanged. A forged request goes around the
 * simulator, without the gateway's key; what the gateway itself sends carries it.
 */
const api = createApp();

beforeAll(async () => {
  await seedCatalog(db());
});

/** A Hubtel-shaped request as a forger sends it: any number, any session, to a URL without the key (or a wrong one). */
const forged = (path: string, mobile: string, sessionId: string, Type = 'Initiation', Message = '*713*4455#') =>
  request(ussd).post(path).send({ Type, Mobile: mobile, SessionId: sessionId, Message, Sequence: 1, Operator: 'mtn' });

const upcoming = async (user: TestUser) => {
  const booking = await virtualConsultationBooking();
  const res = await request(api).post('/api/appointments').set(bearer(user)).send(booking);
  expect(res.status).toBe(201);
  return res.body.data as Booked & { appointmentStatus: string };
};

describe('a forged /ussd (no gateway key)', () => {
  it.each([
    ['a number an account proved', true],
    ['a number an account only typed', false],
  ])('naming %s: 401 with no screen, no session, no record, the account untouched', async (_what, proved) => {
    const user = await createTestUser();
    const mobile = freshPhone().slice(1);
    await setPatientContact(user.uid, {
      contactNumber: `+${mobile}`,
      ...(proved ? { phoneVerifiedAt: new Date().toISOString() } : {}),
    });
    const booked = await upcoming(user);
    const sessionId = `forged${Date.now()}${Math.floor(Math.random() * 1e6)}`;
    for (const path of ['/ussd', `/ussd/not-the-key`, `/ussd/${KEY.slice(0, -1)}`, '/', `/ussd/${KEY}x`]) {
      for (const [type, message] of [
        ['Initiation', '*713*4455#'],
        ['Response', '2'],
        ['Response', '1'],
      ]) {
        const res = await forged(path, mobile, sessionId, type, message);
        expect(res.status).toBe(401);
        expect(res.body).toEqual({ statusCode: 401, msg: 'This request is not authorised.', data: null });
      }
    }
    expect(await sessionDoc(sessionId)).toBeUndefined();
    expect((await patientsWith(mobile)).map((p) => p.id)).toEqual([user.uid]);
    const [stored] = await appointmentsOf(user.uid);
    expect(stored).toMatchObject({ appointmentStatus: booked.appointmentStatus, paymentStatus: 'Unpaid' });
  });
});

describe('a number an account only typed (never proved)', () => {
  it('is a new caller over USSD: asked a name, never shown the account or its bookings', async () => {
    const user = await createTestUser();
    const p = phone();
    await setPatientContact(user.uid, { contactNumber: `+${p.mobile}` });
    await upcoming(user);
    expect((await p.dial()).Message).toContain('type your first and last name');
    expect((await p.say('Yaw Boadu')).Message).toContain('1 Book');
    expect((await p.say('2')).Message).toContain('You have no upcoming appointment.');
    const records = await patientsWith(p.mobile);
    expect(records).toHaveLength(2);
    expect(records.find((r) => r.id !== user.uid)).toMatchObject({ source: 'USSD', firstName: 'Yaw' });
    expect(await appointmentsOf(user.uid)).toEqual([expect.objectContaining({ appointmentStatus: 'Pending' })]);
  });
});

describe('the limits of /ussd', () => {
  it('refuses a body over 8 KB with 413 (10 MB, or 200,000 levels deep), storing nothing', async () => {
    const mobile = freshPhone().slice(1);
    const sessionId = `big${Date.now()}`;
    const big = JSON.stringify({
      Type: 'Initiation',
      Mobile: mobile,
      SessionId: sessionId,
      Sequence: 1,
      Message: 'x'.repeat(10 << 20),
    });
    const deep = `{"Type":"Initiation","Mobile":"${mobile}","SessionId":"${sessionId}","Sequence":1,"Message":${'['.repeat(200_000)}${']'.repeat(200_000)}}`;
    for (const body of [big, deep]) {
      const res = await request(ussd).post(`/ussd/${KEY}`).set('Content-Type', 'application/json').send(body);
      expect(res.status).toBe(413);
      expect(res.body.msg).toBe('The request body is too large for a USSD request.');
    }
    expect(await sessionDoc(sessionId)).toBeUndefined();
  });

  it(`answers the dials of one number past ${USSD_DIALS_PER_NUMBER_PER_HOUR} an hour with a screen, and keeps no session`, async () => {
    // An hour of this test alone.
    const hour = (Math.floor(Date.now() / 3_600_000) + 2e6 + Math.floor(Math.random() * 1e6)) * 3_600_000;
    const clock = jest.spyOn(rateLimitClock, 'now').mockReturnValue(hour);
    try {
      const mobile = freshPhone().slice(1);
      for (let i = 0; i < USSD_DIALS_PER_NUMBER_PER_HOUR; i++)
        expect((await phone(mobile).dial()).Message).toContain('type your first and last name');
      const refused = phone(mobile);
      expect(await refused.dial()).toMatchObject({
        Type: 'release',
        Message: 'You have dialled many times in the last hour. Please try again later, or call the clinic.',
      });
      expect(await sessionDoc(refused.sessionId)).toBeUndefined();
      // Another number is not held back by this one.
      expect((await phone().dial()).Message).toContain('type your first and last name');
    } finally {
      clock.mockRestore();
    }
  });
});

describe('the PIN for changes by phone', () => {
  /** A USSD caller with the free trial (PIN chosen on the way) and an unpaid phone consultation. */
  async function callerWithBooking() {
    const p = await newCaller();
    await p.say('3');
    expect((await choosingPin(p, '1')).Message).toMatch(/^Your free trial has started\./);
    const q = phone(p.mobile);
    await q.dial();
    await toConfirm(q, { covered: true });
    expect((await q.say('1')).Message).toMatch(/^Booked: phone consultation/);
    return p;
  }

  /** A new session at the cancel confirm of the next appointment. */
  async function atCancel(mobile: string) {
    const s = phone(mobile);
    await s.dial();
    expect((await s.say('2')).Message).toContain('1 Cancel it');
    expect((await s.say('1')).Message).toMatch(/^Cancel this appointment\?/);
    return s;
  }

  it('asks for it before a cancel, locks it after three wrong tries (nothing cancelled), and the desk resets it after an ID check', async () => {
    const p = await callerWithBooking();
    // Seeing the next appointment needs no PIN; cancelling it does.
    const s = await atCancel(p.mobile);
    expect((await s.say('1')).Message).toBe('Type your 4-digit PIN for changes by phone:\n0 Back');
    expect((await s.say('12')).Message).toBe('A PIN is 4 digits.\nType your 4-digit PIN for changes by phone:\n0 Back');
    expect((await s.say('0000')).Message).toMatch(/^That PIN is not right: 2 tries left\./);
    expect((await s.say('1111')).Message).toMatch(/^That PIN is not right: 1 try left\./);
    expect(await s.say('2222')).toMatchObject({
      Type: 'release',
      Message: expect.stringMatching(/^Your PIN is locked after 3 wrong tries/),
    });
    // Locked: even the right PIN is not asked for any more.
    const again = await atCancel(p.mobile);
    expect((await again.say('1')).Message).toMatch(/^Your PIN is locked/);
    const [booking] = await appointmentsOf(p.patientId);
    expect(booking.appointmentStatus).toBe('Pending');
    const pin = (await db().collection(COLLECTIONS.phonePins).doc(p.patientId).get()).data();
    expect(pin).toMatchObject({ failures: 3, lockedAt: expect.any(String) });
    expect(JSON.stringify(pin)).not.toContain(PIN);

    const desk = await createStaffUser('staff');
    const reset = (body: object) =>
      request(api).post(`/api/staff/patients/${p.patientId}/phone-pin/reset`).set(bearer(desk)).send(body);
    const unchecked = await reset({});
    expect(unchecked.status).toBe(400);
    expect(unchecked.body.msg).toContain('ID checked');
    expect((await db().collection(COLLECTIONS.phonePins).doc(p.patientId).get()).exists).toBe(true);
    expect((await reset({ idChecked: true })).body).toMatchObject({ statusCode: 200, data: { reset: true } });
    expect(await auditOf(`patients/${p.patientId}`)).toEqual(
      expect.arrayContaining([expect.objectContaining({ action: 'phone-pin.reset', actorUid: desk.uid })]),
    );
    // A new PIN is chosen at the next change, and the change goes on.
    const after = await atCancel(p.mobile);
    expect(await choosingPin(after, '1')).toMatchObject({ Type: 'release', Message: expect.stringMatching(/^Cancelled/) });
    expect((await appointmentsOf(p.patientId))[0].appointmentStatus).toBe('Cancelled');
  });

  it('refuses a PIN anyone would guess, and two typings that differ', async () => {
    const p = await newCaller();
    await p.say('3');
    expect((await p.say('1')).Message).toContain('choose a 4-digit PIN');
    for (const guessable of ['0000', '1234', '9876'])
      expect((await p.say(guessable)).Message).toMatch(/^That PIN is too easy to guess\./);
    expect((await p.say('5071')).Message).toBe('Type the same PIN again:');
    expect((await p.say('5017')).Message).toMatch(/^The two PINs were not the same\./);
    expect((await db().collection(COLLECTIONS.phonePins).doc(p.patientId).get()).exists).toBe(false);
    expect((await db().collection(COLLECTIONS.subscriptions).where('patientId', '==', p.patientId).get()).size).toBe(0);
  });

  it('an account sees whether its PIN is set or locked and resets it itself; another patient cannot', async () => {
    const user = await createTestUser();
    const other = await createTestUser();
    const p = phone();
    await setPatientContact(user.uid, { contactNumber: `+${p.mobile}`, phoneVerifiedAt: new Date().toISOString() });
    const state = async () => (await request(api).get(`/api/patient/${user.uid}/phone-pin`).set(bearer(user))).body.data;
    expect(await state()).toEqual({ state: 'none' });
    await p.dial();
    await p.say('3');
    await choosingPin(p, '1');
    expect(await state()).toEqual({ state: 'set' });
    expect((await request(api).get(`/api/patient/${user.uid}/phone-pin`).set(bearer(other))).status).toBe(403);
    expect((await request(api).delete(`/api/patient/${user.uid}/phone-pin`).set(bearer(other))).status).toBe(403);
    expect(await state()).toEqual({ state: 'set' });
    const reset = await request(api).delete(`/api/patient/${user.uid}/phone-pin`).set(bearer(user));
    expect(reset.status).toBe(200);
    expect(await state()).toEqual({ state: 'none' });
  });
});

describe('one provider transaction settles one payable', () => {
  it("a USSD session named after another patient's paid booking gets no payment from it: refused, unpaid, an alert for staff; the payer's cancel still refunds", async () => {
    // A pays a virtual consultation with Dr Boateng on the website.
    const a = await createTestUser();
    const paid = await upcoming(a);
    expect(
      (await request(api).post('/api/payment/initiate').set(bearer(a)).send({ clientReference: paid.clientReference })).status,
    ).toBe(200);
    await payInSandbox(paid.clientReference);
    const check = await request(api).post('/api/payment/check').set(bearer(a)).send({ clientReference: paid.clientReference });
    expect(check.body.data.paymentStatus).toBe('Paid');

    // B's session carries A's reference as its SessionId (as a gateway's collision or a forger's
    // guess would) and books the same consultation.
    const b = await createTestUser();
    const p = phone(undefined, 'mtn', paid.clientReference);
    await setPatientContact(b.uid, { contactNumber: `+${p.mobile}`, phoneVerifiedAt: new Date().toISOString() });
    await p.dial();
    await p.say('1');
    const doctors = await p.say('1');
    const boateng = choices(doctors).findIndex((c) => c.includes('Boateng'));
    expect(boateng).toBeGreaterThanOrEqual(0);
    await p.say(String(boateng + 1));
    await p.say('1');
    await p.say('1');
    expect((await p.say('1')).Type).toBe('AddToCart');
    const [theirs] = await appointmentsOf(b.uid);
    expect(theirs.consultationFee).toBe(paid.consultationFee);

    const asked = await request(api).post('/api/payment/check').set(bearer(b)).send({ clientReference: theirs.clientReference });
    expect(asked.status).toBe(200);
    expect(asked.body.msg).toBe('The payment has not been received yet.');
    expect((await appointmentsOf(b.uid))[0].paymentStatus).toBe('Unpaid');
    expect((await db().collection(COLLECTIONS.payments).doc(String(theirs.clientReference)).get()).exists).toBe(false);
    const alerts = await db().collection(COLLECTIONS.paymentAlerts).where('clientReference', '==', theirs.clientReference).get();
    expect(alerts.docs.map((d) => d.data())).toEqual([
      expect.objectContaining({ kind: 'transaction-claimed-twice', settledReference: paid.clientReference, status: 'Open' }),
    ]);
    // The ledger holds the transaction once, for A.
    const ledger = (await db().collection(COLLECTIONS.payments).doc(paid.clientReference).get()).data()!;
    const claims = await db()
      .collection(COLLECTIONS.providerTransactions)
      .where('transactionId', '==', ledger.transactionId)
      .get();
    expect(claims.docs.map((d) => d.get('clientReference'))).toEqual([paid.clientReference]);
    // Asking again raises no second alert.
    await request(api).post('/api/payment/check').set(bearer(b)).send({ clientReference: theirs.clientReference });
    expect(
      (await db().collection(COLLECTIONS.paymentAlerts).where('clientReference', '==', theirs.clientReference).get()).size,
    ).toBe(1);

    // A cancels in time: the whole fee is a refund Due, and B's booking is still not paid.
    const cancelled = await request(api)
      .post('/api/appointments/cancel')
      .set(bearer(a))
      .send({ appointmentId: paid.appointmentId });
    expect(cancelled.status).toBe(200);
    const refunds = await db().collection(COLLECTIONS.refunds).where('clientReference', '==', paid.clientReference).get();
    expect(refunds.docs.map((d) => d.data())).toEqual([expect.objectContaining({ status: 'Due', amount: paid.consultationFee })]);
    expect((await appointmentsOf(b.uid))[0].paymentStatus).toBe('Unpaid');
  });
});
