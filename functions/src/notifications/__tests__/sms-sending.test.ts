import { Timestamp } from 'firebase-admin/firestore';
import request from 'supertest';
import { createApp } from '../../app';
import { SMS_PER_NUMBER_PER_HOUR } from '../../api/policy';
import { takeSlot } from '../../http/rate-limit';
import { seedCatalog } from '../../seed/seed';
import { db } from '../../store/firebase';
import { storeSms } from '../../store/sms';
import { createTestUser, type TestUser } from '../../test-support/auth';
import { atStartOfWindow } from '../../test-support/clock';
import { virtualConsultationBooking } from '../../test-support/booking';
import { eventually, failNextSms, freshPhone, setPatientContact, smsDocsOf, smsSentTo } from '../../test-support/sms';
import { mailDocsOf } from '../../test-support/mail';
import { notifyPatient } from '../notify';
import { sendSms, SMS_MAX_ATTEMPTS, sweepSms } from '../sms-sender';
import { appointmentReminder } from '../templates';
import { sampleAppointment } from './sample-appointment';

/**
 * The SMS path against the emulators and the sandbox's SMS API over HTTP: notifyPatient
 * queues, the send after the commit claims and sends, the sweep retries.
 */
const app = createApp();
const MINUTE = 60_000;

let patient: TestUser;
let phone: string;

beforeAll(async () => {
  await seedCatalog(db());
});

beforeEach(async () => {
  patient = await createTestUser();
  phone = freshPhone();
  await setPatientContact(patient.uid, { contactNumber: phone.replace('+233', '0') });
});

/** An SMS queued for the test's number, not yet sent by anyone. */
const queued = async (body = 'Test message') => {
  const { id, written } = storeSms({ to: phone, body, event: 'test', patientId: patient.uid }, new Date(Date.now() + 86_400_000));
  await written;
  return id;
};
const smsDoc = async (id: string) => (await db().collection('sms').doc(id).get()).data()!;
/**
 * The message's wait is over, as if its backoff had passed. The sweep then runs on the real
 * clock: a sweep at a made-up later time would take over every other test's message still
 * being sent (its lease looks expired then) and send it twice (a reminders test saw one).
 */
const backoffOver = (id: string) =>
  db()
    .collection('sms')
    .doc(id)
    .update({ nextAttemptAt: Timestamp.fromMillis(Date.now() - 1_000) });

describe('SMS: sent through the provider, once', () => {
  it('a booking through the API -> one SMS Sent at the sandbox, to the +233 number, naming the clinic', async () => {
    const res = await request(app)
      .post('/api/appointments')
      .set('Authorization', `Bearer ${patient.idToken}`)
      .send(await virtualConsultationBooking());
    expect(res.status).toBe(201);
    const [sent] = await eventually(
      () => smsSentTo(phone),
      (m) => m.length > 0,
    );
    expect(sent.content).toMatch(/^ExpMed Health: We received your request for Virtual Consultation/);
    expect(sent.content).toContain(res.body.data.clientReference);
    expect(sent.from).toBe('ExpMedHlth');
    const docs = await eventually(
      () => smsDocsOf(patient.uid),
      (d) => d[0]?.status === 'Sent',
    );
    expect(docs).toHaveLength(1);
    expect(docs[0]).toMatchObject({
      to: phone,
      status: 'Sent',
      attempts: 1,
      providerMessageId: sent.messageId,
      event: 'appointment.received',
      appointmentId: res.body.data.appointmentId,
    });
    expect(await smsSentTo(phone)).toHaveLength(1);
    // The mail carries the calendar invitation.
    const [mail] = await mailDocsOf(patient.uid);
    expect(mail.message.attachments[0]).toMatchObject({
      filename: 'appointment.ics',
      contentType: 'text/calendar; method=REQUEST',
    });
  });

  it('the send fired twice at once -> one SMS at the sandbox', async () => {
    const id = await queued();
    const outcomes = await Promise.all([sendSms(id), sendSms(id), sendSms(id)]);
    expect(outcomes.filter((o) => o === 'sent')).toHaveLength(1);
    expect(outcomes.filter((o) => o === 'skipped')).toHaveLength(2);
    expect(await smsSentTo(phone)).toHaveLength(1);
    expect(await smsDoc(id)).toMatchObject({ status: 'Sent', attempts: 1 });
    // And again later (the sweep): nothing more.
    await sweepSms();
    expect(await sendSms(id, new Date(Date.now() + 10 * MINUTE))).toBe('skipped');
    expect(await smsSentTo(phone)).toHaveLength(1);
  });

  it('a sandbox failure (500) -> kept Queued with a later attempt, then the sweep sends it', async () => {
    await failNextSms(phone, 2, 500);
    const id = await queued();
    expect(await sendSms(id)).toBe('retry');
    const first = await smsDoc(id);
    expect(first).toMatchObject({ status: 'Queued', attempts: 1 });
    expect(first.failureReason).toMatch(/500/);
    // Not due yet: the backoff holds it.
    expect(await sendSms(id)).toBe('skipped');
    expect(await sendSms(id, new Date(Date.now() + 5 * MINUTE))).toBe('retry');
    await backoffOver(id);
    await sweepSms();
    expect(await smsDoc(id)).toMatchObject({ status: 'Sent', attempts: 3 });
    expect(await smsSentTo(phone)).toHaveLength(1);
  });

  it(`transient failures ${SMS_MAX_ATTEMPTS} times -> Failed, not retried for ever`, async () => {
    await failNextSms(phone, SMS_MAX_ATTEMPTS + 1, 503);
    const id = await queued();
    let now = Date.now();
    for (let i = 0; i < SMS_MAX_ATTEMPTS; i++) {
      await sendSms(id, new Date(now));
      now += 60 * MINUTE;
    }
    const doc = await smsDoc(id);
    expect(doc).toMatchObject({ status: 'Failed', attempts: SMS_MAX_ATTEMPTS });
    expect(doc.failureReason).toMatch(/503/);
    expect(await sendSms(id, new Date(now))).toBe('skipped');
  });

  it('a 4xx -> Failed at once with the reason, never retried', async () => {
    await failNextSms(phone, 1, 400);
    const id = await queued();
    expect(await sendSms(id)).toBe('failed');
    const doc = await smsDoc(id);
    expect(doc).toMatchObject({ status: 'Failed', attempts: 1 });
    expect(doc.failureReason).toMatch(/refused it \(400\)/);
    await sweepSms();
    expect(await sendSms(id, new Date(Date.now() + 60 * MINUTE))).toBe('skipped');
    expect(await smsSentTo(phone)).toHaveLength(0);
  });
});

describe('notifyPatient: who gets what', () => {
  const reminder = () =>
    appointmentReminder(sampleAppointment({ patientId: patient.uid, appointmentId: `a-${patient.uid}` }), '24h');

  it('reminders obey the opt-outs: SMS off -> e-mail only', async () => {
    await setPatientContact(patient.uid, { reminderPreferences: { sms: false, email: true } });
    await notifyPatient(patient.uid, reminder(), { kind: 'reminder' });
    expect(await smsDocsOf(patient.uid)).toHaveLength(0);
    expect(await mailDocsOf(patient.uid)).toHaveLength(1);
  });

  it('reminders obey the opt-outs: e-mail off -> SMS only', async () => {
    await setPatientContact(patient.uid, { reminderPreferences: { sms: true, email: false } });
    await notifyPatient(patient.uid, reminder(), { kind: 'reminder' });
    expect(await smsDocsOf(patient.uid)).toHaveLength(1);
    expect(await mailDocsOf(patient.uid)).toHaveLength(0);
  });

  it('confirmations ignore the opt-outs', async () => {
    await setPatientContact(patient.uid, { reminderPreferences: { sms: false, email: false } });
    await notifyPatient(patient.uid, reminder());
    expect(await smsDocsOf(patient.uid)).toHaveLength(1);
    expect(await mailDocsOf(patient.uid)).toHaveLength(1);
    expect(await smsSentTo(phone)).toHaveLength(1);
  });

  it('an unusable phone number -> the e-mail only', async () => {
    await setPatientContact(patient.uid, { contactNumber: '12345' });
    await notifyPatient(patient.uid, reminder());
    expect(await smsDocsOf(patient.uid)).toHaveLength(0);
    expect(await mailDocsOf(patient.uid)).toHaveLength(1);
  });
});

describe('SMS: at most SMS_PER_NUMBER_PER_HOUR to one number', () => {
  // The count is per clock hour: each test happens at the start of one, so it cannot straddle two.
  beforeEach(() => atStartOfWindow(3_600_000));
  afterEach(() => jest.restoreAllMocks());

  it('when a number has had its messages this hour, then the next one is Failed with the reason and the provider gets nothing', async () => {
    // This hour's messages to the number, as earlier sends took them.
    for (let i = 0; i < SMS_PER_NUMBER_PER_HOUR; i += 1)
      await takeSlot(`sms-number:${phone}`, SMS_PER_NUMBER_PER_HOUR, 3_600_000);
    const id = await queued();
    expect(await sendSms(id)).toBe('failed');
    expect(await smsDoc(id)).toMatchObject({
      status: 'Failed',
      failureReason: `Not sent: this number has had ${SMS_PER_NUMBER_PER_HOUR} messages from the clinic in the last hour.`,
    });
    expect(await smsSentTo(phone)).toEqual([]);
  });

  it('when a number is under the limit, then each message is counted once, not once per attempt', async () => {
    await failNextSms(phone, 1, 500);
    const id = await queued();
    expect(await sendSms(id)).toBe('retry');
    expect(await sendSms(id, new Date(Date.now() + 10 * MINUTE))).toBe('sent');
    // One slot taken for the one message: the rest of the hour's budget is still there.
    let left = 0;
    while (await takeSlot(`sms-number:${phone}`, SMS_PER_NUMBER_PER_HOUR, 3_600_000)) left += 1;
    expect(left).toBe(SMS_PER_NUMBER_PER_HOUR - 1);
  });
});
