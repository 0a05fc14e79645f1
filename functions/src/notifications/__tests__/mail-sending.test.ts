import { Timestamp } from 'firebase-admin/firestore';
import { db } from '../../store/firebase';
import { storeMail, type StoredMail } from '../../store/mail';
import { createTestUser, type TestUser } from '../../test-support/auth';
import { failNextMail, mailDocsOf, sinkMailTo } from '../../test-support/mail';
import { MAIL_ID_HEADER, MAIL_MAX_ATTEMPTS, sendMail, sweepMail } from '../mail-sender';
import { queueMail } from '../mail';
import { noticeMail, notifyPatient } from '../notify';
import { bookingReceived } from '../templates';
import { sampleAppointment } from './sample-appointment';

/**
 * The mail path against the emulators and the sandbox's SMTP sink (scripts/sandbox/mail.mjs):
 * queueMail writes and sends right after, the sender records `delivery` on the document, the
 * sweep retries. What the sink received is what a mailbox would get.
 */
const MINUTE = 60_000;

let patient: TestUser;

beforeEach(async () => {
  patient = await createTestUser();
});

const mailDoc = async (id: string) => (await db().collection('mail').doc(id).get()).data() as StoredMail;

/** A mail to the test's patient, written but not sent by anyone yet. */
const written = async (subject = 'A test mail') => {
  const { id, written: done } = storeMail(
    { to: patient.email, message: { subject, text: 'Hello.', html: '<p>Hello.</p>' }, patientId: patient.uid, event: 'test' },
    new Date(Date.now() + 86_400_000),
  );
  await done;
  return id;
};

/**
 * The mail's wait is over, long enough ago that the sweep (which leaves fresh mail to its
 * writer) takes it. The sweep then runs on the real clock: at a made-up later time it would
 * take over every other test's mail still being sent.
 */
const backoffOver = (id: string) =>
  db()
    .collection('mail')
    .doc(id)
    .update({ nextAttemptAt: Timestamp.fromMillis(Date.now() - MINUTE) });

describe('mail: sent over SMTP to the provider, once', () => {
  it('when a notice with an invitation is queued, then the sink holds it as sent (to, subject, text, the .ics) and the document says SENT with its Message-ID', async () => {
    const notice = bookingReceived(sampleAppointment({ patientId: patient.uid, appointmentId: `a-${patient.uid}` }));
    await notifyPatient(patient.uid, notice, { channels: ['email'] });

    const [sent, ...more] = await sinkMailTo(patient.email);
    expect(more).toEqual([]);
    expect(sent).toMatchObject({
      to: patient.email,
      from: '"ExpMed Health" <no-reply@expmed.local>',
      replyTo: 'care@expmed.local',
      subject: notice.subject,
    });
    expect(sent.text.trim()).toBe(notice.paragraphs.join('\n\n'));
    expect(sent.html).toContain(noticeMail(patient.email, notice).message.html);
    expect(sent.attachments).toEqual([
      expect.objectContaining({ filename: 'appointment.ics', contentType: 'text/calendar; method=REQUEST' }),
    ]);
    expect(sent.attachments[0].content).toContain(`UID:a-${patient.uid}@expmed-health`);
    expect(sent.attachments[0].content).toBe(notice.attachments![0].content);

    const [doc] = (await db().collection('mail').where('patientId', '==', patient.uid).get()).docs;
    expect(sent.mailId).toBe(doc.id);
    expect(sent.headers).toMatchObject({ [MAIL_ID_HEADER]: doc.id });
    expect(doc.data()).toMatchObject({
      to: patient.email,
      event: notice.event,
      delivery: { state: 'SENT', attempts: 1, messageId: sent.messageId },
      sentAt: expect.any(Timestamp),
    });
    // Done with: nothing left for the sweep to find.
    expect(doc.get('nextAttemptAt')).toBeUndefined();
    expect(doc.get('leaseId')).toBeUndefined();
  });

  it('when the send right after the write and the sweep fire at once, then the sink gets it once', async () => {
    const id = await written();
    const outcomes = await Promise.all([sendMail(id), sendMail(id), sendMail(id)]);
    expect(outcomes.filter((o) => o === 'sent')).toHaveLength(1);
    await sweepMail();
    expect(await sendMail(id, new Date(Date.now() + 10 * MINUTE))).toBe('skipped');
    expect(await sinkMailTo(patient.email)).toHaveLength(1);
    expect((await mailDoc(id)).delivery).toMatchObject({ state: 'SENT', attempts: 1 });
  });
});

describe('mail: the server refuses', () => {
  it('when the sink refuses for now (451), then the mail is RETRY with the reason and a later try, and the sweep sends it', async () => {
    await failNextMail(patient.email, 2, 451);
    await queueMail({
      to: patient.email,
      message: { subject: 'Retried', text: 'Hello.', html: '<p>Hello.</p>' },
      patientId: patient.uid,
    });
    const [doc] = (await db().collection('mail').where('patientId', '==', patient.uid).get()).docs;
    const first = doc.data() as StoredMail;
    expect(first.delivery).toMatchObject({ state: 'RETRY', attempts: 1, error: expect.stringMatching(/refused it \(451\)/) });
    expect(first.nextAttemptAt!.toMillis()).toBeGreaterThan(Date.now());
    expect(await sinkMailTo(patient.email)).toEqual([]);

    // Not due yet: the backoff holds it, from the sweep too.
    expect(await sendMail(doc.id)).toBe('skipped');
    await sweepMail();
    expect((await mailDoc(doc.id)).delivery?.attempts).toBe(1);
    // A try after the backoff meets the second refusal; the sweep after the next one sends it.
    expect(await sendMail(doc.id, new Date(Date.now() + 5 * MINUTE))).toBe('retry');
    await backoffOver(doc.id);
    await sweepMail();
    expect((await mailDoc(doc.id)).delivery).toMatchObject({ state: 'SENT', attempts: 3, messageId: expect.any(String) });
    const delivered = await mailDocsOf(patient.uid);
    expect(delivered.map((m) => m.message.subject)).toEqual(['Retried']);
  });

  it(`when the sink refuses for now ${MAIL_MAX_ATTEMPTS} times, then the mail is ERROR with the reason, never tried again`, async () => {
    await failNextMail(patient.email, MAIL_MAX_ATTEMPTS + 1, 452);
    const id = await written();
    let now = Date.now();
    const outcomes = [];
    for (let i = 0; i < MAIL_MAX_ATTEMPTS; i++) {
      outcomes.push(await sendMail(id, new Date(now)));
      now += 60 * MINUTE;
    }
    expect(outcomes).toEqual([...Array<string>(MAIL_MAX_ATTEMPTS - 1).fill('retry'), 'error']);
    const doc = await mailDoc(id);
    expect(doc.delivery).toEqual({
      state: 'ERROR',
      attempts: MAIL_MAX_ATTEMPTS,
      error: expect.stringMatching(/refused it \(452\)/),
    });
    expect(doc.nextAttemptAt).toBeUndefined();
    expect(await sendMail(id, new Date(now))).toBe('skipped');
    expect(await sinkMailTo(patient.email)).toEqual([]);
  });

  it('when the sink refuses the address for good (550), then the mail is ERROR at once, never retried', async () => {
    await failNextMail(patient.email, 1, 550);
    const id = await written();
    expect(await sendMail(id)).toBe('error');
    expect((await mailDoc(id)).delivery).toEqual({
      state: 'ERROR',
      attempts: 1,
      error: expect.stringMatching(/refused it \(550\)/),
    });
    await sweepMail();
    expect(await sendMail(id, new Date(Date.now() + 60 * MINUTE))).toBe('skipped');
    expect(await sinkMailTo(patient.email)).toEqual([]);
  });
});
