import '../../test-support/payments';
import request from 'supertest';
import { createApp } from '../../app';
import { createCallbackApp } from '../payment-callback';
import { seedCatalog } from '../../seed/seed';
import { COLLECTIONS } from '../../store/collections';
import { db } from '../../store/firebase';
import { createStaffUser, type TestUser } from '../../test-support/auth';
import { callbackPath, payInSandbox, setFaults } from '../../test-support/payments';
import { bearer, dayPlus, freeTimesOf, testDoctor } from '../../test-support/scheduling';
import { eventually, freshPhone, smsDocsOf, smsSentTo } from '../../test-support/sms';
import { auditOf } from '../../test-support/staff';
import { formatDate } from '../../api/format';

/**
 * Money at the front desk (docs/front-desk.md): cash or mobile money recorded by staff, settled
 * by the same markPaid as the provider's callback; a payment link texted to the patient; and a
 * desk payment and an online one for the same record: one is applied, the other a refund Due.
 */
const app = createApp();
const callbackApp = createCallbackApp();

let admin: TestUser;
let staff: TestUser;
let doctorId: string;
const FEE = 220;

beforeAll(async () => {
  await seedCatalog(db());
  [admin, staff] = await Promise.all([createStaffUser('admin'), createStaffUser('staff')]);
  doctorId = await testDoctor(app, admin, undefined, FEE);
});

const post = (user: TestUser, path: string, body: object = {}) => request(app).post(`/api${path}`).set(bearer(user)).send(body);

let nextDay = 3;
/**
 * A walk-in booked at the desk into a free slot of the test doctor: unpaid, with a phone of
 * their own, proved (as the desk's code would: front-desk-booking.test.ts walks that) unless `proved` is false.
 */
async function deskBooking({ proved = true } = {}) {
  const phone = freshPhone();
  const person = await post(staff, '/staff/patients', { firstName: 'Yaw', lastName: 'Darko', contactNumber: phone });
  expect(person.status).toBe(201);
  const patientId = person.body.data.patientId as string;
  if (proved) await db().collection(COLLECTIONS.patients).doc(patientId).update({ phoneVerifiedAt: new Date().toISOString() });
  const day = dayPlus(nextDay++);
  const time = (await freeTimesOf(app, doctorId, day))[0];
  const booked = await post(staff, '/staff/appointments', {
    patientId,
    location: 'Accra',
    requestedServiceId: 1,
    doctorId,
    requestedDay: day,
    requestedTime: time,
  });
  expect(booked.status).toBe(201);
  return {
    patientId,
    phone,
    appointmentId: booked.body.data.appointmentId as string,
    clientReference: booked.body.data.clientReference as string,
  };
}

const record = (clientReference: string, body: object) => post(staff, `/staff/payments/${clientReference}/record`, body);
const link = (clientReference: string) => post(staff, `/staff/payments/${clientReference}/link`);
const appointment = async (id: string) => (await db().collection(COLLECTIONS.appointments).doc(id).get()).data()!;
const ledgerOf = async (ref: string) => (await db().collection(COLLECTIONS.payments).doc(ref).get()).data();
const refundsOf = async (ref: string) =>
  (await db().collection(COLLECTIONS.refunds).where('clientReference', '==', ref).get()).docs.map((d) => d.data());
const callback = (clientReference: string) =>
  request(callbackApp)
    .post(callbackPath(clientReference))
    .send({
      ResponseCode: '0000',
      Status: 'Success',
      Data: { CheckoutId: 'x', ClientReference: clientReference, Status: 'Success' },
    });
const thisWeeksRevenue = async () => {
  const res = await request(app).get('/api/staff/overview').set(bearer(admin));
  return (res.body.data.revenuePerWeek as { amount: number }[]).at(-1)!.amount;
};

/** Opens the record's checkout through the desk's link, the provider's callback held back so the test sends it. */
async function openCheckout(clientReference: string) {
  await setFaults(clientReference, { callback: 'drop' });
  const res = await link(clientReference);
  expect(res.status).toBe(200);
  return res.body.data as { checkoutUrl: string; sentTo: string };
}

describe('recording a payment at the desk', () => {
  it('when cash is taken, then the record is Paid by the server amount, the ledger says desk, who and when, it is audited and counted in revenue', async () => {
    const before = await thisWeeksRevenue();
    const b = await deskBooking();
    const res = await record(b.clientReference, { method: 'cash', amount: 1 });
    expect(res.status).toBe(200);
    expect(res.body.data).toEqual({
      outcome: 'paid',
      clientReference: b.clientReference,
      kind: 'appointment',
      recordId: b.appointmentId,
      amount: FEE,
      paymentStatus: 'Paid',
    });
    expect(await appointment(b.appointmentId)).toMatchObject({
      paymentStatus: 'Paid',
      paymentMethod: 'cash',
      paymentSource: 'desk',
    });
    expect(await ledgerOf(b.clientReference)).toMatchObject({
      source: 'desk',
      method: 'cash',
      amount: FEE,
      patientId: b.patientId,
      recordedBy: { uid: staff.uid, role: 'staff', email: staff.email },
      paidAt: expect.anything(),
    });
    expect((await auditOf(`appointments/${b.appointmentId}`)).map((e) => e.action)).toContain('payment.desk.record');
    expect(await thisWeeksRevenue()).toBeGreaterThanOrEqual(before + FEE);
    const texts = await eventually(
      () => smsSentTo(b.phone),
      (m) => m.some((s) => s.content.includes('Payment received')),
    );
    expect(texts.map((s) => s.content)).toContainEqual(expect.stringContaining(`Payment received: GHS ${FEE}.00`));

    const twice = await record(b.clientReference, { method: 'cash' });
    expect(twice.status).toBe(409);
    expect(twice.body.msg).toMatch(/^This was already recorded as paid at the desk \(cash\)/);
    expect(await refundsOf(b.clientReference)).toEqual([]);
  });

  it('when mobile money is taken, then its reference is required and kept; the same reference again is the same payment', async () => {
    const b = await deskBooking();
    const missing = await record(b.clientReference, { method: 'momo' });
    expect(missing.status).toBe(400);
    expect(missing.body.msg).toBe('The mobile money reference is required for a mobile money payment.');
    expect((await appointment(b.appointmentId)).paymentStatus).toBe('Unpaid');

    const paid = await record(b.clientReference, { method: 'momo', providerReference: 'MP240612.1533.C12345' });
    expect(paid.body.data.outcome).toBe('paid');
    expect(await ledgerOf(b.clientReference)).toMatchObject({
      source: 'desk',
      method: 'momo',
      providerReference: 'MP240612.1533.C12345',
    });
    expect(await appointment(b.appointmentId)).toMatchObject({
      externalTransactionId: 'MP240612.1533.C12345',
      paymentMethod: 'momo',
    });
    const replay = await record(b.clientReference, { method: 'momo', providerReference: 'MP240612.1533.C12345' });
    expect(replay.status).toBe(200);
    expect(replay.body.data.outcome).toBe('already-paid');
    expect(await refundsOf(b.clientReference)).toEqual([]);
  });

  it('when the reference is unknown, malformed or the appointment was cancelled, then 404, 400 or 409 and nothing is paid', async () => {
    expect((await record('NOSUCHREF1', { method: 'cash' })).status).toBe(404);
    expect((await record('bad/ref', { method: 'cash' })).status).toBe(404);
    expect((await record('short', { method: 'cash' })).body.msg).toBe('Payment reference must be 10 letters or digits.');
    const b = await deskBooking();
    expect((await post(staff, `/staff/appointments/${b.appointmentId}/cancel`, {})).status).toBe(200);
    const res = await record(b.clientReference, { method: 'cash' });
    expect(res.status).toBe(409);
    expect(res.body.msg).toBe('This appointment is Cancelled: there is nothing to pay.');
    expect(await ledgerOf(b.clientReference)).toBeUndefined();
  });

  it('when the patient did not come, then the refusal says the state in words, never the stored NoShow', async () => {
    const b = await deskBooking();
    await db().collection(COLLECTIONS.appointments).doc(b.appointmentId).update({ appointmentStatus: 'NoShow' });
    const res = await record(b.clientReference, { method: 'cash' });
    expect(res.status).toBe(409);
    expect(res.body.msg).toBe('This appointment is a No-show: there is nothing to pay.');
  });
});

describe('a desk payment and an online payment for one record', () => {
  it('when it was paid online first, then the desk payment becomes a refund Due (duplicate) and the record stays paid once', async () => {
    const b = await deskBooking();
    await openCheckout(b.clientReference);
    await payInSandbox(b.clientReference);
    expect((await callback(b.clientReference)).body.data.outcome).toBe('paid');
    const online = await ledgerOf(b.clientReference);
    expect(online).toMatchObject({ source: 'online' });

    const res = await record(b.clientReference, { method: 'cash' });
    expect(res.status).toBe(200);
    expect(res.body.data.outcome).toBe('refund-due');
    expect(res.body.msg).toBe(
      'This had already been paid, so the payment taken at the desk is recorded as a refund due to the patient.',
    );
    expect(await ledgerOf(b.clientReference)).toEqual(online);
    expect(await refundsOf(b.clientReference)).toEqual([
      expect.objectContaining({ reason: 'duplicate', status: 'Due', amount: FEE, patientId: b.patientId }),
    ]);
    expect((await auditOf(`appointments/${b.appointmentId}`)).map((e) => e.action)).toContain('payment.desk.refund-due');
  });

  it('when it was paid at the desk first and the provider cannot close the checkout, then the online payment that follows becomes a refund Due (duplicate)', async () => {
    const b = await deskBooking();
    await openCheckout(b.clientReference);
    await setFaults(b.clientReference, { closeUnsupported: true });
    expect((await record(b.clientReference, { method: 'cash' })).body.data.outcome).toBe('paid');
    await payInSandbox(b.clientReference);
    expect((await callback(b.clientReference)).body.data.outcome).toBe('refund-due');
    expect(await ledgerOf(b.clientReference)).toMatchObject({ source: 'desk', method: 'cash' });
    expect(await refundsOf(b.clientReference)).toEqual([
      expect.objectContaining({ reason: 'duplicate', status: 'Due', amount: FEE }),
    ]);
    expect((await appointment(b.appointmentId)).paymentStatus).toBe('Paid');
  });

  it('when the desk records it while the online callback arrives, then exactly one is applied and the other is a refund Due', async () => {
    const b = await deskBooking();
    await openCheckout(b.clientReference);
    await payInSandbox(b.clientReference);
    const [desk, online] = await Promise.all([record(b.clientReference, { method: 'cash' }), callback(b.clientReference)]);
    expect(desk.status).toBe(200);
    expect(online.status).toBe(200);
    expect([desk.body.data.outcome, online.body.data.outcome].sort()).toEqual(['paid', 'refund-due']);
    const ledger = (await ledgerOf(b.clientReference))!;
    expect(ledger.source).toBe(desk.body.data.outcome === 'paid' ? 'desk' : 'online');
    expect(await refundsOf(b.clientReference)).toEqual([expect.objectContaining({ reason: 'duplicate', amount: FEE })]);
    expect((await appointment(b.appointmentId)).paymentStatus).toBe('Paid');
  });
});

describe('a payment link', () => {
  it('when the clinic record has not proved its phone, then the link is refused saying to prove the number, and nothing is texted to it', async () => {
    const b = await deskBooking({ proved: false });
    const res = await link(b.clientReference);
    expect(res.status).toBe(409);
    expect(res.body.msg).toMatch(/^Prove the number to send the payment link/);
    // The booking's own notice was held too: no SMS is stored for the record at all.
    expect(await smsDocsOf(b.patientId)).toEqual([]);
    expect(await smsSentTo(b.phone)).toEqual([]);
  });

  it("when the desk sends it, then the checkout URL reaches the patient's phone, and paying it in the sandbox marks the record Paid", async () => {
    const b = await deskBooking();
    const sent = await openCheckout(b.clientReference);
    expect(sent.sentTo).toBe(b.phone);
    expect(sent.checkoutUrl).toMatch(/^http:\/\/127\.0\.0\.1:5005\/checkout\/[0-9a-f]+$/);
    const texts = await eventually(
      () => smsSentTo(b.phone),
      (m) => m.some((s) => s.content.includes(sent.checkoutUrl)),
    );
    const text = texts.find((s) => s.content.includes(sent.checkoutUrl))!.content;
    expect(text).toContain(`Pay GHS ${FEE}.00 for Appointment: Virtual Consultation (Telemedicine)`);
    expect(text).toContain(`Ref ${b.clientReference}`);
    expect((await auditOf(`appointments/${b.appointmentId}`)).map((e) => e.action)).toContain('payment.link');

    // The same live checkout again: the one link, not a second checkout.
    expect((await link(b.clientReference)).body.data.checkoutUrl).toBe(sent.checkoutUrl);

    // The patient opens the texted link and pays by mobile money on the provider's page.
    const url = /(http:\/\/\S+\/checkout\/[0-9a-f]+)/.exec(text)![1];
    const page = await fetch(url);
    expect(page.status).toBe(200);
    const paid = await fetch(`${url}/pay`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
      body: 'method=mobilemoney&network=mtn&phone=0241234567',
    });
    expect(await paid.text()).toContain('Payment successful');
    expect((await callback(b.clientReference)).body.data.outcome).toBe('paid');
    expect(await appointment(b.appointmentId)).toMatchObject({ paymentStatus: 'Paid' });
    expect(await ledgerOf(b.clientReference)).toMatchObject({ source: 'online', amount: FEE });

    const after = await link(b.clientReference);
    expect(after.status).toBe(409);
    expect(after.body.msg).toBe('This has already been paid.');
  });
});

describe('a payment link after the desk took the money', () => {
  const returnPage = (clientReference: string, status = 'success') =>
    request(app).get(`/api/payment/return/${clientReference}?status=${status}`);

  it('when the desk records cash after texting the link, then the provider closes that checkout: its page takes nothing, no refund is made, and the return page says it was settled at the clinic', async () => {
    const b = await deskBooking();
    const sent = await openCheckout(b.clientReference);
    expect((await record(b.clientReference, { method: 'cash' })).body.data.outcome).toBe('paid');

    // The patient opens the texted link afterwards: the provider's page is closed and refuses Pay.
    expect(await (await fetch(sent.checkoutUrl)).text()).toContain('nothing can be paid here');
    const paid = await fetch(`${sent.checkoutUrl}/pay`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
      body: 'method=mobilemoney&network=mtn&phone=0241234567',
    });
    expect(paid.status).toBe(409);
    await expect(payInSandbox(b.clientReference)).rejects.toThrow(/answered 409/);
    // A callback that arrives anyway changes nothing: the provider says Unpaid.
    expect((await callback(b.clientReference)).body.data.outcome).toBe('not-paid');
    expect(await refundsOf(b.clientReference)).toEqual([]);
    expect(await ledgerOf(b.clientReference)).toMatchObject({ source: 'desk', method: 'cash' });

    const back = await returnPage(b.clientReference);
    expect(back.status).toBe(200);
    expect(back.body.data.outcome).toBe('paid-at-clinic');
    expect(back.body.msg).toBe(`This payment was already settled at the clinic on ${formatDate(new Date())}; nothing was taken.`);
  });

  it('when the link is paid online, then the return page thanks the payer with the amount and the day; a cancelled one says nothing was taken', async () => {
    const b = await deskBooking();
    await openCheckout(b.clientReference);
    const before = await returnPage(b.clientReference, 'cancelled');
    expect(before.body).toMatchObject({ data: { outcome: 'not-paid' }, msg: 'The payment was cancelled: nothing was taken.' });
    const waiting = await returnPage(b.clientReference);
    expect(waiting.body.data.outcome).toBe('waiting');
    expect(waiting.body.msg).toMatch(/^We have not received this payment yet\./);

    await payInSandbox(b.clientReference);
    // No callback (dropped): the return page asks the provider itself and settles.
    const back = await returnPage(b.clientReference);
    expect(back.body).toMatchObject({
      data: { outcome: 'paid' },
      msg: `Thank you: your payment of GHS ${FEE}.00 was received on ${formatDate(new Date())}.`,
    });
    expect(await appointment(b.appointmentId)).toMatchObject({ paymentStatus: 'Paid' });
  });

  it('when an online payment lands after the desk took cash (the provider could not close the link), then the return page says it will be refunded', async () => {
    const b = await deskBooking();
    await openCheckout(b.clientReference);
    await setFaults(b.clientReference, { closeUnsupported: true });
    expect((await record(b.clientReference, { method: 'cash' })).body.data.outcome).toBe('paid');
    await payInSandbox(b.clientReference);
    const back = await returnPage(b.clientReference);
    expect(back.body.data.outcome).toBe('refund-due');
    expect(back.body.msg).toBe(
      `We received GHS ${FEE}.00, but this was already settled at the clinic on ${formatDate(new Date())}, so it will be refunded to you. The clinic will send it back and tell you by SMS.`,
    );
  });

  it('when the reference is unknown or malformed, then 404 or 400 in words, and the answer is never cached', async () => {
    const unknown = await returnPage('ZZZZZZZZZ1');
    expect(unknown.status).toBe(404);
    expect(unknown.body.msg).toBe('No payment with that reference was found.');
    expect(unknown.headers['cache-control']).toBe('private, no-store');
    const bad = await returnPage('short');
    expect(bad.status).toBe(400);
    expect(bad.body.msg).toBe('The payment reference must be 10 letters or digits.');
  });
});
