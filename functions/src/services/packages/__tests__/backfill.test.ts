import { Timestamp } from 'firebase-admin/firestore';
import { appointmentRef } from '../../../store/appointments';
import { COLLECTIONS } from '../../../store/collections';
import { db } from '../../../store/firebase';
import { sendDueReminders } from '../../../notifications/reminders';
import { reminderRef } from '../../../store/reminders';
import { sampleAppointment } from '../../../notifications/__tests__/sample-appointment';
import { runBackfill } from '../backfill';
import { runSubscriptionCalendar } from '../subscription-calendar';

/**
 * Records written before the scheduled jobs, stored straight through firebase-admin in their
 * old shape, take part in the jobs after `npm run backfill`. The appointment is years ahead,
 * so the reminder run at that moment sees no other test's appointments.
 */
const HOUR = 3_600_000;
const DAY = 24 * HOUR;

const raw = (collection: string, id: string) => db().collection(collection).doc(id);
const stored = async (collection: string, id: string) => (await raw(collection, id).get()).data()!;

function oldAppointment(id: string, start: Date | undefined) {
  const fields = sampleAppointment({
    appointmentId: id,
    patientId: `old-patient-${id}`,
    appointmentStatus: 'Accepted',
    requestedDay: (start ?? new Date('2150-01-01')).toISOString().slice(0, 10),
    requestedTime: start ? start.toISOString().slice(11, 16) : null,
  });
  return raw(COLLECTIONS.appointments, id).set({ ...fields, createdAt: Timestamp.now() });
}

function oldSubscription(id: string, paymentStatus: 'Paid' | 'Unpaid', start: number, end: number) {
  return raw(COLLECTIONS.subscriptions, id).set({
    patientId: `old-patient-${id}`,
    emailAddress: 'old@example.com',
    packageId: 'individual',
    packageTitle: 'Individual',
    paymentStatus,
    isActive: paymentStatus === 'Paid',
    startDate: new Date(start).toISOString(),
    endDate: new Date(end).toISOString(),
    createdAt: Timestamp.fromMillis(start),
  });
}

describe('npm run backfill', () => {
  it('gives old appointments and subscriptions the fields the scheduled jobs query, once, and leaves new ones alone', async () => {
    const now = new Date();
    const tag = `${now.getTime()}-${Math.floor(Math.random() * 1e6)}`;
    const reminderNow = new Date(Date.UTC(2150 + Math.floor(Math.random() * 40), 0, 1) + Math.floor(Math.random() * 300) * DAY);
    const due = `old-due-${tag}`;
    const untimed = `old-untimed-${tag}`;
    await oldAppointment(due, new Date(reminderNow.getTime() + 20 * HOUR));
    await oldAppointment(untimed, undefined);
    const current = `new-${tag}`;
    await appointmentRef(current).create(
      sampleAppointment({
        appointmentId: current,
        appointmentStatus: 'Accepted',
        requestedDay: '2149-06-01',
        requestedTime: '10:00',
      }),
    );

    const endingSoon = now.getTime() + 60_000;
    const running = `old-running-${tag}`;
    const ended = `old-ended-${tag}`;
    const unpaid = `old-unpaid-${tag}`;
    await oldSubscription(running, 'Paid', endingSoon - 30 * DAY, endingSoon);
    await oldSubscription(ended, 'Paid', now.getTime() - 90 * DAY, now.getTime() - 60 * DAY);
    await oldSubscription(unpaid, 'Unpaid', now.getTime(), now.getTime() + 30 * DAY);
    const newShaped = `new-sub-${tag}`;
    await raw(COLLECTIONS.subscriptions, newShaped).set({
      patientId: `old-patient-${newShaped}`,
      packageId: 'individual',
      paymentStatus: 'Paid',
      status: 'Cancelled',
      renews: false,
      periodStart: Timestamp.fromMillis(now.getTime() - 40 * DAY),
      periodEnd: Timestamp.fromMillis(now.getTime() - 10 * DAY),
    });
    const beforeRun = {
      appointment: (await raw(COLLECTIONS.appointments, current).get()).updateTime,
      subscription: (await raw(COLLECTIONS.subscriptions, newShaped).get()).updateTime,
    };

    const first = await runBackfill({ now });
    expect(first.appointments.updated).toBeGreaterThanOrEqual(1);
    expect(first.subscriptions.updated).toBeGreaterThanOrEqual(3);

    expect((await stored(COLLECTIONS.appointments, due)).startsAt).toEqual(
      Timestamp.fromDate(new Date(reminderNow.getTime() + 20 * HOUR - (reminderNow.getTime() % 60_000))),
    );
    expect((await stored(COLLECTIONS.appointments, untimed)).startsAt).toBeUndefined();
    expect((await raw(COLLECTIONS.appointments, current).get()).updateTime).toEqual(beforeRun.appointment);
    expect((await raw(COLLECTIONS.subscriptions, newShaped).get()).updateTime).toEqual(beforeRun.subscription);

    expect(await stored(COLLECTIONS.subscriptions, running)).toMatchObject({
      status: 'Active',
      renews: true,
      periodStart: Timestamp.fromMillis(endingSoon - 30 * DAY),
      periodEnd: Timestamp.fromMillis(endingSoon),
    });
    expect(await stored(COLLECTIONS.subscriptions, ended)).toMatchObject({ status: 'Expired', isActive: false, renews: false });
    expect(await stored(COLLECTIONS.subscriptions, unpaid)).toMatchObject({ status: 'Pending', renews: true });

    // Once: a second run changes none of these records. (Not its counts: other files store
    // old-shaped records meanwhile, which it rightly fills; a CI run saw 3.)
    const ours = [
      [COLLECTIONS.appointments, due],
      [COLLECTIONS.appointments, untimed],
      [COLLECTIONS.subscriptions, running],
      [COLLECTIONS.subscriptions, ended],
      [COLLECTIONS.subscriptions, unpaid],
    ] as const;
    const updateTimes = () => Promise.all(ours.map(async ([collection, id]) => (await raw(collection, id).get()).updateTime));
    const afterFirst = await updateTimes();
    await runBackfill({ now });
    expect(await updateTimes()).toEqual(afterFirst);

    // The jobs now find them: the reminder goes out, the period that ends is expired.
    await sendDueReminders({ now: reminderNow });
    expect((await reminderRef(due, '24h').get()).exists).toBe(true);
    await runSubscriptionCalendar({ now: new Date(endingSoon + 1000), only: [running] });
    expect(await stored(COLLECTIONS.subscriptions, running)).toMatchObject({ status: 'Expired', isActive: false });
  });
});
