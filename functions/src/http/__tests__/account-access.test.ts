import { payInSandbox, setFaults } from '../../test-support/payments';
import request from 'supertest';
import { FINISH_REGISTRATION, FINISH_VERIFICATION } from '../../api/account-access';
import { createApp } from '../../app';
import { COLLECTIONS } from '../../store/collections';
import { db } from '../../store/firebase';
import { createTestUser, type TestUser } from '../../test-support/auth';
import { sinkMailTo } from '../../test-support/mail';
import { atStartOfWindow } from '../../test-support/clock';
import { CALLER_LIMITS } from '../rate-limit';

/**
 * docs/security.md, Accounts: only an Activated patient subscribes, orders, books or pays; mails
 * about a record go to the account's own e-mail; signed-in writes are throttled per uid.
 * Against the real emulators: status, msg and what the store holds.
 */
const app = createApp();

const bearer = (user: TestUser) => ({ Authorization: `Bearer ${user.idToken}` });
const inDays = (days: number) => new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);

/** A lab test booking: no doctor or time, so bookings never compete for a slot. */
const labBooking = (overrides: Record<string, unknown> = {}) => ({
  bookFor: 'SELF',
  firstName: 'Ama',
  lastName: 'Owusu',
  gender: 'FEMALE',
  emailAddress: 'ama.owusu@example.com',
  contactNumber: '024 123 4567',
  location: 'Accra',
  requestedServiceId: 6,
  requestedDay: inDays(3),
  selectedLabs: ['fbc'],
  ...overrides,
});

const count = async (collection: string, field: string, value: string) =>
  (await db().collection(collection).where(field, '==', value).get()).size;
/** How many mails the sandbox's SMTP sink got for the address (the sends under way finished first). */
const mailsTo = async (email: string) => (await sinkMailTo(email)).length;

/** Every write that needs an Activated patient, as a person's first try would send it. */
const GUARDED: [string, 'post' | 'put', object][] = [
  ['/api/appointments', 'post', labBooking()],
  ['/api/subscriptions', 'post', { packageId: 'individual' }],
  ['/api/subscriptions', 'put', { clientReference: 'AAAAAAAAAA' }],
  ['/api/orders', 'post', { items: [{ productId: 'paracetamol', quantity: 1 }] }],
  ['/api/payment/initiate', 'post', { clientReference: 'AAAAAAAAAA' }],
  ['/api/payment/check', 'post', { clientReference: 'AAAAAAAAAA' }],
  ['/api/subscriptions/renew', 'post', { subscriptionId: 'some-subscription' }],
  ['/api/subscriptions/cancel', 'post', { subscriptionId: 'some-subscription' }],
  ['/api/subscriptions/autorenew', 'post', { network: 'MTN' }],
  ['/api/subscriptions/autorenew/verify', 'post', { otp: '1234' }],
  ['/api/subscriptions/autorenew/cancel', 'post', {}],
];

/** What the user has stored: appointments, subscriptions and orders. */
const recordsOf = async (uid: string) =>
  (await count(COLLECTIONS.appointments, 'patientId', uid)) +
  (await count(COLLECTIONS.subscriptions, 'patientId', uid)) +
  (await count(COLLECTIONS.orders, 'patientId', uid));

describe('only an Activated patient may subscribe, order, book or pay', () => {
  it.each(GUARDED)(
    'when a Firebase user who never registered calls %s (%s), then 403 says to finish registering and nothing is stored',
    async (path, method, body) => {
      const user = await createTestUser({ patient: 'none' });
      const res = await request(app)[method](path).set(bearer(user)).send(body);
      expect(res.status).toBe(403);
      expect(res.body).toEqual({ statusCode: 403, msg: FINISH_REGISTRATION, data: null });
      expect(await recordsOf(user.uid)).toBe(0);
    },
  );

  it.each(GUARDED)(
    'when a registered but unverified patient calls %s (%s), then 403 says to enter the mailed code and nothing is stored',
    async (path, method, body) => {
      const user = await createTestUser({ patient: 'Pending' });
      const res = await request(app)[method](path).set(bearer(user)).send(body);
      expect(res.status).toBe(403);
      expect(res.body.msg).toBe('Please finish verifying your account first: enter the code we e-mailed you.');
      expect(res.body.msg).toBe(FINISH_VERIFICATION);
      expect(await recordsOf(user.uid)).toBe(0);
    },
  );

  it('when an unverified patient books, then no confirmation mail is queued to anyone', async () => {
    const user = await createTestUser({ patient: 'Pending' });
    const other = `unverified-${user.uid}@example.com`;
    const res = await request(app)
      .post('/api/appointments')
      .set(bearer(user))
      .send(labBooking({ emailAddress: other }));
    expect(res.status).toBe(403);
    expect(await mailsTo(other)).toBe(0);
    expect(await mailsTo(user.email)).toBe(0);
  });

  it('when the patient is Activated, then the same booking is 201 and stored', async () => {
    const user = await createTestUser();
    const res = await request(app).post('/api/appointments').set(bearer(user)).send(labBooking());
    expect(res.status).toBe(201);
    expect(await count(COLLECTIONS.appointments, 'patientId', user.uid)).toBe(1);
  });

  it('when an unverified patient reads their own records, then that still works (only writes need Activated)', async () => {
    const user = await createTestUser({ patient: 'Pending' });
    const res = await request(app).get('/api/appointments/pending').query({ patientId: user.uid }).set(bearer(user));
    expect(res.status).toBe(200);
  });
});

describe("mails about a record go to the account's own e-mail", () => {
  it("when a booking names someone else's e-mail, then it is stored on the appointment but the mail goes to the account", async () => {
    const user = await createTestUser();
    const typed = `someone-else-${user.uid}@example.com`.toLowerCase();
    const res = await request(app)
      .post('/api/appointments')
      .set(bearer(user))
      .send(labBooking({ bookFor: 'OTHERS', emailAddress: typed }));
    expect(res.status).toBe(201);
    const stored = (await db().collection(COLLECTIONS.appointments).doc(res.body.data.appointmentId).get()).data();
    expect(stored?.emailAddress).toBe(typed);
    expect(await mailsTo(typed)).toBe(0);
    const mails = await sinkMailTo(user.email);
    expect(mails.map((m) => m.text)).toEqual([expect.stringContaining(res.body.data.clientReference)]);
  });

  it("when a booking for someone else is paid, then the receipt goes to the account's e-mail, not the typed one", async () => {
    const user = await createTestUser();
    const typed = `paid-for-${user.uid}@example.com`.toLowerCase();
    const booked = await request(app)
      .post('/api/appointments')
      .set(bearer(user))
      .send(labBooking({ bookFor: 'OTHERS', emailAddress: typed }));
    expect(booked.status).toBe(201);
    const { clientReference } = booked.body.data as { clientReference: string };
    await setFaults(clientReference, { callback: 'drop' });
    expect((await request(app).post('/api/payment/initiate').set(bearer(user)).send({ clientReference })).status).toBe(200);
    await payInSandbox(clientReference);
    const checked = await request(app).post('/api/payment/check').set(bearer(user)).send({ clientReference });
    expect(checked.body.data.paymentStatus).toBe('Paid');
    expect(await mailsTo(typed)).toBe(0);
    const toAccount = await sinkMailTo(user.email);
    expect(toAccount.filter((m) => /^Payment received/.test(m.subject))).toHaveLength(1);
  });
});

/** Fixed windows: each burst happens at the start of one, so it cannot straddle two. */
const insideOneWindow = (windowMinutes: number) => atStartOfWindow(windowMinutes * 60_000);

describe('signed-in writes are throttled per patient', () => {
  afterEach(() => jest.restoreAllMocks());

  it('when a patient books again and again, then after the limit it answers 429, stores nothing more and mails nothing more', async () => {
    const { limit, windowMinutes } = CALLER_LIMITS.bookings;
    insideOneWindow(windowMinutes);
    const user = await createTestUser();
    const statuses: number[] = [];
    for (let i = 0; i < limit + 5; i += 1) {
      const res = await request(app)
        .post('/api/appointments')
        .set(bearer(user))
        .send(labBooking({ requestedDay: inDays(2 + i) }));
      statuses.push(res.status);
      if (res.status === 429) expect(res.body.msg).toMatch(/too many requests of this kind\. Please wait 1 hour/);
    }
    expect(statuses).toEqual([...Array(limit).fill(201), ...Array(5).fill(429)]);
    expect(await count(COLLECTIONS.appointments, 'patientId', user.uid)).toBe(limit);
    expect(await mailsTo(user.email)).toBe(limit);
  });

  it("when one patient has used up their bookings, then another patient's booking still goes through", async () => {
    const user = await createTestUser();
    const res = await request(app).post('/api/appointments').set(bearer(user)).send(labBooking());
    expect(res.status).toBe(201);
  });

  it('when payment checks are sent in a burst, then after the limit they answer 429', async () => {
    const { limit, windowMinutes } = CALLER_LIMITS.payments;
    insideOneWindow(windowMinutes);
    const user = await createTestUser();
    const statuses: number[] = [];
    for (let i = 0; i < limit + 2; i += 1) {
      statuses.push(
        (await request(app).post('/api/payment/check').set(bearer(user)).send({ clientReference: 'ZZZZZZZZZZ' })).status,
      );
    }
    expect(statuses.slice(0, limit).every((s) => s !== 429)).toBe(true);
    expect(statuses.slice(limit)).toEqual([429, 429]);
  });

  it('when verification codes are tried again and again, then after the limit 429, whatever the code', async () => {
    const { limit, windowMinutes } = CALLER_LIMITS.verification;
    insideOneWindow(windowMinutes);
    const user = await createTestUser({ patient: 'none' });
    const statuses: number[] = [];
    for (let i = 0; i < limit + 2; i += 1) {
      statuses.push(
        (
          await request(app)
            .post('/api/auth/verifypatient')
            .set(bearer(user))
            .send({ uniqueCode: `X${i}` })
        ).status,
      );
    }
    expect(statuses.slice(0, limit).every((s) => s !== 429)).toBe(true);
    expect(statuses.slice(limit)).toEqual([429, 429]);
  });
});

describe('patient answers are never kept by shared caches', () => {
  it.each([
    ['get', '/api/appointments/pending'],
    ['get', '/api/appointments/upcoming'],
    ['get', '/api/consultation'],
    ['post', '/api/appointments'],
  ] as const)('when %s %s answers, then Cache-Control is private, no-store (even a 401)', async (method, path) => {
    const user = await createTestUser();
    const signedIn = await request(app)[method](path).set(bearer(user)).send({});
    expect(signedIn.headers['cache-control']).toBe('private, no-store');
    const anonymous = await request(app)[method](path).send({});
    expect(anonymous.status).toBe(401);
    expect(anonymous.headers['cache-control']).toBe('private, no-store');
  });

  it("when the patient's own record is read, then it is private, no-store", async () => {
    const user = await createTestUser();
    const res = await request(app).get(`/api/patient/${user.uid}`).set(bearer(user));
    expect(res.status).toBe(200);
    expect(res.headers['cache-control']).toBe('private, no-store');
  });

  it('when the catalog is read, then it stays public and cacheable', async () => {
    const res = await request(app).get('/api/packages');
    expect(res.headers['cache-control']).toBe('public, max-age=60, s-maxage=300');
  });
});
