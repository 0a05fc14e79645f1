import '../../test-support/payments';
import { Timestamp } from 'firebase-admin/firestore';
import request from 'supertest';
import { createApp } from '../../app';
import { createCallbackApp } from '../payment-callback';
import { newClientReference } from '../../provider/client-reference';
import { recheckRecentPayments } from '../../services/payments/recheck';
import { COLLECTIONS } from '../../store/collections';
import { db } from '../../store/firebase';
import { createStaffUser, createTestUser, type TestUser } from '../../test-support/auth';
import { CALLBACK_SECRET, callbackPath, payInSandbox, setFaults } from '../../test-support/payments';
import { callbackToken } from '../../http/gateway';
import { callbackUrl } from '../../config';
import { mailsTo } from '../../test-support/mail';

const app = createApp();
const callbackApp = createCallbackApp();

const bearer = (u: TestUser) => ({ Authorization: `Bearer ${u.idToken}` });

async function subscribe(user: TestUser, packageId = 'student') {
  const res = await request(app).post('/api/subscriptions').set(bearer(user)).send({ packageId });
  expect([200, 201]).toContain(res.status);
  return res.body.data as { id: string; clientReference: string; amount: number };
}

/** A subscription whose checkout started; the sandbox will not send callbacks unless told. */
async function startedCheckout(user: TestUser, packageId = 'student') {
  const sub = await subscribe(user, packageId);
  await setFaults(sub.clientReference, { callback: 'drop' });
  const res = await request(app).post('/api/payment/initiate').set(bearer(user)).send({ clientReference: sub.clientReference });
  expect(res.status).toBe(200);
  return sub;
}

const subscriptionDoc = async (id: string) => (await db().collection(COLLECTIONS.subscriptions).doc(id).get()).data() ?? {};

/** The provider's callback for a payment, to the URL it was given for it (or another `path`, as a forger would). */
function callback(clientReference: string, path: string = callbackPath(clientReference), amount = 49, phone?: string) {
  const req = request(callbackApp).post(path);
  return req.send({
    ResponseCode: '0000',
    Status: 'Success',
    Data: {
      CheckoutId: 'x',
      ClientReference: clientReference,
      Status: 'Success',
      Amount: amount,
      ...(phone ? { CustomerPhoneNumber: phone } : {}),
      PaymentDetails: { PaymentType: 'mobilemoney', Channel: 'mtn-gh' },
    },
  });
}

let alice: TestUser;
let bob: TestUser;
beforeAll(async () => {
  [alice, bob] = await Promise.all([createTestUser(), createTestUser()]);
});

describe('POST /subscriptions', () => {
  it('when a patient picks a paid package, then an Unpaid subscription at its price for 30 days is made, whatever the browser claims', async () => {
    const user = await createTestUser();
    const res = await request(app)
      .post('/api/subscriptions')
      .set(bearer(user))
      .send({ packageId: 'student', amount: 1, paymentStatus: 'Paid', isActive: true, clientReference: 'AAAAAAAAAA' });
    expect(res.status).toBe(201);
    expect(res.body.data).toMatchObject({
      patientId: user.uid,
      packageId: 'student',
      packageTitle: 'Student Package',
      amount: 49,
      paymentStatus: 'Unpaid',
      status: 'Pending',
      duration: 30,
      isActive: false,
    });
    expect(res.body.data.clientReference).toMatch(/^[A-Za-z0-9]{10}$/);
    expect(res.body.data.clientReference).not.toBe('AAAAAAAAAA');
    expect(await subscriptionDoc(res.body.data.id)).toMatchObject({ amount: 49, paymentStatus: 'Unpaid', isActive: false });
  });

  it('when the patient subscribes to the same package again before paying, then the same subscription is returned', async () => {
    const user = await createTestUser();
    const first = await subscribe(user, 'student');
    const again = await request(app).post('/api/subscriptions').set(bearer(user)).send({ packageId: 'student' });
    expect(again.status).toBe(200);
    expect(again.body.data.id).toBe(first.id);
    expect(again.body.data.amount).toBe(49);
    const all = await db().collection(COLLECTIONS.subscriptions).where('patientId', '==', user.uid).get();
    expect(all.size).toBe(1);
  });

  it('when the package has Custom Pricing, then 400 sends the patient to the enquiry form and nothing is written', async () => {
    const user = await createTestUser();
    const res = await request(app).post('/api/subscriptions').set(bearer(user)).send({ packageId: 'corporate-wellness' });
    expect(res.status).toBe(400);
    expect(res.body.msg).toMatch(/Make Enquiries/);
    const all = await db().collection(COLLECTIONS.subscriptions).where('patientId', '==', user.uid).get();
    expect(all.size).toBe(0);
  });

  it('when the package id is missing or unknown, then 400 names packageId or 404 says so', async () => {
    const missing = await request(app).post('/api/subscriptions').set(bearer(alice)).send({});
    expect(missing.status).toBe(400);
    expect(missing.body.msg).toMatch(/Package/);
    const unknown = await request(app).post('/api/subscriptions').set(bearer(alice)).send({ packageId: 'gold' });
    expect(unknown.status).toBe(404);
  });

  it('when nobody is signed in or the patientId is not the caller, then 401 or 403', async () => {
    expect((await request(app).post('/api/subscriptions').send({ packageId: 'individual' })).status).toBe(401);
    const other = await request(app)
      .post('/api/subscriptions')
      .set(bearer(alice))
      .send({ packageId: 'individual', patientId: bob.uid });
    expect(other.status).toBe(403);
  });
});

describe('GET /subscriptions/{patientId}', () => {
  it("when a patient asks for their own, then each comes with the package's title, price and items", async () => {
    const user = await createTestUser();
    await subscribe(user, 'family-care');
    const res = await request(app).get(`/api/subscriptions/${user.uid}`).set(bearer(user));
    expect(res.status).toBe(200);
    expect(res.body.data).toHaveLength(1);
    expect(res.body.data[0]).toMatchObject({
      packageTitle: 'Family Care Package',
      packagePrice: 249,
      amount: 249,
      paymentStatus: 'Unpaid',
    });
    expect(res.body.data[0].packageItems.length).toBeGreaterThan(0);
  });

  it("when a patient asks for another patient's, then 403", async () => {
    const res = await request(app).get(`/api/subscriptions/${bob.uid}`).set(bearer(alice));
    expect(res.status).toBe(403);
  });
});

describe('POST /payment/initiate', () => {
  it("when a patient starts paying their subscription, then the provider's checkout URLs come back and the start is remembered", async () => {
    const user = await createTestUser();
    const sub = await subscribe(user);
    const res = await request(app).post('/api/payment/initiate').set(bearer(user)).send({ clientReference: sub.clientReference });
    expect(res.status).toBe(200);
    expect(res.body.data.checkoutDirectUrl).toMatch(/^http:\/\/127\.0\.0\.1:5005\/checkout\/direct\//);
    expect(res.body.data.checkoutUrl).toMatch(/\/checkout\//);
    expect(res.body.data.checkoutId).toBeTruthy();
    const stored = await subscriptionDoc(sub.id);
    expect(stored.checkoutStartedAt).toBeDefined();
    expect(stored.paymentStatus).toBe('Unpaid');
  });

  it("when a patient uses another patient's reference, then 404 and nothing changes", async () => {
    const sub = await subscribe(bob);
    const res = await request(app)
      .post('/api/payment/initiate')
      .set(bearer(alice))
      .send({ clientReference: sub.clientReference });
    expect(res.status).toBe(404);
    expect((await subscriptionDoc(sub.id)).checkoutStartedAt).toBeUndefined();
  });

  it('when the provider is down or answers another code, then 502 "Something went wrong. Please try again" and nothing changes', async () => {
    const user = await createTestUser();
    const sub = await subscribe(user);
    for (const failInitiate of ['http-500', 'code'] as const) {
      await setFaults(sub.clientReference, { failInitiate });
      const res = await request(app)
        .post('/api/payment/initiate')
        .set(bearer(user))
        .send({ clientReference: sub.clientReference });
      expect(res.status).toBe(502);
      expect(res.body.msg).toBe('Something went wrong. Please try again');
    }
    const stored = await subscriptionDoc(sub.id);
    expect(stored.checkoutStartedAt).toBeUndefined();
    expect(stored.paymentStatus).toBe('Unpaid');
  });

  it('when the reference is malformed or unknown, then 400 names clientReference or 404', async () => {
    const bad = await request(app).post('/api/payment/initiate').set(bearer(alice)).send({ clientReference: 'abc' });
    expect(bad.status).toBe(400);
    expect(bad.body.msg).toMatch(/Payment reference/);
    const unknown = await request(app)
      .post('/api/payment/initiate')
      .set(bearer(alice))
      .send({ clientReference: newClientReference() });
    expect(unknown.status).toBe(404);
  });
});

describe('POST /payment/check and PUT /subscriptions', () => {
  it('when the provider says Paid with the stored amount, then the subscription is Paid, active for 30 days, with one receipt', async () => {
    const user = await createTestUser();
    const sub = await startedCheckout(user);
    await payInSandbox(sub.clientReference);
    const res = await request(app).post('/api/payment/check').set(bearer(user)).send({ clientReference: sub.clientReference });
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({
      kind: 'subscription',
      paymentStatus: 'Paid',
      isActive: true,
      currencyCode: 'GHS',
      paymentMethod: 'mobilemoney',
    });
    const stored = await subscriptionDoc(sub.id);
    expect(stored.transactionId).toBeTruthy();
    expect(stored.externalTransactionId).toBeTruthy();
    expect(stored.amountAfterCharges).toBeLessThan(49);
    const days = (stored.endDate.toMillis() - stored.startDate.toMillis()) / 86_400_000;
    expect(days).toBe(30);
    expect(stored.status).toBe('Active');
    expect((stored.periodEnd.toMillis() - stored.periodStart.toMillis()) / 86_400_000).toBe(30);
    // Checking again (or a late callback) changes nothing and sends no second receipt.
    await request(app).post('/api/payment/check').set(bearer(user)).send({ clientReference: sub.clientReference });
    expect((await callback(sub.clientReference)).status).toBe(200);
    const mails = await mailsTo(user.email);
    expect(mails).toHaveLength(1);
    expect(mails[0].message.subject).toBe('Payment received: Subscription for Student Package');
    expect(mails[0].message.text).toContain('GHS 49.00');
    expect(mails[0].message.text).toContain(sub.clientReference);
  });

  it('when the client claims Paid through PUT /subscriptions, then it stays Unpaid because the provider says so', async () => {
    const user = await createTestUser();
    const sub = await startedCheckout(user);
    const res = await request(app)
      .put('/api/subscriptions')
      .set(bearer(user))
      .send({ clientReference: sub.clientReference, patientId: user.uid, paymentStatus: 'Paid', amount: 99, isActive: true });
    expect(res.status).toBe(200);
    expect(res.body.data.paymentStatus).toBe('Unpaid');
    expect(await subscriptionDoc(sub.id)).toMatchObject({ paymentStatus: 'Unpaid', isActive: false });
  });

  it('when the subscription was paid and PUT /subscriptions is called, then it answers Paid (after asking the provider)', async () => {
    const user = await createTestUser();
    const sub = await startedCheckout(user);
    await payInSandbox(sub.clientReference);
    const res = await request(app).put('/api/subscriptions').set(bearer(user)).send({ clientReference: sub.clientReference });
    expect(res.body.data).toMatchObject({
      paymentStatus: 'Paid',
      isActive: true,
      status: 'Active',
      daysLeft: 30,
      packageTitle: 'Student Package',
    });
  });

  it('when the provider status API errors at check, then 502 and the record stays Unpaid', async () => {
    const user = await createTestUser();
    const sub = await startedCheckout(user);
    await payInSandbox(sub.clientReference);
    await setFaults(sub.clientReference, { statusError: 'http-500' });
    const res = await request(app).post('/api/payment/check').set(bearer(user)).send({ clientReference: sub.clientReference });
    expect(res.status).toBe(502);
    expect((await subscriptionDoc(sub.id)).paymentStatus).toBe('Unpaid');
    expect(await mailsTo(user.email)).toHaveLength(0);
  });

  it("when a patient checks another patient's reference, then 404", async () => {
    const sub = await subscribe(bob, 'student');
    const res = await request(app).post('/api/payment/check').set(bearer(alice)).send({ clientReference: sub.clientReference });
    expect(res.status).toBe(404);
  });
});

describe('paymentCallback', () => {
  it("when the callback has no token, a guessed one, another payment's, or the secret itself, then 401 and nothing changes even if the provider was paid", async () => {
    const user = await createTestUser();
    const sub = await startedCheckout(user);
    await payInSandbox(sub.clientReference);
    const other = newClientReference();
    for (const path of [
      '/payment/callback',
      `/payment/callback?secret=${encodeURIComponent(CALLBACK_SECRET)}`,
      callbackPath(sub.clientReference, 'guessed-token'),
      callbackPath(sub.clientReference, CALLBACK_SECRET),
      // A URL made for another payment authorises only that one: the body naming this one is refused.
      callbackPath(other),
    ]) {
      const res = await callback(sub.clientReference, path);
      expect(res.status).toBe(401);
      expect(res.body.msg).toBe('This callback is not authorised.');
    }
    expect((await subscriptionDoc(sub.id)).paymentStatus).toBe('Unpaid');
    expect((await db().collection(COLLECTIONS.payments).doc(sub.clientReference).get()).exists).toBe(false);
  });

  it('when the callback secret is being rotated, then URLs signed with either value are accepted', async () => {
    const user = await createTestUser();
    const sub = await startedCheckout(user);
    await payInSandbox(sub.clientReference);
    const rotated = jest.replaceProperty(process.env, 'PAYMENT_CALLBACK_SECRET', `the-new-secret,${CALLBACK_SECRET}`);
    try {
      // Signed with the old value (the URL the provider already holds), still accepted.
      const res = await callback(sub.clientReference);
      expect(res.status).toBe(200);
      expect(res.body.data.outcome).toBe('paid');
      expect(callbackUrl('payment', sub.clientReference)).toContain(
        `/${callbackToken('the-new-secret', 'payment', sub.clientReference)}`,
      );
    } finally {
      rotated.restore();
    }
  });

  it('when a forged callback says Success but the provider says Unpaid, then it is not Paid', async () => {
    const user = await createTestUser();
    const sub = await startedCheckout(user);
    const res = await callback(sub.clientReference);
    expect(res.status).toBe(200);
    expect(res.body.data.outcome).toBe('not-paid');
    expect((await subscriptionDoc(sub.id)).paymentStatus).toBe('Unpaid');
  });

  it('when the callback names an unknown reference, then 404 and nothing is written', async () => {
    const ref = newClientReference();
    const res = await callback(ref);
    expect(res.status).toBe(404);
    expect((await db().collection(COLLECTIONS.payments).doc(ref).get()).exists).toBe(false);
  });

  it('when the provider reports a different amount, then it is not Paid and the money taken is a refund Due', async () => {
    const user = await createTestUser();
    const sub = await startedCheckout(user);
    await setFaults(sub.clientReference, { callback: 'drop', reportAmount: 1 });
    await payInSandbox(sub.clientReference);
    const res = await callback(sub.clientReference, undefined, 1);
    expect(res.body.data.outcome).toBe('refund-due');
    expect((await subscriptionDoc(sub.id)).paymentStatus).toBe('Unpaid');
    const refunds = await db().collection(COLLECTIONS.refunds).where('clientReference', '==', sub.clientReference).get();
    expect(refunds.docs.map((d) => d.data())).toMatchObject([{ reason: 'amount-mismatch', amount: 1, status: 'Due' }]);
    const mails = await mailsTo(user.email);
    expect(mails.map((m) => m.message.subject)).toEqual([expect.stringMatching(/^A refund will follow/)]);
  });

  it("when money is owed back, then staff's refund list names the patient, their phone and the number and network it came from", async () => {
    const [user, staff] = await Promise.all([createTestUser(), createStaffUser('staff')]);
    const sub = await startedCheckout(user);
    await setFaults(sub.clientReference, { callback: 'drop', reportAmount: 1 });
    await payInSandbox(sub.clientReference);
    expect((await callback(sub.clientReference, undefined, 1, '233551234987')).body.data.outcome).toBe('refund-due');
    const list = await request(app).get('/api/staff/refunds?status=Due&limit=50').set(bearer(staff));
    expect(list.status).toBe(200);
    const mine = (list.body.data.items as { clientReference: string }[]).find((r) => r.clientReference === sub.clientReference);
    expect(mine).toMatchObject({
      patientName: 'Kwame Mensah',
      patientPhone: '+233241234567',
      paidFrom: { phone: '233551234987', channel: 'mtn-gh' },
    });
  });

  it('when a paid callback is replayed, then the second changes nothing', async () => {
    const user = await createTestUser();
    const sub = await startedCheckout(user);
    await payInSandbox(sub.clientReference);
    expect((await callback(sub.clientReference)).body.data.outcome).toBe('paid');
    const first = await subscriptionDoc(sub.id);
    expect((await callback(sub.clientReference)).body.data.outcome).toBe('already-paid');
    const second = await subscriptionDoc(sub.id);
    expect(second.paymentDate.isEqual(first.paymentDate)).toBe(true);
    expect(await mailsTo(user.email)).toHaveLength(1);
  });

  it('when 10 callbacks arrive at once, then there is exactly one Paid transition and one receipt', async () => {
    const user = await createTestUser();
    const sub = await startedCheckout(user);
    await payInSandbox(sub.clientReference);
    const results = await Promise.all(Array.from({ length: 10 }, () => callback(sub.clientReference)));
    const outcomes = results.map((r) => r.body.data?.outcome);
    expect(outcomes.filter((o) => o === 'paid')).toHaveLength(1);
    expect(outcomes.filter((o) => o === 'already-paid')).toHaveLength(9);
    expect((await subscriptionDoc(sub.id)).paymentStatus).toBe('Paid');
    expect(await mailsTo(user.email)).toHaveLength(1);
  });
});

describe('the scheduled re-check', () => {
  it('when the callback was lost, then the re-check marks the paid checkout Paid', async () => {
    const user = await createTestUser();
    const sub = await startedCheckout(user);
    await payInSandbox(sub.clientReference);
    expect((await subscriptionDoc(sub.id)).paymentStatus).toBe('Unpaid');
    // Its checkout moved to a far future and the re-check run 'then', so it settles no record of suites running beside it.
    const then = Date.now() + 10 * 365 * 86_400_000;
    await db()
      .collection(COLLECTIONS.subscriptions)
      .doc(sub.id)
      .update({ checkoutStartedAt: Timestamp.fromMillis(then) });
    const { paid } = await recheckRecentPayments({ now: new Date(then + 60_000) });
    expect(paid).toBe(1);
    expect((await subscriptionDoc(sub.id)).paymentStatus).toBe('Paid');
    expect(await mailsTo(user.email)).toHaveLength(1);
  });
});

describe('POST /orders', () => {
  it('when a patient orders products, then prices and total come from the catalog, and paying it marks it Paid', async () => {
    const user = await createTestUser();
    const res = await request(app)
      .post('/api/orders')
      .set(bearer(user))
      .send({
        items: [
          { productId: 'paracetamol', quantity: 2, price: 0.01 },
          { productId: 'vitamin-c', quantity: 1 },
        ],
        amount: 1,
      });
    expect(res.status).toBe(201);
    expect(res.body.data).toMatchObject({ amount: 45, paymentStatus: 'Unpaid', currencyCode: 'GHS' });
    expect(res.body.data.items[0]).toMatchObject({ productName: 'Paracetamol', price: 10, quantity: 2, lineTotal: 20 });
    const { clientReference } = res.body.data;
    await setFaults(clientReference, { callback: 'drop' });
    expect((await request(app).post('/api/payment/initiate').set(bearer(user)).send({ clientReference })).status).toBe(200);
    await payInSandbox(clientReference);
    const check = await request(app).post('/api/payment/check').set(bearer(user)).send({ clientReference });
    expect(check.body.data).toMatchObject({ kind: 'order', paymentStatus: 'Paid', amount: 45 });
    const mails = await mailsTo(user.email);
    expect(mails).toHaveLength(1);
    expect(mails[0].message.subject).toBe('Payment received: Order: 2 x Paracetamol, 1 x Vitamin C');
  });

  it('when an item is unknown, repeated, or has a bad quantity, then 400 names items and nothing is written', async () => {
    const user = await createTestUser();
    const cases = [
      { items: [{ productId: 'gold-pills', quantity: 1 }] },
      { items: [{ productId: 'paracetamol', quantity: 0 }] },
      { items: [{ productId: 'paracetamol', quantity: 1.5 }] },
      {
        items: [
          { productId: 'paracetamol', quantity: 1 },
          { productId: 'paracetamol', quantity: 2 },
        ],
      },
      { items: [] },
      {},
    ];
    for (const body of cases) {
      const res = await request(app).post('/api/orders').set(bearer(user)).send(body);
      expect(res.status).toBe(400);
      expect(res.body.msg).toMatch(/Products|Quantity|product/);
    }
    expect((await db().collection(COLLECTIONS.orders).where('patientId', '==', user.uid).get()).size).toBe(0);
  });
});

describe('appointments', () => {
  it("when an appointment's fee is paid, then only its paymentStatus and provider fields change", async () => {
    const user = await createTestUser();
    const clientReference = newClientReference();
    const ref = db().collection(COLLECTIONS.appointments).doc();
    await ref.create({
      patientId: user.uid,
      emailAddress: user.email,
      clientReference,
      consultationFee: 120,
      requiresPayment: true,
      paymentStatus: 'Unpaid',
      appointmentStatus: 'Pending',
      requestedService: 'Virtual Consultation (Telemedicine)',
    });
    await setFaults(clientReference, { callback: 'drop' });
    const init = await request(app).post('/api/payment/initiate').set(bearer(user)).send({ clientReference });
    expect(init.status).toBe(200);
    await payInSandbox(clientReference);
    const res = await callback(clientReference, undefined, 120);
    expect(res.body.data.outcome).toBe('paid');
    const stored = (await ref.get()).data() ?? {};
    expect(stored).toMatchObject({
      paymentStatus: 'Paid',
      appointmentStatus: 'Pending',
      consultationFee: 120,
      currencyCode: 'GHS',
    });
    expect(stored.isActive).toBeUndefined();
    expect((await mailsTo(user.email))[0].message.text).toContain('GHS 120.00');
  });

  it('when an appointment is cancelled or needs no payment, then initiate refuses it and nothing changes', async () => {
    const user = await createTestUser();
    const cases = [
      {
        status: 409,
        doc: { appointmentStatus: 'Cancelled', requiresPayment: true, paymentStatus: 'Unpaid', consultationFee: 120 },
      },
      {
        status: 400,
        doc: { appointmentStatus: 'Pending', requiresPayment: false, paymentStatus: 'Not Applicable', consultationFee: 0 },
      },
    ];
    for (const { status, doc } of cases) {
      const clientReference = newClientReference();
      const ref = db().collection(COLLECTIONS.appointments).doc();
      await ref.create({ ...doc, patientId: user.uid, clientReference });
      const res = await request(app).post('/api/payment/initiate').set(bearer(user)).send({ clientReference });
      expect(res.status).toBe(status);
      expect((await ref.get()).get('checkoutStartedAt')).toBeUndefined();
    }
  });
});
