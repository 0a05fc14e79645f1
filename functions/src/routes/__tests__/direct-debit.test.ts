import '../../test-support/payments';
import { Timestamp } from 'firebase-admin/firestore';
import request from 'supertest';
import { createApp } from '../../app';
import type { PatientUpdate } from '../../api/account-requests';
import { seedCatalog } from '../../seed/seed';
import { runSubscriptionCalendar } from '../../services/packages/subscription-calendar';
import { updatePatient } from '../../services/patients/patients';
import { chargeMandate, runDirectDebits } from '../../services/packages/direct-debit-charges';
import { COLLECTIONS } from '../../store/collections';
import { db } from '../../store/firebase';
import { createStaffUser, createTestUser, type TestUser } from '../../test-support/auth';
import { callbackPath, payInSandbox, resetFaults, SANDBOX, setFaults } from '../../test-support/payments';
import { createCallbackApp } from '../payment-callback';
import { eventually, freshPhone, smsSentTo } from '../../test-support/sms';

/** Renewal by direct debit (docs/direct-debit.md) against the emulators and the payment sandbox. */
const app = createApp();
const DAY = 86_400_000;
const bearer = (u: TestUser) => ({ Authorization: `Bearer ${u.idToken}` });
const col = (name: keyof typeof COLLECTIONS) => db().collection(COLLECTIONS[name]);
const mandateOf = async (id: string) => (await col('mandates').doc(id).get()).data() ?? {};
const subscriptionOf = async (id: string) => (await col('subscriptions').doc(id).get()).data() ?? {};
const millis = (v: unknown) => (v as Timestamp).toMillis();

async function sandbox(path: string, body?: unknown) {
  const res = await fetch(`${SANDBOX}${path}`, {
    method: body === undefined ? 'GET' : 'POST',
    headers: { 'Content-Type': 'application/json' },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
  return res.json();
}
/** What the sandbox holds for a number: its preapprovals and the charges made on them. */
const atProvider = (phone: string) =>
  sandbox(`/__control/preapprovals?msisdn=${phone.slice(1)}`) as Promise<{
    preapprovals: { hubtelPreApprovalId: string; status: string }[];
    charges: { clientReference: string; amount: number; outcome: string }[];
  }>;

/** A patient with a confirmed phone of their own and a paid Student package (GHS 49) ending in `endsInDays`. */
async function subscriber(endsInDays = 2) {
  const user = await createTestUser();
  const phone = freshPhone();
  await col('patients').doc(user.uid).update({ contactNumber: phone, phoneVerifiedAt: new Date().toISOString() });
  const sub = await request(app).post('/api/subscriptions').set(bearer(user)).send({ packageId: 'student' });
  const { id, clientReference } = sub.body.data;
  await setFaults(clientReference, { callback: 'drop' });
  await request(app).post('/api/payment/initiate').set(bearer(user)).send({ clientReference });
  await payInSandbox(clientReference);
  await request(app).post('/api/payment/check').set(bearer(user)).send({ clientReference });
  const end = Date.now() + endsInDays * DAY;
  await col('subscriptions')
    .doc(id)
    .update({ periodStart: Timestamp.fromMillis(end - 30 * DAY), periodEnd: Timestamp.fromMillis(end) });
  return { user, phone, id, end };
}

const optIn = (user: TestUser, body: object) => request(app).post('/api/subscriptions/autorenew').set(bearer(user)).send(body);

/** Opts in on Telecel (approved by OTP) with the code the sandbox sent by SMS. */
async function activeMandate(endsInDays = 2) {
  const s = await subscriber(endsInDays);
  const res = await optIn(s.user, { network: 'Telecel' });
  expect(res.status).toBe(200);
  const sms = await eventually(
    () => smsSentTo(s.phone),
    (m) => m.some((x) => /approval code/.test(x.content)),
  );
  const otp = /code is \w+-(\d{4})/.exec(sms.find((x) => /approval code/.test(x.content))!.content)![1];
  const verify = await request(app).post('/api/subscriptions/autorenew/verify').set(bearer(s.user)).send({ otp });
  expect(verify.status).toBe(200);
  return s;
}

/** Time moved in the store: the period ends now and the charge is due. */
async function dueNow(id: string) {
  const end = Date.now() - 60_000;
  await col('mandates')
    .doc(id)
    .update({ nextChargeAt: Timestamp.fromMillis(end) });
  return end;
}

beforeAll(async () => {
  await seedCatalog(db());
});

describe('opting in', () => {
  it('when the network or number is wrong, then 400 names the field in words and no mandate is stored', async () => {
    const s = await subscriber();
    const network = await optIn(s.user, { network: 'Vodafone' });
    expect(network.status).toBe(400);
    expect(network.body.msg).toBe('Network must be one of MTN, Telecel or AT.');
    const number = await optIn(s.user, { network: 'MTN', msisdn: '12345' });
    expect(number.status).toBe(400);
    expect(number.body.msg).toMatch(/^Mobile money number must be a Ghana number/);
    expect((await col('mandates').doc(s.id).get()).exists).toBe(false);
  });

  it("when the number is not the account's confirmed phone, then nothing reaches the provider until a code texted to that number proves it; the code is spent once", async () => {
    const s = await subscriber();
    const other = freshPhone();
    const local = `0${other.slice(4)}`;
    const masked = `0${other.slice(4, 6)} *** ${other.slice(-4)}`;
    const nothingAtProvider = async () => expect((await atProvider(other)).preapprovals).toEqual([]);

    const refused = await optIn(s.user, { network: 'Telecel', msisdn: local });
    expect(refused.status).toBe(400);
    expect(refused.body.msg).toBe(
      `Code: ${masked} is not your confirmed phone number. Tap Send code to text a code to it, and type the code here; or use your confirmed number.`,
    );
    expect((await col('mandates').doc(s.id).get()).exists).toBe(false);
    await nothingAtProvider();

    const own = await request(app).post('/api/subscriptions/autorenew/number-code').set(bearer(s.user)).send({ msisdn: s.phone });
    expect(own.status).toBe(409);
    const sent = await request(app).post('/api/subscriptions/autorenew/number-code').set(bearer(s.user)).send({ msisdn: local });
    expect(sent.status).toBe(200);
    // Masked as the profile's phone code masks (the same machinery).
    const codeMasked = `+233 ${other.slice(4, 6)} *** **${other.slice(-2)}`;
    expect(sent.body.msg).toBe(`We have sent a 6-digit code by SMS to ${codeMasked}. Type it here to renew from that number.`);
    const texts = await eventually(
      () => smsSentTo(other),
      (m) => m.some((x) => /allow direct debit from this number is \d{6}/.test(x.content)),
    );
    const code = /is (\d{6})\./.exec(texts.find((x) => /allow direct debit/.test(x.content))!.content)![1];

    const wrong = await optIn(s.user, {
      network: 'Telecel',
      msisdn: local,
      code: String((Number(code) + 1) % 1e6).padStart(6, '0'),
    });
    expect(wrong.status).toBe(400);
    expect(wrong.body.msg).toBe('That code is not correct. You have 4 tries left.');
    expect((await col('mandateNumberCodes').doc(s.user.uid).get()).get('wrongTries')).toBe(1);
    expect((await col('mandates').doc(s.id).get()).exists).toBe(false);
    await nothingAtProvider();

    const proved = await optIn(s.user, { network: 'Telecel', msisdn: local, code });
    expect(proved.status).toBe(200);
    expect(proved.body.data.mandate).toMatchObject({ status: 'Pending', maskedNumber: masked });
    expect(await mandateOf(s.id)).toMatchObject({ msisdn: other, status: 'Pending' });
    expect((await atProvider(other)).preapprovals).toHaveLength(1);
    expect((await col('mandateNumberCodes').doc(s.user.uid).get()).exists).toBe(false);

    // Stopped and started again: the code was spent, so the number must be proved anew.
    expect((await request(app).post('/api/subscriptions/autorenew/cancel').set(bearer(s.user)).send({})).status).toBe(200);
    const replay = await optIn(s.user, { network: 'Telecel', msisdn: local, code });
    expect(replay.status).toBe(400);
    expect(replay.body.msg).toBe('This code can no longer be used. Please tap Send code for a new one.');
    expect((await atProvider(other)).preapprovals).toHaveLength(1);
  });

  it('when the patient opts in on Telecel, then an OTP comes by SMS, a wrong one is refused and the right one makes it Active', async () => {
    const s = await subscriber();
    const res = await optIn(s.user, { network: 'Telecel' });
    expect(res.status).toBe(200);
    const masked = `0${s.phone.slice(4, 6)} *** ${s.phone.slice(-4)}`;
    expect(res.body.data).toMatchObject({ verificationType: 'OTP', mandate: { status: 'Pending', maskedNumber: masked } });
    expect(res.body.msg).toBe(`We have sent a code by SMS to ${masked}. Type it below to approve.`);
    const wrong = await request(app).post('/api/subscriptions/autorenew/verify').set(bearer(s.user)).send({ otp: '0000x' });
    expect(wrong.status).toBe(400);
    expect(wrong.body.msg).toMatch(/^The approval code \(otp\)/);
    const sms = await eventually(
      () => smsSentTo(s.phone),
      (m) => m.some((x) => /approval code/.test(x.content)),
    );
    const otp = /code is \w+-(\d{4})/.exec(sms.find((x) => /approval code/.test(x.content))!.content)![1];
    const bad = String((Number(otp) + 1) % 10000).padStart(4, '0');
    expect((await request(app).post('/api/subscriptions/autorenew/verify').set(bearer(s.user)).send({ otp: bad })).status).toBe(
      400,
    );
    const ok = await request(app).post('/api/subscriptions/autorenew/verify').set(bearer(s.user)).send({ otp });
    expect(ok.status).toBe(200);
    const list = await request(app).get(`/api/subscriptions/${s.user.uid}`).set(bearer(s.user));
    expect(list.body.data[0].mandate).toMatchObject({
      status: 'Active',
      maskedNumber: masked,
      nextChargeAt: new Date(s.end).toISOString(),
      nextChargeAmount: 49,
    });
    expect(await mandateOf(s.id)).toMatchObject({ msisdn: s.phone, network: 'Telecel', status: 'Active', failures: 0 });
  });

  it('when the approval callback comes twice, then the mandate is approved once (one audit entry, one notice)', async () => {
    const s = await subscriber();
    const res = await optIn(s.user, { network: 'MTN', msisdn: s.phone.replace('+233', '0') });
    expect(res.body.data.verificationType).toBe('USSD');
    const { providerId } = await mandateOf(s.id);
    await sandbox(`/__control/preapproval/${providerId}/approve`, {});
    await sandbox(`/__control/preapproval/${providerId}/approve`, {});
    expect(await mandateOf(s.id)).toMatchObject({ status: 'Active' });
    const audits = await col('auditLog').where('target', '==', `mandates/${s.id}`).get();
    expect(audits.docs.filter((d) => d.get('action') === 'mandate.approved')).toHaveLength(1);
    const told = await col('sms').where('patientId', '==', s.user.uid).get();
    expect(told.docs.filter((d) => /renews automatically/.test(String(d.get('body') ?? d.get('content'))))).toHaveLength(1);
  });

  it('when the patient declines on the phone, then the mandate is Declined and they may opt in again', async () => {
    const s = await subscriber();
    await optIn(s.user, { network: 'MTN' });
    await sandbox(`/__control/preapproval/${(await mandateOf(s.id)).providerId}/decline`, {});
    expect(await mandateOf(s.id)).toMatchObject({ status: 'Declined' });
    expect((await optIn(s.user, { network: 'MTN' })).status).toBe(200);
  });

  it('when two opt-ins arrive at once, then one mandate is started and the other gets 409', async () => {
    const s = await subscriber();
    const both = await Promise.all([optIn(s.user, { network: 'MTN' }), optIn(s.user, { network: 'MTN' })]);
    expect(both.map((r) => r.status).sort()).toEqual([200, 409]);
    expect((await atProvider(s.phone)).preapprovals).toHaveLength(1);
  });
});

describe('the notice and the charge', () => {
  it('when the period nears its end, then the SMS says when and how much; at the end the charge is Paid once, like a checkout renewal', async () => {
    const s = await activeMandate(2);
    await runDirectDebits({ only: [s.id] });
    const notice = await eventually(
      () => smsSentTo(s.phone),
      (m) => m.some((x) => /we will take GHS 49.00/.test(x.content)),
    );
    expect(notice.find((x) => /we will take/.test(x.content))!.content).toMatch(/To stop it:/);
    await runDirectDebits({ only: [s.id] });
    expect((await smsSentTo(s.phone)).filter((x) => /we will take/.test(x.content))).toHaveLength(1);

    await dueNow(s.id);
    await runDirectDebits({ only: [s.id] });
    await eventually(
      () => subscriptionOf(s.id),
      (d) => millis(d.periodEnd) === s.end + 30 * DAY,
    );
    const renewals = await col('subscriptionRenewals').where('subscriptionId', '==', s.id).get();
    expect(renewals.docs.map((d) => d.data())).toMatchObject([{ paymentStatus: 'Paid', amount: 49, method: 'direct-debit' }]);
    const ref = renewals.docs[0].get('clientReference');
    expect((await col('payments').doc(ref).get()).data()).toMatchObject({ kind: 'renewal', amount: 49, method: 'direct-debit' });
    expect(millis((await mandateOf(s.id)).nextChargeAt)).toBe(s.end + 30 * DAY);
    // The receipt, as for any payment; and the job run again charges nothing more.
    await eventually(
      () => smsSentTo(s.phone),
      (m) => m.some((x) => x.content.includes(ref)),
    );
    // The charge's callback again (the provider retries): nothing is settled twice.
    const replay = await request(createCallbackApp())
      .post(callbackPath(ref))
      .send({ ResponseCode: '0000', Data: { ClientReference: ref } });
    expect(replay.body.data).toEqual({ outcome: 'already-paid' });
    expect(millis((await subscriptionOf(s.id)).periodEnd)).toBe(s.end + 30 * DAY);
    await runDirectDebits({ only: [s.id] });
    expect((await atProvider(s.phone)).charges).toHaveLength(1);
  });

  it('when a charge fails, then the SMS says so, it is retried a day later and after the last retry the package lapses', async () => {
    const s = await activeMandate(2);
    await dueNow(s.id);
    await sandbox('/__control/direct-debit/fail-next', { msisdn: s.phone.slice(1), failure: 'insufficient-funds' });
    await runDirectDebits({ only: [s.id] });
    const failed = await eventually(
      () => mandateOf(s.id),
      (m) => m.failures === 1,
    );
    expect(millis(failed.nextChargeAt)).toBeGreaterThan(Date.now() + DAY - 60_000);
    await eventually(
      () => smsSentTo(s.phone),
      (m) => m.some((x) => /could not take GHS 49.00/.test(x.content) && /try again/.test(x.content)),
    );
    // The period has ended meanwhile: the package is not expired while retries remain.
    await col('subscriptions')
      .doc(s.id)
      .update({ periodEnd: Timestamp.fromMillis(Date.now() - 60_000) });
    await runSubscriptionCalendar({ only: [s.id] });
    expect((await subscriptionOf(s.id)).status).toBe('Active');
    // Three days on: the last retry fails too.
    await col('mandates')
      .doc(s.id)
      .update({ failures: 3, nextChargeAt: Timestamp.fromMillis(Date.now() - 60_000) });
    await sandbox('/__control/direct-debit/fail-next', { msisdn: s.phone.slice(1), failure: 'insufficient-funds' });
    await runDirectDebits({ only: [s.id] });
    await eventually(
      () => mandateOf(s.id),
      (m) => m.status === 'Cancelled',
    );
    expect(await mandateOf(s.id)).toMatchObject({ endedBecause: 'charges-failed', failures: 4 });
    await runSubscriptionCalendar({ only: [s.id] });
    expect(await subscriptionOf(s.id)).toMatchObject({ status: 'Expired', isActive: false });
    expect((await atProvider(s.phone)).charges.map((c) => c.outcome)).toEqual(['insufficient-funds', 'insufficient-funds']);
    const renewals = await col('subscriptionRenewals').where('subscriptionId', '==', s.id).get();
    expect(renewals.docs.map((d) => d.get('paymentStatus'))).toEqual(['Unpaid', 'Unpaid']);
  });

  it('when the price has risen since the patient agreed, then they are told once and the agreed price is taken until 30 days after', async () => {
    const s = await activeMandate(2);
    expect(await mandateOf(s.id)).toMatchObject({ agreedAmount: 49 });
    // Time moved in the store: the package cost GHS 39 when they agreed; it costs 49 now.
    await col('mandates').doc(s.id).update({ agreedAmount: 39 });
    await runDirectDebits({ only: [s.id] });
    const sms = await eventually(
      () => smsSentTo(s.phone),
      (m) =>
        m.some((x) => /rises to GHS 49.00 \(was GHS 39.00\)/.test(x.content)) && m.some((x) => /we will take/.test(x.content)),
    );
    expect(sms.find((x) => /we will take/.test(x.content))!.content).toMatch(/we will take GHS 39.00/);
    const told = await mandateOf(s.id);
    expect(told).toMatchObject({ agreedAmount: 39, priceRiseAmount: 49 });
    expect(millis(told.priceRiseFrom)).toBeGreaterThan(Date.now() + 29 * DAY);

    await dueNow(s.id);
    await runDirectDebits({ only: [s.id] });
    await eventually(
      () => subscriptionOf(s.id),
      (d) => millis(d.periodEnd) === s.end + 30 * DAY,
    );
    expect((await smsSentTo(s.phone)).filter((x) => /rises to/.test(x.content))).toHaveLength(1);
    expect((await atProvider(s.phone)).charges.map((c) => c.amount)).toEqual([39]);

    // Thirty days after the patient was told, the next charge takes the new price.
    await col('mandates')
      .doc(s.id)
      .update({ priceRiseFrom: Timestamp.fromMillis(Date.now() - 60_000) });
    await dueNow(s.id);
    await runDirectDebits({ only: [s.id] });
    const charged = await eventually(
      () => atProvider(s.phone),
      (p) => p.charges.length === 2,
    );
    expect(charged.charges.map((c) => c.amount)).toEqual([39, 49]);
    const after = await mandateOf(s.id);
    expect(after.agreedAmount).toBe(49);
    expect(after.priceRiseAmount).toBeUndefined();
  });

  it('when the mandate was revoked at the network, then the charge fails and the mandate ends at once', async () => {
    const s = await activeMandate(2);
    await sandbox(`/__control/preapproval/${(await mandateOf(s.id)).providerId}/revoke`, {});
    await dueNow(s.id);
    await runDirectDebits({ only: [s.id] });
    await eventually(
      () => mandateOf(s.id),
      (m) => m.status === 'Cancelled',
    );
    expect(await mandateOf(s.id)).toMatchObject({ endedBecause: 'revoked' });
  });

  it('when a checkout and a charge both pay the same period, then the period moves once and the second is a refund Due', async () => {
    const s = await activeMandate(2);
    const renew = await request(app).post('/api/subscriptions/renew').set(bearer(s.user)).send({ subscriptionId: s.id });
    const { clientReference } = renew.body.data;
    await setFaults(clientReference, { callback: 'drop' });
    expect((await request(app).post('/api/payment/initiate').set(bearer(s.user)).send({ clientReference })).status).toBe(200);
    await dueNow(s.id);
    expect(await chargeMandate(s.id)).toBe('charged');
    await eventually(
      () => subscriptionOf(s.id),
      (d) => millis(d.periodEnd) === s.end + 30 * DAY,
    );
    // The patient finishes the checkout they had opened; its callback arrives.
    await resetFaults(clientReference);
    await payInSandbox(clientReference);
    const refunds = await eventually(
      async () => (await col('refunds').where('clientReference', '==', clientReference).get()).docs.map((d) => d.data()),
      (r) => r.length > 0,
    );
    expect(refunds).toMatchObject([{ status: 'Due', reason: 'duplicate', amount: 49 }]);
    expect(millis((await subscriptionOf(s.id)).periodEnd)).toBe(s.end + 30 * DAY);
    expect((await col('payments').doc(clientReference).get()).get('method')).toBe('direct-debit');
  });
});

describe('stopping', () => {
  it('when the patient stops it, then it is cancelled at the provider and here, and a charge already due is not made', async () => {
    const s = await activeMandate(2);
    await dueNow(s.id);
    const stop = await request(app).post('/api/subscriptions/autorenew/cancel').set(bearer(s.user)).send({});
    expect(stop.status).toBe(200);
    expect(stop.body.data.mandate).toMatchObject({ status: 'Cancelled' });
    expect(await chargeMandate(s.id)).toBe('none');
    await runDirectDebits({ only: [s.id] });
    const provider = await atProvider(s.phone);
    expect(provider.charges).toHaveLength(0);
    expect(provider.preapprovals[0].status).toBe('CANCELLED');
    expect((await request(app).post('/api/subscriptions/autorenew/cancel').set(bearer(s.user)).send({})).status).toBe(409);
  });

  it('when the stop and the scheduled charge run at once, then at most one charge is made and the mandate ends Cancelled', async () => {
    const s = await activeMandate(2);
    await dueNow(s.id);
    await Promise.all([
      request(app).post('/api/subscriptions/autorenew/cancel').set(bearer(s.user)).send({}),
      chargeMandate(s.id),
    ]);
    await chargeMandate(s.id);
    expect((await atProvider(s.phone)).charges.length).toBeLessThanOrEqual(1);
    expect((await mandateOf(s.id)).status).toBe('Cancelled');
  });

  it("when the patient cancels the package's renewal, then its direct debit stops with it", async () => {
    const s = await activeMandate(20);
    const res = await request(app).post('/api/subscriptions/cancel').set(bearer(s.user)).send({ subscriptionId: s.id });
    expect(res.status).toBe(200);
    expect(await mandateOf(s.id)).toMatchObject({ status: 'Cancelled', endedBecause: 'package-stopped' });
    expect((await atProvider(s.phone)).preapprovals[0].status).toBe('CANCELLED');
  });

  it('when the patient changes their phone number, then the mandate is cancelled', async () => {
    const s = await activeMandate(20);
    await updatePatient(s.user.uid, { contactNumber: freshPhone() } as PatientUpdate);
    expect(await mandateOf(s.id)).toMatchObject({ status: 'Cancelled', endedBecause: 'phone-changed' });
  });
});

describe('staff', () => {
  it("when the desk opens a patient's direct debits, then it sees the number masked, the state and the next charge, and the read is audited", async () => {
    const s = await activeMandate(2);
    const desk = await createStaffUser('staff');
    const res = await request(app).get(`/api/staff/patients/${s.user.uid}/mandates`).set(bearer(desk));
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject([
      { subscriptionId: s.id, status: 'Active', network: 'Telecel', nextChargeAt: new Date(s.end).toISOString(), failures: 0 },
    ]);
    expect(JSON.stringify(res.body.data)).not.toContain(s.phone.slice(4));
    const read = await col('auditLog').where('actorUid', '==', desk.uid).get();
    expect(read.docs.map((d) => d.get('action'))).toContain('patient.mandates.read');
  });
});
