import '../../test-support/payments';
import { Timestamp } from 'firebase-admin/firestore';
import request from 'supertest';
import { createApp } from '../../app';
import { createCallbackApp } from '../payment-callback';
import { seedCatalog } from '../../seed/seed';
import { PAID_NOT_DELETED, PAYMENT_IN_PROGRESS, PAYMENT_NOT_CHECKED } from '../../services/booking/cancel-and-delete';
import { CHECKOUT_IN_PROGRESS_MS } from '../../services/payments/recheck';
import { COLLECTIONS } from '../../store/collections';
import { db } from '../../store/firebase';
import { createTestUser, type TestUser } from '../../test-support/auth';
import { freshSlot, slotOf, type Booked } from '../../test-support/booking';
import { callbackPath, payInSandbox, resetFaults, setFaults } from '../../test-support/payments';
import { subjectsTo } from '../../test-support/mail';

/**
 * DELETE /appointments/:id while a payment may be on its way: the provider (the payment
 * sandbox on 5005) is asked before anything is deleted, so money is never taken for a record
 * that is gone.
 */
const app = createApp();
const callbackApp = createCallbackApp();
const bearer = (u: TestUser) => ({ Authorization: `Bearer ${u.idToken}` });

/** A paid virtual consultation (it holds a doctor's slot) booked by the user. */
async function book(user: TestUser): Promise<Booked> {
  const { day, time } = await freshSlot();
  const res = await request(app).post('/api/appointments').set(bearer(user)).send({
    bookFor: 'SELF',
    firstName: 'Kwame',
    lastName: 'Asante',
    gender: 'MALE',
    emailAddress: user.email,
    contactNumber: '024 123 4567',
    location: 'Osu, Accra',
    healthProblem: 'Persistent cough',
    requestedServiceId: 1,
    doctorId: 'dr-boateng',
    requestedDay: day,
    requestedTime: time,
  });
  expect(res.status).toBe(201);
  expect(res.body.data.paymentStatus).toBe('Unpaid');
  return res.body.data as Booked;
}

/** Books and starts the checkout; the sandbox holds back its callback, as a slow network would. */
async function bookAndStartCheckout(user: TestUser) {
  const a = await book(user);
  await setFaults(a.clientReference, { callback: 'drop' });
  const init = await request(app).post('/api/payment/initiate').set(bearer(user)).send({ clientReference: a.clientReference });
  expect(init.status).toBe(200);
  return a;
}

const remove = (user: TestUser, id: string) => request(app).delete(`/api/appointments/${id}`).set(bearer(user));
const stored = async (id: string) => (await db().collection(COLLECTIONS.appointments).doc(id).get()).data();
const receiptsTo = async (email: string) => (await subjectsTo(email)).filter((s) => s.startsWith('Payment received'));

/** The provider's callback, as the sandbox would post it once it gets through. */
const lateCallback = (clientReference: string, amount: number) =>
  request(callbackApp)
    .post(callbackPath(clientReference))
    .send({
      ResponseCode: '0000',
      Status: 'Success',
      Data: { CheckoutId: 'x', ClientReference: clientReference, Status: 'Success', Amount: amount },
    });

beforeAll(async () => {
  await seedCatalog(db());
});

describe('DELETE /appointments/:id while a payment may be on its way', () => {
  it('when the patient paid at the provider but the callback has not arrived, then 409, the appointment is Paid with one receipt, and the late callback changes nothing', async () => {
    const user = await createTestUser();
    const a = await bookAndStartCheckout(user);
    await payInSandbox(a.clientReference);

    const res = await remove(user, a.appointmentId);
    expect(res.status).toBe(409);
    expect(res.body.msg).toContain(PAID_NOT_DELETED);
    expect(await stored(a.appointmentId)).toMatchObject({ paymentStatus: 'Paid', consultationFee: a.consultationFee });
    expect((await slotOf(a).get()).exists).toBe(true);
    expect(await receiptsTo(user.email)).toHaveLength(1);

    const late = await lateCallback(a.clientReference, a.consultationFee);
    expect(late.body.data.outcome).toBe('already-paid');
    expect(await receiptsTo(user.email)).toHaveLength(1);
    expect((await remove(user, a.appointmentId)).status).toBe(409);
  });

  it('when the callback arrives at the same moment as the delete, then it is Paid once, with one receipt, and not deleted', async () => {
    const user = await createTestUser();
    const a = await bookAndStartCheckout(user);
    await payInSandbox(a.clientReference);

    const [res, cb] = await Promise.all([remove(user, a.appointmentId), lateCallback(a.clientReference, a.consultationFee)]);
    expect(res.status).toBe(409);
    expect(cb.status).toBe(200);
    expect((await stored(a.appointmentId))?.paymentStatus).toBe('Paid');
    expect(await receiptsTo(user.email)).toHaveLength(1);
  });

  it('when the checkout started moments ago and the provider says Unpaid, then 409 "in progress" and nothing changes', async () => {
    const user = await createTestUser();
    const a = await bookAndStartCheckout(user);
    const before = await stored(a.appointmentId);

    const res = await remove(user, a.appointmentId);
    expect(res.status).toBe(409);
    expect(res.body.msg).toBe(PAYMENT_IN_PROGRESS);
    expect(await stored(a.appointmentId)).toEqual(before);
    expect((await slotOf(a).get()).exists).toBe(true);
    expect(await receiptsTo(user.email)).toHaveLength(0);
  });

  it('when the checkout was abandoned long enough ago and the provider says Unpaid, then it is deleted for the patient (kept as a tombstone for a late payment) and the slot is free', async () => {
    const user = await createTestUser();
    const a = await bookAndStartCheckout(user);
    const abandoned = Timestamp.fromMillis(Date.now() - CHECKOUT_IN_PROGRESS_MS - 60_000);
    await db().collection(COLLECTIONS.appointments).doc(a.appointmentId).update({ checkoutStartedAt: abandoned });

    const res = await remove(user, a.appointmentId);
    expect(res.status).toBe(200);
    expect(res.body.msg).toBe('Your appointment has been deleted.');
    expect(await stored(a.appointmentId)).toMatchObject({ appointmentStatus: 'Deleted', clientReference: a.clientReference });
    expect((await request(app).get(`/api/appointments/${a.appointmentId}`).set(bearer(user))).status).toBe(404);
    expect((await remove(user, a.appointmentId)).status).toBe(404);
    expect((await slotOf(a).get()).exists).toBe(false);
  });

  it('when no checkout was ever started, then it is deleted without asking the provider and the slot is free for another booking', async () => {
    const user = await createTestUser();
    const a = await book(user);
    // Even a provider that cannot answer does not stop it: there is nothing to ask about.
    await setFaults(a.clientReference, { statusError: 'http-500' });

    const res = await remove(user, a.appointmentId);
    expect(res.status).toBe(200);
    expect(await stored(a.appointmentId)).toBeUndefined();
    expect((await slotOf(a).get()).exists).toBe(false);
    await resetFaults(a.clientReference);
  });

  it('when the provider cannot answer, then 502 with a readable msg and nothing is deleted', async () => {
    const user = await createTestUser();
    const a = await bookAndStartCheckout(user);
    const before = await stored(a.appointmentId);
    for (const fault of ['http-500', 'code'] as const) {
      await setFaults(a.clientReference, { statusError: fault });
      const res = await remove(user, a.appointmentId);
      expect(res.status).toBe(502);
      expect(res.body.msg).toBe(PAYMENT_NOT_CHECKED);
    }
    expect(await stored(a.appointmentId)).toEqual(before);
    expect((await slotOf(a).get()).exists).toBe(true);
    await resetFaults(a.clientReference);
  });
});
