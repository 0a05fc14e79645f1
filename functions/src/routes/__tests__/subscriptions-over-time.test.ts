import '../../test-support/payments';
import { Timestamp } from 'firebase-admin/firestore';
import request from 'supertest';
import { createApp } from '../../app';
import { TRIAL_USED } from '../../api/subscriptions-contract';
import { seedCatalog } from '../../seed/seed';
import { runSubscriptionCalendar } from '../../services/packages/subscription-calendar';
import { COLLECTIONS } from '../../store/collections';
import { db } from '../../store/firebase';
import { createStaffUser, createTestUser, type TestUser } from '../../test-support/auth';
import { bookingBase, virtualConsultationBooking } from '../../test-support/booking';
import { payInSandbox, setFaults } from '../../test-support/payments';
import { mailsTo } from '../../test-support/mail';

const app = createApp();
const DAY = 86_400_000;
const bearer = (u: TestUser) => ({ Authorization: `Bearer ${u.idToken}` });

const subscriptionDoc = async (id: string) => (await db().collection(COLLECTIONS.subscriptions).doc(id).get()).data() ?? {};
const subscriptionsOf = async (uid: string) =>
  (await db().collection(COLLECTIONS.subscriptions).where('patientId', '==', uid).get()).docs;
const millis = (v: unknown) => (v as Timestamp).toMillis();

const subscribe = (user: TestUser, packageId: string) =>
  request(app).post('/api/subscriptions').set(bearer(user)).send({ packageId });

/** Pays a record's reference through the sandbox as a patient would: checkout, Pay, then the site's check. */
async function payThroughSandbox(user: TestUser, clientReference: string) {
  await setFaults(clientReference, { callback: 'drop' });
  expect((await request(app).post('/api/payment/initiate').set(bearer(user)).send({ clientReference })).status).toBe(200);
  await payInSandbox(clientReference);
  const check = await request(app).post('/api/payment/check').set(bearer(user)).send({ clientReference });
  expect(check.status).toBe(200);
  return check;
}

async function paidSubscription(user: TestUser, packageId: string): Promise<string> {
  const res = await subscribe(user, packageId);
  expect(res.status).toBe(201);
  await payThroughSandbox(user, res.body.data.clientReference);
  return res.body.data.id;
}

async function startTrial(user: TestUser): Promise<string> {
  const res = await subscribe(user, 'individual');
  expect(res.status).toBe(201);
  return res.body.data.id;
}

/** Time passing for one subscription: its period moved as if `endsInDays` were left. */
async function setPeriod(id: string, endsInDays: number, fields: Record<string, unknown> = {}) {
  const end = Date.now() + endsInDays * DAY;
  await db()
    .collection(COLLECTIONS.subscriptions)
    .doc(id)
    .update({ periodStart: Timestamp.fromMillis(end - 30 * DAY), periodEnd: Timestamp.fromMillis(end), ...fields });
  return end;
}

/** A POST /appointments (the test-support bodies that look for a free slot are promises). */
const book = async (user: TestUser, body: Record<string, unknown> | Promise<Record<string, unknown>>) =>
  request(app)
    .post('/api/appointments')
    .set(bearer(user))
    .send(await body);

beforeAll(async () => {
  await seedCatalog(db());
});

describe('the Free package is a trial', () => {
  it('when a patient picks it, then a 30-day Trial starts at once with nothing to pay', async () => {
    const user = await createTestUser();
    const before = Date.now();
    const res = await subscribe(user, 'individual');
    expect(res.status).toBe(201);
    expect(res.body.data).toMatchObject({
      status: 'Trial',
      paymentStatus: 'Trial',
      amount: 0,
      isActive: true,
      trial: true,
      daysLeft: 30,
    });
    const stored = await subscriptionDoc(res.body.data.id);
    expect(millis(stored.periodEnd) - millis(stored.periodStart)).toBe(30 * DAY);
    expect(millis(stored.periodStart)).toBeGreaterThanOrEqual(before - 1000);
    const pay = await request(app)
      .post('/api/payment/initiate')
      .set(bearer(user))
      .send({ clientReference: res.body.data.clientReference });
    expect(pay.status).toBe(400);
    expect((await mailsTo(user.email)).map((m) => m.message.subject)).toEqual([
      'Your free trial of the Individual Package has started',
    ]);
  });

  it('when the patient asks for a second trial (even at the same moment), then 409 says so and nothing more is stored', async () => {
    const user = await createTestUser();
    const both = await Promise.all([subscribe(user, 'individual'), subscribe(user, 'individual')]);
    expect(both.map((r) => r.status).sort()).toEqual([201, 409]);
    const again = await subscribe(user, 'individual');
    expect(again.status).toBe(409);
    expect(await subscriptionsOf(user.uid)).toHaveLength(1);
    // After the trial ended too: it is once per patient, ever.
    await setPeriod(both.find((r) => r.status === 201)!.body.data.id, -1, { status: 'Expired' });
    const later = await subscribe(user, 'individual');
    expect(later.status).toBe(409);
    expect(later.body.msg).toBe(TRIAL_USED);
    expect(await subscriptionsOf(user.uid)).toHaveLength(1);
  });
});

describe('paid periods and renewal', () => {
  it('when a paid package is paid through the sandbox, then it is Active for 30 days', async () => {
    const user = await createTestUser();
    const id = await paidSubscription(user, 'student');
    const stored = await subscriptionDoc(id);
    expect(stored).toMatchObject({ status: 'Active', paymentStatus: 'Paid', isActive: true, renews: true });
    expect(millis(stored.periodEnd) - millis(stored.periodStart)).toBe(30 * DAY);
    const again = await subscribe(user, 'student');
    expect(again.status).toBe(409);
  });

  it('when the patient renews more than 5 days before the end, then 409 names the day it opens and nothing is stored', async () => {
    const user = await createTestUser();
    const id = await paidSubscription(user, 'student');
    const res = await request(app).post('/api/subscriptions/renew').set(bearer(user)).send({ subscriptionId: id });
    expect(res.status).toBe(409);
    expect(res.body.msg).toMatch(/^You can renew this package from [A-Z][a-z]{2} \d{1,2} [A-Z][a-z]{2} \d{4}\.$/);
    const renewals = await db().collection(COLLECTIONS.subscriptionRenewals).where('subscriptionId', '==', id).get();
    expect(renewals.size).toBe(0);
  });

  it('when the patient renews in the last 5 days and pays, then periodEnd moves 30 days on from the old end, once', async () => {
    const user = await createTestUser();
    const id = await paidSubscription(user, 'student');
    const oldEnd = await setPeriod(id, 3);
    const renew = () => request(app).post('/api/subscriptions/renew').set(bearer(user)).send({ subscriptionId: id });
    const [res, twin] = await Promise.all([renew(), renew()]);
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({ subscriptionId: id, amount: 49, currencyCode: 'GHS' });
    const { clientReference } = res.body.data;
    // Two presses at once make one renewal.
    expect(twin.body.data.clientReference).toBe(clientReference);
    const renewals = await db().collection(COLLECTIONS.subscriptionRenewals).where('subscriptionId', '==', id).get();
    expect(renewals.size).toBe(1);
    expect(clientReference).not.toBe((await subscriptionDoc(id)).clientReference);
    // Asking again before paying answers the same renewal.
    const again = await request(app).post('/api/subscriptions/renew').set(bearer(user)).send({ subscriptionId: id });
    expect(again.body.data.clientReference).toBe(clientReference);

    const check = await payThroughSandbox(user, clientReference);
    expect(check.body.data).toMatchObject({ kind: 'renewal', paymentStatus: 'Paid' });
    const stored = await subscriptionDoc(id);
    expect(millis(stored.periodEnd)).toBe(oldEnd + 30 * DAY);
    expect(stored.status).toBe('Active');
    // A second check (or a late callback) settles nothing twice.
    await request(app).post('/api/payment/check').set(bearer(user)).send({ clientReference });
    expect(millis((await subscriptionDoc(id)).periodEnd)).toBe(oldEnd + 30 * DAY);
    const ledger = await db().collection(COLLECTIONS.payments).doc(clientReference).get();
    expect(ledger.get('amount')).toBe(49);
    const list = await request(app).get(`/api/subscriptions/${user.uid}`).set(bearer(user));
    expect(list.body.data[0]).toMatchObject({ status: 'Active', canRenew: false, daysLeft: 33 });
  });

  it("when a trial is renewed, then the follow-on costs GHS 99 a month and the trial's end is where it starts", async () => {
    const user = await createTestUser();
    const id = await startTrial(user);
    const oldEnd = await setPeriod(id, 2);
    const res = await request(app).post('/api/subscriptions/renew').set(bearer(user)).send({ subscriptionId: id });
    expect(res.body.data.amount).toBe(99);
    await payThroughSandbox(user, res.body.data.clientReference);
    const stored = await subscriptionDoc(id);
    expect(stored).toMatchObject({ status: 'Active', paymentStatus: 'Paid', trial: true });
    expect(millis(stored.periodEnd)).toBe(oldEnd + 30 * DAY);
  });

  it('when a renewal is paid after the package expired, then the money buys 30 days from now', async () => {
    const user = await createTestUser();
    const id = await paidSubscription(user, 'student');
    await setPeriod(id, -10, { status: 'Expired', isActive: false, renews: false });
    const res = await request(app).post('/api/subscriptions/renew').set(bearer(user)).send({ subscriptionId: id });
    expect(res.status).toBe(200);
    const before = Date.now();
    await payThroughSandbox(user, res.body.data.clientReference);
    const stored = await subscriptionDoc(id);
    expect(stored).toMatchObject({ status: 'Active', isActive: true, renews: true });
    expect(millis(stored.periodStart)).toBeGreaterThanOrEqual(before - 5000);
    expect(millis(stored.periodEnd) - millis(stored.periodStart)).toBe(30 * DAY);
  });

  it('when a patient on a trial pays for another package, then it starts at once and the trial stops renewing but runs to its end', async () => {
    const user = await createTestUser();
    const trialId = await startTrial(user);
    const studentId = await paidSubscription(user, 'student');
    expect(await subscriptionDoc(studentId)).toMatchObject({ status: 'Active' });
    expect(await subscriptionDoc(trialId)).toMatchObject({ status: 'Cancelled', renews: false, replacedBy: studentId });
    const list = (await request(app).get(`/api/subscriptions/${user.uid}`).set(bearer(user))).body.data;
    expect(list.map((s: { packageId: string; isActive: boolean }) => [s.packageId, s.isActive])).toEqual([
      ['student', true],
      ['individual', true],
    ]);
  });

  it('when a renewal is paid for a subscription that is gone, then the money becomes a refund Due, never lost', async () => {
    const user = await createTestUser();
    const id = await paidSubscription(user, 'student');
    await setPeriod(id, 2);
    const res = await request(app).post('/api/subscriptions/renew').set(bearer(user)).send({ subscriptionId: id });
    await db().collection(COLLECTIONS.subscriptions).doc(id).delete();
    await payThroughSandbox(user, res.body.data.clientReference);
    const refunds = await db()
      .collection(COLLECTIONS.refunds)
      .where('clientReference', '==', res.body.data.clientReference)
      .get();
    expect(refunds.docs.map((d) => d.data())).toEqual([
      expect.objectContaining({ kind: 'renewal', reason: 'deleted', status: 'Due', amount: 49 }),
    ]);
  });

  it("when another patient renews or cancels someone's package, then 403 and nothing changes", async () => {
    const [owner, other] = await Promise.all([createTestUser(), createTestUser()]);
    const id = await startTrial(owner);
    await setPeriod(id, 2);
    const renew = await request(app).post('/api/subscriptions/renew').set(bearer(other)).send({ subscriptionId: id });
    expect(renew.status).toBe(403);
    const cancel = await request(app).post('/api/subscriptions/cancel').set(bearer(other)).send({ subscriptionId: id });
    expect(cancel.status).toBe(403);
    expect((await subscriptionDoc(id)).status).toBe('Trial');
    const bad = await request(app).post('/api/subscriptions/renew').set(bearer(owner)).send({});
    expect(bad.status).toBe(400);
    expect(bad.body.msg).toMatch(/Subscription/);
  });
});

describe('cancel, expiry and reminders (the scheduled job, run in-process)', () => {
  it('when the patient cancels, then it runs to periodEnd and gets no renewal reminder', async () => {
    const user = await createTestUser();
    const id = await paidSubscription(user, 'student');
    const res = await request(app).post('/api/subscriptions/cancel').set(bearer(user)).send({ subscriptionId: id });
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({ status: 'Cancelled', renews: false, isActive: true, daysLeft: 30 });
    await setPeriod(id, 4, { status: 'Cancelled' });
    await runSubscriptionCalendar({ only: [id] });
    const notices = await db().collection(COLLECTIONS.subscriptionNotices).where('subscriptionId', '==', id).get();
    expect(notices.size).toBe(0);
    expect((await mailsTo(user.email)).filter((m) => /ends in/.test(m.message.subject))).toHaveLength(0);
  });

  it('when periodEnd has passed, then the job makes it Expired and tells the patient once', async () => {
    const user = await createTestUser();
    const id = await startTrial(user);
    await setPeriod(id, -0.01);
    await runSubscriptionCalendar({ only: [id] });
    await runSubscriptionCalendar({ only: [id] });
    expect(await subscriptionDoc(id)).toMatchObject({ status: 'Expired', isActive: false, renews: false });
    const ended = (await mailsTo(user.email)).filter((m) => m.message.subject === 'Your Individual Package has ended');
    expect(ended).toHaveLength(1);
    expect(ended[0].message.text).toContain('/dashboard/profile');
    const list = await request(app).get(`/api/subscriptions/${user.uid}`).set(bearer(user));
    expect(list.body.data[0]).toMatchObject({ status: 'Expired', isActive: false, canRenew: true });
  });

  it('when the end is 5 days and then 1 day away, then each reminder goes once, with the renew link', async () => {
    const user = await createTestUser();
    const id = await paidSubscription(user, 'student');
    const end = await setPeriod(id, 4.5);
    await runSubscriptionCalendar({ only: [id] });
    await runSubscriptionCalendar({ only: [id] });
    const reminders = async () => (await mailsTo(user.email)).filter((m) => /ends (in|tomorrow)/.test(m.message.subject));
    expect((await reminders()).map((m) => m.message.subject)).toEqual(['Your Student Package ends in 5 days']);
    expect((await reminders())[0].message.text).toContain('http://127.0.0.1:5000/dashboard/profile');
    // A fixed clock half a day before the end: the 1-day reminder, once.
    const late = new Date(end - 0.5 * DAY);
    await runSubscriptionCalendar({ now: late, only: [id] });
    await runSubscriptionCalendar({ now: late, only: [id] });
    expect((await reminders()).map((m) => m.message.subject).sort()).toEqual([
      'Your Student Package ends in 5 days',
      'Your Student Package ends tomorrow',
    ]);
  });
});

describe('benefits at booking', () => {
  it('when the allowance is 2, then two virtual consultations cost 0 and the third costs the doctor’s fee', async () => {
    const user = await createTestUser();
    const id = await startTrial(user);
    const first = await book(user, virtualConsultationBooking());
    expect(first.status).toBe(201);
    expect(first.body.data).toMatchObject({
      consultationFee: 0,
      requiresPayment: false,
      paymentStatus: 'Not Applicable',
      coveredBy: id,
      fullPrice: 250,
      coverage: { subscriptionId: id, benefit: 'virtualConsultation', used: 1, left: 1 },
    });
    expect(first.body.data.coverage.note).toBe(
      'Covered by your Individual Package: nothing to pay (1 of 2 virtual consultations left this period).',
    );
    const second = await book(user, virtualConsultationBooking());
    expect(second.body.data).toMatchObject({ consultationFee: 0, coverage: { used: 2, left: 0 } });
    const third = await book(user, virtualConsultationBooking());
    expect(third.body.data).toMatchObject({ consultationFee: 250, requiresPayment: true, paymentStatus: 'Unpaid' });
    expect(third.body.data.coveredBy).toBeUndefined();
    const list = await request(app).get(`/api/subscriptions/${user.uid}`).set(bearer(user));
    expect(list.body.data[0].usage.virtualConsultations).toEqual({ used: 2, left: 0 });

    // Cancelling a covered one gives its place back.
    const cancel = await request(app)
      .post('/api/appointments/cancel')
      .set(bearer(user))
      .send({ appointmentId: first.body.data.appointmentId });
    expect(cancel.status).toBe(200);
    const after = await request(app).get(`/api/subscriptions/${user.uid}`).set(bearer(user));
    expect(after.body.data[0].usage.virtualConsultations).toEqual({ used: 1, left: 1 });
    const fourth = await book(user, virtualConsultationBooking());
    expect(fourth.body.data).toMatchObject({ consultationFee: 0, coveredBy: id });
  });

  it('when the clinic declines a covered consultation, then its place comes back', async () => {
    const [user, staff] = await Promise.all([createTestUser(), createStaffUser('staff')]);
    await startTrial(user);
    const covered = await book(user, virtualConsultationBooking());
    expect(covered.body.data.consultationFee).toBe(0);
    const declined = await request(app)
      .post(`/api/staff/appointments/${covered.body.data.appointmentId}/decline`)
      .set(bearer(staff))
      .send({ reason: 'The doctor is away that week.' });
    expect(declined.status).toBe(200);
    const list = await request(app).get(`/api/subscriptions/${user.uid}`).set(bearer(user));
    expect(list.body.data[0].usage.virtualConsultations).toEqual({ used: 0, left: 2 });
    const refunds = await db().collection(COLLECTIONS.refunds).where('patientId', '==', user.uid).get();
    expect(refunds.size).toBe(0);
  });

  it('when bookings race for the last place of the allowance, then exactly one is covered', async () => {
    const user = await createTestUser();
    await startTrial(user);
    expect((await book(user, virtualConsultationBooking())).body.data.consultationFee).toBe(0);
    const racing = await Promise.all(Array.from({ length: 4 }, () => book(user, virtualConsultationBooking())));
    const booked = racing.filter((r) => r.status === 201);
    racing.filter((r) => r.status !== 201).forEach((r) => expect(r.status).toBe(503));
    expect(booked.filter((r) => r.body.data.consultationFee === 0)).toHaveLength(1);
    const stored = await db().collection(COLLECTIONS.appointments).where('patientId', '==', user.uid).get();
    expect(stored.docs.filter((d) => d.get('coveredBy')).length).toBe(2);
  });

  it('when a subscriber books lab tests, then the server takes the package discount off and keeps the full price', async () => {
    const user = await createTestUser();
    const id = await startTrial(user);
    const res = await book(user, bookingBase({ requestedServiceId: 6, selectedLabs: ['fbc'], consultationFee: 1 }));
    expect(res.status).toBe(201);
    expect(res.body.data).toMatchObject({
      consultationFee: 54,
      fullPrice: 60,
      discountPercent: 10,
      discountedBy: id,
      requiresPayment: true,
    });
    const stored = (await db().collection(COLLECTIONS.appointments).doc(res.body.data.appointmentId).get()).data();
    expect(stored).toMatchObject({ consultationFee: 54, fullPrice: 60, discountPercent: 10 });
  });

  it('when a subscriber books a free home service, then it costs nothing and the home visit allowance is left untouched', async () => {
    const user = await createTestUser();
    await startTrial(user);
    for (const requestedServiceId of [2, 3]) {
      const res = await book(user, bookingBase({ requestedServiceId }));
      expect(res.status).toBe(201);
      expect(res.body.data).toMatchObject({ consultationFee: 0, requiresPayment: false, paymentStatus: 'Not Applicable' });
      expect(res.body.data.coveredBy).toBeUndefined();
      expect(res.body.data.coverage).toBeUndefined();
    }
    const list = await request(app).get(`/api/subscriptions/${user.uid}`).set(bearer(user));
    expect(list.body.data[0].usage.homeVisits).toEqual({ used: 0, left: 1 });
    const usage = await db().collection(COLLECTIONS.subscriptionUsage).where('patientId', '==', user.uid).get();
    expect(usage.docs.map((d) => d.get('homeVisit') ?? 0)).not.toContain(1);
  });

  it('when nobody subscribes, then a virtual consultation costs the doctor’s fee', async () => {
    const user = await createTestUser();
    const res = await book(user, virtualConsultationBooking());
    expect(res.body.data).toMatchObject({ consultationFee: 250, requiresPayment: true });
    expect(res.body.data.coverage).toBeUndefined();
  });
});

describe('Family Care dependants', () => {
  const person = (firstName: string) => ({
    firstName,
    lastName: 'Owusu',
    relation: 'Child',
    dateOfBirth: '2014-06-01',
    gender: 'FEMALE',
  });

  it('when the family has 4 dependants, then a 6th person is refused; a dependant’s booking counts against the family', async () => {
    const user = await createTestUser();
    const familyId = await paidSubscription(user, 'family-care');
    const added = [];
    for (const name of ['Adjoa', 'Kojo', 'Yaa', 'Kwesi']) {
      const res = await request(app).post(`/api/patient/${user.uid}/dependants`).set(bearer(user)).send(person(name));
      expect(res.status).toBe(201);
      added.push(res.body.data);
    }
    const sixth = await request(app).post(`/api/patient/${user.uid}/dependants`).set(bearer(user)).send(person('Akua'));
    expect(sixth.status).toBe(409);
    expect(sixth.body.msg).toMatch(/covers 5 people/);
    const list = await request(app).get(`/api/patient/${user.uid}/dependants`).set(bearer(user));
    expect(list.body.data.map((d: { firstName: string }) => d.firstName)).toEqual(['Adjoa', 'Kojo', 'Yaa', 'Kwesi']);

    const res = await book(
      user,
      virtualConsultationBooking({
        bookFor: 'OTHERS',
        dependantId: added[1].id,
        firstName: 'Someone',
        lastName: 'Else',
        gender: 'MALE',
      }),
    );
    expect(res.status).toBe(201);
    expect(res.body.data).toMatchObject({
      firstName: 'Kojo',
      lastName: 'Owusu',
      gender: 'FEMALE',
      dependantId: added[1].id,
      consultationFee: 0,
      coveredBy: familyId,
    });
    const usage = await request(app).get(`/api/subscriptions/${user.uid}`).set(bearer(user));
    expect(usage.body.data[0].usage.virtualConsultations).toEqual({ used: 1, left: 'unlimited' });

    const removed = await request(app).delete(`/api/patient/${user.uid}/dependants/${added[0].id}`).set(bearer(user));
    expect(removed.status).toBe(200);
    expect((await request(app).get(`/api/patient/${user.uid}/dependants`).set(bearer(user))).body.data).toHaveLength(3);
  });

  it('when the package covers one person, then a booking for a dependant is not covered', async () => {
    const user = await createTestUser();
    await startTrial(user);
    const dependant = (await request(app).post(`/api/patient/${user.uid}/dependants`).set(bearer(user)).send(person('Efua'))).body
      .data;
    const res = await book(user, virtualConsultationBooking({ bookFor: 'OTHERS', dependantId: dependant.id }));
    expect(res.body.data).toMatchObject({ firstName: 'Efua', consultationFee: 250 });
  });

  it("when another patient reads, adds to or removes someone's dependants, then 403 and nothing changes", async () => {
    const [owner, other] = await Promise.all([createTestUser(), createTestUser()]);
    const dependant = (await request(app).post(`/api/patient/${owner.uid}/dependants`).set(bearer(owner)).send(person('Ama')))
      .body.data;
    expect((await request(app).get(`/api/patient/${owner.uid}/dependants`).set(bearer(other))).status).toBe(403);
    expect((await request(app).post(`/api/patient/${owner.uid}/dependants`).set(bearer(other)).send(person('X'))).status).toBe(
      403,
    );
    expect((await request(app).delete(`/api/patient/${other.uid}/dependants/${dependant.id}`).set(bearer(other))).status).toBe(
      403,
    );
    const booking = await book(other, virtualConsultationBooking({ bookFor: 'OTHERS', dependantId: dependant.id }));
    expect(booking.status).toBe(400);
    expect(booking.body.msg).toMatch(/Family member/);
    const bad = await request(app)
      .post(`/api/patient/${owner.uid}/dependants`)
      .set(bearer(owner))
      .send({ ...person('Y'), relation: 'Boss' });
    expect(bad.status).toBe(400);
    expect(bad.body.msg).toMatch(/Relation/);
    expect((await request(app).get(`/api/patient/${owner.uid}/dependants`).set(bearer(owner))).body.data).toHaveLength(1);
  });
});
