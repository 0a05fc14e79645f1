import '../../test-support/payments';
import { Timestamp } from 'firebase-admin/firestore';
import request from 'supertest';
import { createApp } from '../../app';
import { createCallbackApp } from '../payment-callback';
import { seedCatalog } from '../../seed/seed';
import { PAYMENT_IN_PROGRESS } from '../../services/booking/cancel-and-delete';
import { expireLapsedHolds } from '../../services/booking/holds';
import { CHECKOUT_LIVE_MS } from '../../services/payments/checkout';
import { findPayable } from '../../services/payments/payable';
import { CHECKOUT_IN_PROGRESS_MS } from '../../services/payments/recheck';
import { markPaid } from '../../services/payments/settlement';
import { COLLECTIONS } from '../../store/collections';
import { db } from '../../store/firebase';
import { createTestUser, type TestUser } from '../../test-support/auth';
import { freshSlot, slotOf, type Booked } from '../../test-support/booking';
import { subjectsTo } from '../../test-support/mail';
import { callbackPath, SANDBOX, payInSandbox, setFaults } from '../../test-support/payments';

/**
 * Issue 11, 'No payment lost': every payment the provider (the sandbox on 5005) confirms is
 * either applied to its record or becomes a refund Due, exactly once, with a mail to the
 * account's address; one live checkout per record; cancel follows the FAQ's policy.
 */
const app = createApp();
const callbackApp = createCallbackApp();
const bearer = (u: TestUser) => ({ Authorization: `Bearer ${u.idToken}` });

/** A signed-up patient whose account address differs from the one typed into bookings. */
async function patient(): Promise<TestUser> {
  const user = await createTestUser();
  await db().collection(COLLECTIONS.patients).doc(user.uid).set({ emailAddress: user.email, accountStatus: 'Activated' });
  return user;
}

const bookingBody = (slot: { day: string; time: string }) => ({
  bookFor: 'OTHERS',
  firstName: 'Ama',
  lastName: 'Mensah',
  gender: 'FEMALE',
  emailAddress: 'typed-by-the-patient@example.com',
  contactNumber: '024 123 4567',
  location: 'Osu, Accra',
  healthProblem: 'Persistent cough',
  requestedServiceId: 1,
  doctorId: 'dr-boateng',
  requestedDay: slot.day,
  requestedTime: slot.time,
});

const bookAt = (user: TestUser, slot: { day: string; time: string }) =>
  request(app).post('/api/appointments').set(bearer(user)).send(bookingBody(slot));

async function book(user: TestUser, slot?: { day: string; time: string }): Promise<Booked> {
  const res = await bookAt(user, slot ?? (await freshSlot()));
  expect(res.status).toBe(201);
  return res.body.data as Booked;
}

const initiate = (user: TestUser, clientReference: string) =>
  request(app).post('/api/payment/initiate').set(bearer(user)).send({ clientReference });

/** Books and starts the checkout; the sandbox holds back its callback, so the test posts it when it wants. */
async function bookAndStartCheckout(user: TestUser, slot?: { day: string; time: string }) {
  const a = await book(user, slot);
  await setFaults(a.clientReference, { callback: 'drop' });
  expect((await initiate(user, a.clientReference)).status).toBe(200);
  return a;
}

const appointmentDoc = (id: string) => db().collection(COLLECTIONS.appointments).doc(id);
const stored = async (id: string) => (await appointmentDoc(id).get()).data() ?? {};
/** As if the checkout (and the booking) had started this long ago. */
const age = (id: string, ms: number) =>
  appointmentDoc(id).update({
    checkoutStartedAt: Timestamp.fromMillis(Date.now() - ms),
    createdAt: new Date(Date.now() - ms).toISOString(),
  });
const refundsOf = async (clientReference: string) =>
  (await db().collection(COLLECTIONS.refunds).where('clientReference', '==', clientReference).get()).docs.map((d) => d.data());
/** The mails about money to this address: the booking's own confirmation goes to the account too. */
/** The mails about money (receipts, refunds), without the booking's and the cancellation's confirmations. */
const moneyMailsTo = async (email: string) =>
  (await subjectsTo(email)).filter((subject) => !/^Appointment (request received|cancelled):/.test(subject));
const ledgerOf = async (clientReference: string) =>
  (await db().collection(COLLECTIONS.payments).doc(clientReference).get()).data();

/** The provider's callback, as the sandbox posts it. */
const callback = (clientReference: string) =>
  request(callbackApp)
    .post(callbackPath(clientReference))
    .send({
      ResponseCode: '0000',
      Status: 'Success',
      Data: { CheckoutId: 'x', ClientReference: clientReference, Status: 'Success' },
    });

const cancel = (user: TestUser, appointmentId: string) =>
  request(app).post('/api/appointments/cancel').set(bearer(user)).send({ appointmentId });

async function sandboxCheckouts(clientReference: string): Promise<{ checkoutDirectUrl?: string }[]> {
  const res = await fetch(`${SANDBOX}/__control/checkouts?clientReference=${clientReference}`);
  return ((await res.json()) as { checkouts: { checkoutDirectUrl?: string }[] }).checkouts;
}

beforeAll(async () => {
  await seedCatalog(db());
});

describe('a payment completed after the appointment was cancelled', () => {
  it('when the patient cancels while the checkout is minutes old, then 409 "in progress" and nothing changes', async () => {
    const user = await patient();
    const a = await bookAndStartCheckout(user);
    const res = await cancel(user, a.appointmentId);
    expect(res.status).toBe(409);
    expect(res.body.msg).toBe(PAYMENT_IN_PROGRESS);
    expect((await stored(a.appointmentId)).appointmentStatus).toBe('Pending');
    expect((await slotOf(a).get()).exists).toBe(true);
  });

  it('when the patient cancels, another books the slot, then the payment arrives: a refund Due (cancelled), no receipt, a refund mail to the account', async () => {
    const user = await patient();
    const a = await bookAndStartCheckout(user);
    await age(a.appointmentId, CHECKOUT_IN_PROGRESS_MS + 60_000);
    expect((await cancel(user, a.appointmentId)).status).toBe(200);
    const other = await patient();
    expect((await bookAt(other, { day: a.requestedDay, time: a.requestedTime })).status).toBe(201);

    await payInSandbox(a.clientReference);
    const cb = await callback(a.clientReference);
    expect(cb.body.data.outcome).toBe('refund-due');

    expect(await stored(a.appointmentId)).toMatchObject({ appointmentStatus: 'Cancelled', paymentStatus: 'Unpaid' });
    expect(await refundsOf(a.clientReference)).toMatchObject([
      {
        reason: 'cancelled',
        status: 'Due',
        amount: a.consultationFee,
        currency: 'GHS',
        recordId: a.appointmentId,
        patientId: user.uid,
      },
    ]);
    expect((await slotOf(a).get()).get('patientId')).toBe(other.uid);
    expect(await moneyMailsTo(user.email)).toEqual([expect.stringMatching(/^A refund will follow/)]);
    expect(await subjectsTo('typed-by-the-patient@example.com')).not.toContainEqual(expect.stringMatching(/refund/));
  });

  it('when 20 callbacks for it arrive at once, then there is one refund, one refund mail and no ledger entry', async () => {
    const user = await patient();
    const a = await bookAndStartCheckout(user);
    await age(a.appointmentId, CHECKOUT_IN_PROGRESS_MS + 60_000);
    expect((await cancel(user, a.appointmentId)).status).toBe(200);
    await payInSandbox(a.clientReference);
    const results = await Promise.all(Array.from({ length: 20 }, () => callback(a.clientReference)));
    expect(results.map((r) => r.status)).toEqual(Array(20).fill(200));
    expect(results.every((r) => r.body.data.outcome === 'refund-due')).toBe(true);
    expect(await refundsOf(a.clientReference)).toHaveLength(1);
    expect(await ledgerOf(a.clientReference)).toBeUndefined();
    expect(await moneyMailsTo(user.email)).toHaveLength(1);
  });
});

describe('one live checkout per record', () => {
  it('when initiate is called twice, or twice at once, then both answer the same checkoutDirectUrl and the provider has one checkout', async () => {
    const user = await patient();
    const a = await book(user);
    const first = await initiate(user, a.clientReference);
    const [second, third] = await Promise.all([initiate(user, a.clientReference), initiate(user, a.clientReference)]);
    expect(second.body.data.checkoutDirectUrl).toBe(first.body.data.checkoutDirectUrl);
    expect(third.body.data.checkoutDirectUrl).toBe(first.body.data.checkoutDirectUrl);
    expect(await sandboxCheckouts(a.clientReference)).toHaveLength(1);
  });

  it('when initiate is called twice at once for a new record, then the provider opens one checkout', async () => {
    const user = await patient();
    const a = await book(user);
    const answers = await Promise.all([initiate(user, a.clientReference), initiate(user, a.clientReference)]);
    expect(answers.map((r) => r.status).sort()).toEqual(expect.arrayContaining([200]));
    for (const r of answers) expect([200, 409]).toContain(r.status);
    expect(await sandboxCheckouts(a.clientReference)).toHaveLength(1);
  });

  it('when the old checkout is over and unpaid, then a new one opens; when it was paid, then 409 and the record is Paid', async () => {
    const user = await patient();
    const a = await bookAndStartCheckout(user);
    const before = (await stored(a.appointmentId)).checkoutDirectUrl;
    await appointmentDoc(a.appointmentId).update({
      checkoutStartedAt: Timestamp.fromMillis(Date.now() - CHECKOUT_LIVE_MS - 1000),
    });
    const fresh = await initiate(user, a.clientReference);
    expect(fresh.status).toBe(200);
    expect(fresh.body.data.checkoutDirectUrl).not.toBe(before);

    await payInSandbox(a.clientReference);
    await appointmentDoc(a.appointmentId).update({
      checkoutStartedAt: Timestamp.fromMillis(Date.now() - CHECKOUT_LIVE_MS - 1000),
    });
    const again = await initiate(user, a.clientReference);
    expect(again.status).toBe(409);
    expect((await stored(a.appointmentId)).paymentStatus).toBe('Paid');
    expect(await sandboxCheckouts(a.clientReference)).toHaveLength(2);
  });
});

describe('confirmed payments that cannot be applied', () => {
  it('when the provider confirms another amount, then a refund Due (amount-mismatch) and the record stays Unpaid', async () => {
    const user = await patient();
    const a = await bookAndStartCheckout(user);
    await setFaults(a.clientReference, { callback: 'drop', reportAmount: a.consultationFee + 5 });
    await payInSandbox(a.clientReference);
    expect((await callback(a.clientReference)).body.data.outcome).toBe('refund-due');
    expect((await stored(a.appointmentId)).paymentStatus).toBe('Unpaid');
    expect(await refundsOf(a.clientReference)).toMatchObject([{ reason: 'amount-mismatch', amount: a.consultationFee + 5 }]);
  });

  it('when the provider confirms the right amount in another currency, then a refund Due (amount-mismatch)', async () => {
    const user = await patient();
    const a = await book(user);
    const payable = (await findPayable(a.clientReference))!;
    const status = {
      status: 'Paid' as const,
      amount: a.consultationFee,
      charges: 0,
      amountAfterCharges: a.consultationFee,
      transactionId: 'tx-usd-1',
      externalTransactionId: '1',
      paymentMethod: 'card',
      currencyCode: 'USD',
    };
    expect(await markPaid(payable, status)).toBe('refund-due');
    expect(await markPaid(payable, status)).toBe('refund-due');
    expect((await stored(a.appointmentId)).paymentStatus).toBe('Unpaid');
    expect(await refundsOf(a.clientReference)).toMatchObject([{ reason: 'amount-mismatch', currency: 'USD' }]);
  });

  it('when the appointment was deleted, then it is kept hidden (404) and the late payment is a refund Due (deleted)', async () => {
    const user = await patient();
    const a = await bookAndStartCheckout(user);
    await age(a.appointmentId, CHECKOUT_IN_PROGRESS_MS + 60_000);
    expect((await request(app).delete(`/api/appointments/${a.appointmentId}`).set(bearer(user))).status).toBe(200);
    expect((await request(app).get(`/api/appointments/${a.appointmentId}`).set(bearer(user))).status).toBe(404);
    const pending = await request(app).get('/api/appointments/pending').query({ patientId: user.uid }).set(bearer(user));
    expect(pending.body.data.map((x: Booked) => x.appointmentId)).not.toContain(a.appointmentId);
    expect((await slotOf(a).get()).exists).toBe(false);

    await payInSandbox(a.clientReference);
    expect((await callback(a.clientReference)).body.data.outcome).toBe('refund-due');
    expect(await refundsOf(a.clientReference)).toMatchObject([{ reason: 'deleted', amount: a.consultationFee }]);
    expect(await moneyMailsTo(user.email)).toEqual([expect.stringMatching(/^A refund will follow/)]);
  });

  it('when it is paid twice (a second transaction), then the second is a refund Due (duplicate) and replays change nothing', async () => {
    const user = await patient();
    const a = await bookAndStartCheckout(user);
    await payInSandbox(a.clientReference);
    expect((await callback(a.clientReference)).body.data.outcome).toBe('paid');
    await payInSandbox(a.clientReference);
    expect((await callback(a.clientReference)).body.data.outcome).toBe('refund-due');
    expect((await callback(a.clientReference)).body.data.outcome).toBe('refund-due');
    expect(await refundsOf(a.clientReference)).toMatchObject([{ reason: 'duplicate', amount: a.consultationFee }]);
    expect((await ledgerOf(a.clientReference))?.transactionId).not.toBe((await refundsOf(a.clientReference))[0].transactionId);
    const subjects = await subjectsTo(user.email);
    expect(subjects.filter((s) => s.startsWith('Payment received'))).toHaveLength(1);
    expect(subjects.filter((s) => s.startsWith('A refund will follow'))).toHaveLength(1);
  });
});

describe('holds of unpaid appointments', () => {
  it('when the hold lapses, then the sweep expires it, frees the slot and tells the patient; it cannot be paid', async () => {
    const user = await patient();
    const a = await book(user);
    await age(a.appointmentId, 31 * 60_000);
    const result = await expireLapsedHolds();
    expect(result.expired).toBeGreaterThanOrEqual(1);
    expect(await stored(a.appointmentId)).toMatchObject({ appointmentStatus: 'Expired', paymentStatus: 'Unpaid' });
    expect((await slotOf(a).get()).exists).toBe(false);
    expect(await subjectsTo(user.email)).toContainEqual(expect.stringMatching(/^Appointment request expired/));
    expect((await initiate(user, a.clientReference)).status).toBe(409);
  });

  it('when the hold lapses but the patient paid at the provider (callback lost), then the sweep marks it Paid instead of expiring it', async () => {
    const user = await patient();
    const a = await bookAndStartCheckout(user);
    await payInSandbox(a.clientReference);
    await age(a.appointmentId, 31 * 60_000);
    await expireLapsedHolds();
    expect(await stored(a.appointmentId)).toMatchObject({ appointmentStatus: 'Pending', paymentStatus: 'Paid' });
    expect((await slotOf(a).get()).get('appointmentId')).toBe(a.appointmentId);
    expect(await refundsOf(a.clientReference)).toHaveLength(0);
  });

  it('when a late payment arrives and the slot was retaken, then a refund Due (expired); when the slot is free, then it is revived', async () => {
    const user = await patient();
    const taken = await bookAndStartCheckout(user);
    const free = await bookAndStartCheckout(user);
    await age(taken.appointmentId, 31 * 60_000);
    await age(free.appointmentId, 31 * 60_000);
    await expireLapsedHolds();
    expect((await stored(taken.appointmentId)).appointmentStatus).toBe('Expired');
    const other = await patient();
    expect((await bookAt(other, { day: taken.requestedDay, time: taken.requestedTime })).status).toBe(201);

    await payInSandbox(taken.clientReference);
    expect((await callback(taken.clientReference)).body.data.outcome).toBe('refund-due');
    expect(await refundsOf(taken.clientReference)).toMatchObject([{ reason: 'expired', amount: taken.consultationFee }]);
    expect((await slotOf(taken).get()).get('patientId')).toBe(other.uid);

    await payInSandbox(free.clientReference);
    // Another suite's re-check (it sweeps every open checkout) may settle it first: either way it is applied once.
    expect(['paid', 'already-paid']).toContain((await callback(free.clientReference)).body.data.outcome);
    expect(await stored(free.appointmentId)).toMatchObject({ appointmentStatus: 'Pending', paymentStatus: 'Paid' });
    expect((await slotOf(free).get()).get('appointmentId')).toBe(free.appointmentId);
    expect(await refundsOf(free.clientReference)).toHaveLength(0);
  });
});

describe('cancelling under the FAQ policy', () => {
  /** A paid appointment moved (in the store) to start `hours` from now. */
  async function paidStartingIn(user: TestUser, hours: number) {
    const a = await bookAndStartCheckout(user);
    await payInSandbox(a.clientReference);
    expect((await callback(a.clientReference)).body.data.outcome).toBe('paid');
    const start = new Date(Date.now() + hours * 3_600_000).toISOString();
    await appointmentDoc(a.appointmentId).update({ requestedDay: start.slice(0, 10), requestedTime: start.slice(11, 16) });
    return a;
  }

  it('when a paid one is cancelled less than 12 hours before, then the dashboard is told "late" first and a 50% refund is Due', async () => {
    const user = await patient();
    const a = await paidStartingIn(user, 3);
    const terms = await request(app).get(`/api/appointments/${a.appointmentId}/cancellation`).set(bearer(user));
    expect(terms.status).toBe(200);
    const half = Math.round(a.consultationFee * 50) / 100;
    expect(terms.body.data).toMatchObject({ allowed: true, rule: 'late', paid: true, refundAmount: half, feeAmount: half });

    const res = await cancel(user, a.appointmentId);
    expect(res.status).toBe(200);
    expect(res.body.msg).toMatch(/50% late cancellation fee/);
    expect(res.body.data.cancellation).toMatchObject({ rule: 'late', refundAmount: half });
    const ledger = await ledgerOf(a.clientReference);
    expect(await refundsOf(a.clientReference)).toMatchObject([
      { reason: 'cancelled', status: 'Due', amount: half, transactionId: ledger?.transactionId },
    ]);
    // A replay of the paid callback neither re-applies nor refunds again.
    expect((await callback(a.clientReference)).body.data.outcome).toBe('already-paid');
    expect(await refundsOf(a.clientReference)).toHaveLength(1);
  });

  it('when a paid one is cancelled 12 hours or more before, then all of it is refunded', async () => {
    const user = await patient();
    const a = await paidStartingIn(user, 48);
    const res = await cancel(user, a.appointmentId);
    expect(res.status).toBe(200);
    expect(res.body.data.cancellation).toMatchObject({ rule: 'free', refundAmount: a.consultationFee, feeAmount: 0 });
    expect(await refundsOf(a.clientReference)).toMatchObject([{ amount: a.consultationFee, reason: 'cancelled' }]);
  });

  it('when the patient paid at the provider but the callback is late, then cancel marks it Paid and refunds it', async () => {
    const user = await patient();
    const a = await bookAndStartCheckout(user);
    await payInSandbox(a.clientReference);
    const res = await cancel(user, a.appointmentId);
    expect(res.status).toBe(200);
    expect(await stored(a.appointmentId)).toMatchObject({ paymentStatus: 'Paid', appointmentStatus: 'Cancelled' });
    expect(await refundsOf(a.clientReference)).toMatchObject([{ reason: 'cancelled', amount: a.consultationFee }]);
    expect((await callback(a.clientReference)).body.data.outcome).toBe('already-paid');
  });

  it('when the provider cannot answer, then 502 and nothing changes', async () => {
    const user = await patient();
    const a = await bookAndStartCheckout(user);
    await setFaults(a.clientReference, { callback: 'drop', statusError: 'http-500' });
    const res = await cancel(user, a.appointmentId);
    expect(res.status).toBe(502);
    expect((await stored(a.appointmentId)).appointmentStatus).toBe('Pending');
  });
});

describe('contention', () => {
  it('when 30 patients book one slot at once, then one 201 and the rest 409 or 503, never a 500', async () => {
    const slot = await freshSlot();
    const users = await Promise.all(Array.from({ length: 30 }, () => patient()));
    const results = await Promise.all(users.map((u) => bookAt(u, slot)));
    const statuses = results.map((r) => r.status);
    expect(statuses.filter((s) => s === 201)).toHaveLength(1);
    expect(statuses.every((s) => s === 201 || s === 409 || s === 503)).toBe(true);
    const booked = await db()
      .collection(COLLECTIONS.appointments)
      .where('requestedDay', '==', slot.day)
      .where('requestedTime', '==', slot.time)
      .get();
    expect(booked.docs.filter((d) => d.get('doctorId') === 'dr-boateng')).toHaveLength(1);
  });
});
