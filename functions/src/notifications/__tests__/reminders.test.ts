import { appointmentRef } from '../../store/appointments';
import { db } from '../../store/firebase';
import { createTestUser, type TestUser } from '../../test-support/auth';
import { freshPhone, setPatientContact, smsDocsOf, smsSentTo, eventually } from '../../test-support/sms';
import { mailDocsOf } from '../../test-support/mail';
import { reminderDue, sendDueReminders } from '../reminders';
import { sampleAppointment } from './sample-appointment';

/**
 * The reminder run in-process against the emulators. Each test runs at a `now` of its own,
 * years ahead, so the appointments of other tests are never in its 24-hour window.
 */
const HOUR = 3_600_000;

const ownNow = () =>
  new Date(Date.UTC(2090 + Math.floor(Math.random() * 60), 0, 1) + Math.floor(Math.random() * 360) * 24 * HOUR);

async function patientWithPhone(prefs?: { sms: boolean; email: boolean }): Promise<TestUser & { phone: string }> {
  const user = await createTestUser();
  const phone = freshPhone();
  await setPatientContact(user.uid, { contactNumber: phone, ...(prefs ? { reminderPreferences: prefs } : {}) });
  return { ...user, phone };
}

/** An appointment starting `hoursAhead` after `now` (Ghana time is UTC), stored through the converter (startsAt). */
async function appointmentAt(now: Date, hoursAhead: number, patientId: string, fields: Record<string, unknown>) {
  const start = new Date(now.getTime() + hoursAhead * HOUR);
  const ref = db().collection('appointments').doc();
  const a = sampleAppointment({
    appointmentId: ref.id,
    patientId,
    requestedDay: start.toISOString().slice(0, 10),
    requestedTime: start.toISOString().slice(11, 16),
    ...fields,
  });
  await appointmentRef(ref.id).create(a);
  return ref.id;
}

const reminderRecords = async (appointmentId: string) =>
  (await db().collection('reminders').where('appointmentId', '==', appointmentId).get()).docs.map((d) => d.id);

describe('appointment reminders', () => {
  it('reminderDue: the nearer window, nothing past or beyond a day', () => {
    const now = new Date('2026-12-01T08:00:00Z');
    expect(reminderDue(new Date('2026-12-02T08:00:00Z'), now)).toBe('24h');
    expect(reminderDue(new Date('2026-12-01T10:00:00Z'), now)).toBe('2h');
    expect(reminderDue(new Date('2026-12-02T08:01:00Z'), now)).toBeUndefined();
    expect(reminderDue(new Date('2026-12-01T07:59:00Z'), now)).toBeUndefined();
    // 10 minutes before: a video visit's own reminder; anything else is still in its 2-hour window.
    expect(reminderDue(new Date('2026-12-01T08:10:00Z'), now, { visit: true })).toBe('10m');
    expect(reminderDue(new Date('2026-12-01T08:11:00Z'), now, { visit: true })).toBe('2h');
    expect(reminderDue(new Date('2026-12-01T08:10:00Z'), now)).toBe('2h');
  });

  it('a video visit that will open gets one more reminder 10 minutes before, with its join link; others do not', async () => {
    const now = ownNow();
    const p = await patientWithPhone();
    const paid = { appointmentStatus: 'Accepted', paymentStatus: 'Paid' };
    const visit = await appointmentAt(now, 8 / 60, p.uid, paid);
    const dietary = await appointmentAt(now, 9 / 60, p.uid, {
      ...paid,
      requestedServiceId: 5,
      requestedServiceOption: 'VIRTUAL',
      requestedService: 'Dietary Management',
    });
    const home = await appointmentAt(now, 8 / 60, p.uid, { ...paid, requestedServiceId: 2, requestedService: 'Home visit' });
    const notAccepted = await appointmentAt(now, 8 / 60, p.uid, { appointmentStatus: 'Pending', paymentStatus: 'Paid' });
    const tomorrow = await appointmentAt(now, 20, p.uid, paid);

    const [first, second] = await Promise.all([sendDueReminders({ now }), sendDueReminders({ now })]);
    expect(first.sent + second.sent).toBe(5);
    expect(await sendDueReminders({ now })).toMatchObject({ sent: 0 });
    expect(await reminderRecords(visit)).toEqual([`${visit}_10m`]);
    expect(await reminderRecords(dietary)).toEqual([`${dietary}_10m`]);
    expect(await reminderRecords(home)).toEqual([`${home}_2h`]);
    expect(await reminderRecords(notAccepted)).toEqual([`${notAccepted}_2h`]);
    expect(await reminderRecords(tomorrow)).toEqual([`${tomorrow}_24h`]);

    const texts = await eventually(
      () => smsSentTo(p.phone),
      (m) => m.length === 5,
    );
    const link = (id: string) => `http://127.0.0.1:5000/visit/${id}`;
    const textOf = (id: string) => texts.find((t) => t.content.includes(id))?.content;
    expect(textOf(visit)).toMatch(
      /^ExpMed Health: Reminder: your Virtual Consultation is in 8 minutes, .* Join the video visit: /,
    );
    expect(textOf(visit)).toContain(link(visit));
    expect(textOf(dietary)).toContain(link(dietary));
    expect(textOf(tomorrow)).toContain(link(tomorrow));
    expect(texts.filter((t) => t.content.includes('/visit/'))).toHaveLength(4); // not the home visit
    const mails = await mailDocsOf(p.uid);
    expect(mails.filter((m) => m.event === 'reminder.10m')).toHaveLength(2);
  });

  it('accepted and paid appointments get their reminder once, whatever runs twice; unpaid, cancelled ones none', async () => {
    const now = ownNow();
    const p = await patientWithPhone();
    const accepted = await appointmentAt(now, 20, p.uid, { appointmentStatus: 'Accepted' });
    const paid = await appointmentAt(now, 1.5, p.uid, { appointmentStatus: 'Pending', paymentStatus: 'Paid' });
    const unpaid = await appointmentAt(now, 20, p.uid, { appointmentStatus: 'Pending', paymentStatus: 'Unpaid' });
    const cancelled = await appointmentAt(now, 20, p.uid, { appointmentStatus: 'Cancelled' });
    const later = await appointmentAt(now, 30, p.uid, { appointmentStatus: 'Accepted' });

    const first = await sendDueReminders({ now });
    expect(first).toMatchObject({ sent: 2, failed: 0, complete: true });
    const [second, third] = await Promise.all([sendDueReminders({ now }), sendDueReminders({ now })]);
    expect(second.sent + third.sent).toBe(0);

    expect(await reminderRecords(accepted)).toEqual([`${accepted}_24h`]);
    expect(await reminderRecords(paid)).toEqual([`${paid}_2h`]);
    for (const none of [unpaid, cancelled, later]) expect(await reminderRecords(none)).toEqual([]);

    // Only reminders are read: the clinic's expiry sweep, on real time while `now` is made up,
    // may meanwhile expire the unpaid one and tell the patient so (another suite runs it).
    const reminders = <T extends object>(docs: T[]) =>
      docs.filter((d) => String((d as { event?: unknown }).event).startsWith('reminder.'));
    const sms = reminders(await smsDocsOf(p.uid));
    expect(sms.map((s) => s.event).sort()).toEqual(['reminder.24h', 'reminder.2h']);
    const mails = reminders(await mailDocsOf(p.uid));
    expect(mails.map((m) => m.event).sort()).toEqual(['reminder.24h', 'reminder.2h']);
    const reminderTexts = async () => (await smsSentTo(p.phone)).filter((t) => t.content.includes(': Reminder: '));
    const texts = await eventually(reminderTexts, (m) => m.length === 2);
    expect(texts.map((t) => t.content).sort()).toEqual([
      // 1.5 hours ahead and, as `now` is midnight, 20 hours ahead on the same day.
      expect.stringMatching(/^ExpMed Health: Reminder: your Virtual Consultation is in 1 hour 30 minutes/),
      expect.stringMatching(/^ExpMed Health: Reminder: your Virtual Consultation is today/),
    ]);

    // Two hours before, the 24-hour one's appointment gets its second reminder, once (and the
    // later one, now within a day, its first).
    const twoHoursBefore = new Date(now.getTime() + 18.5 * HOUR);
    await Promise.all([sendDueReminders({ now: twoHoursBefore }), sendDueReminders({ now: twoHoursBefore })]);
    expect((await reminderRecords(accepted)).sort()).toEqual([`${accepted}_24h`, `${accepted}_2h`]);
    expect(await reminderRecords(later)).toEqual([`${later}_24h`]);
    expect(reminders(await smsDocsOf(p.uid))).toHaveLength(4);
  });

  it('reminders obey the opt-outs: SMS off -> the e-mail only', async () => {
    const now = ownNow();
    const p = await patientWithPhone({ sms: false, email: true });
    const id = await appointmentAt(now, 10, p.uid, { appointmentStatus: 'Accepted' });
    expect(await sendDueReminders({ now })).toMatchObject({ sent: 1 });
    expect(await reminderRecords(id)).toEqual([`${id}_24h`]);
    expect(await smsDocsOf(p.uid)).toHaveLength(0);
    expect(await mailDocsOf(p.uid)).toHaveLength(1);
  });
});
