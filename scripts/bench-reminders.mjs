// @ts-check
// `npm run bench:reminders [-- --count=2000]`: figures, not a test. Stores `count` patients and
// as many Accepted appointments due a reminder (at a moment years ahead, so nothing else is
// due then), runs the reminder job in-process (the built functions/lib, against the local
// stack's Firestore emulator and SMS sandbox), then runs it again, and prints the time and
// the counts: each reminder, mail and SMS must exist exactly once.
import { randomUUID } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { ROOT } from './lib/install.mjs';
import { EMULATOR_ENV, HOST, PORTS } from './lib/ports.mjs';
import { withStack } from './lib/running-stack.mjs';

const count = Number(process.argv.find((a) => a.startsWith('--count='))?.slice(8) ?? 2000);
const HOUR = 3_600_000;

// What the Functions emulator reads: the SMS API's address and credentials (the sandbox's).
Object.assign(process.env, EMULATOR_ENV);
for (const file of ['.env.local', '.secret.local']) {
  for (const line of readFileSync(join(ROOT, 'functions', file), 'utf8').split('\n')) {
    const match = /^([A-Z_][A-Z0-9_]*)=(.*)$/.exec(line.trim());
    if (match) process.env[match[1]] ??= match[2];
  }
}

const { Timestamp } = await import('firebase-admin/firestore');
/** @type {any} */
const store = await import(join(ROOT, 'functions/lib/store/firebase.js'));
/** @type {any} */
const reminders = await import(join(ROOT, 'functions/lib/notifications/reminders.js'));
const db = store.db();

/** Writes in batches of 500 (Firestore's limit). */
async function writeAll(/** @type {[any, object][]} */ docs) {
  for (let i = 0; i < docs.length; i += 500) {
    const batch = db.batch();
    for (const [ref, data] of docs.slice(i, i + 500)) batch.set(ref, data);
    await batch.commit();
  }
}

async function main() {
  const run = randomUUID().slice(0, 8);
  const prefix = `bench-${run}-`;
  const now = new Date(Date.UTC(2150 + Math.floor(Math.random() * 40), 0, 1, 6));
  const phones = new Set();
  /** @type {[any, object][]} */
  const patients = [];
  /** @type {[any, object][]} */
  const appointments = [];
  for (let i = 0; i < count; i++) {
    const uid = `${prefix}${String(i).padStart(5, '0')}`;
    const phone = `+23320${String(i).padStart(7, '0')}`;
    phones.add(phone);
    patients.push([
      db.collection('patients').doc(uid),
      { patientId: uid, firstName: 'Esi', lastName: `Bench ${i}`, emailAddress: `${uid}@example.com`, contactNumber: phone },
    ]);
    // Spread over the next day: a twelfth within 2 hours (the 2-hour kind), the rest the 24-hour kind.
    const start = new Date(now.getTime() + HOUR / 2 + ((i * 23 * HOUR) / count - (((i * 23 * HOUR) / count) % 60_000)));
    appointments.push([
      db.collection('appointments').doc(`${uid}-a`),
      {
        appointmentId: `${uid}-a`,
        patientId: uid,
        firstName: 'Esi',
        lastName: `Bench ${i}`,
        requestedService: 'Virtual Consultation',
        requestedServiceId: 1,
        requestedDay: start.toISOString().slice(0, 10),
        requestedTime: start.toISOString().slice(11, 16),
        startsAt: Timestamp.fromDate(start),
        appointmentStatus: 'Accepted',
        paymentStatus: 'Paid',
        clientReference: `B${String(i).padStart(9, '0')}`,
        createdAt: Timestamp.fromDate(new Date()),
      },
    ]);
  }
  console.log(`Storing ${count} patients and ${count} Accepted appointments due a reminder...`);
  await writeAll([...patients, ...appointments]);

  const began = Date.now();
  const first = await reminders.sendDueReminders({ now, deadline: Date.now() + 15 * 60_000 });
  const firstMs = Date.now() - began;
  const again = Date.now();
  const second = await reminders.sendDueReminders({ now, deadline: Date.now() + 15 * 60_000 });
  const secondMs = Date.now() - again;

  const inRun = (/** @type {string} */ name) =>
    db.collection(name).where('patientId', '>=', prefix).where('patientId', '<', `${prefix}\uf8ff`).get();
  const [sms, mail, records] = await Promise.all([
    inRun('sms'),
    inRun('mail'),
    db.collection('reminders').where('appointmentId', '>=', prefix).where('appointmentId', '<', `${prefix}\uf8ff`).get(),
  ]);
  // Sends not finished within the request's bound finish in the background: wait for them.
  const deadline = Date.now() + 120_000;
  let sent = 0;
  for (;;) {
    const snap = await inRun('sms');
    sent = snap.docs.filter((/** @type {any} */ d) => d.get('status') === 'Sent').length;
    if (sent >= snap.size || Date.now() > deadline) break;
    await new Promise((r) => setTimeout(r, 1000));
  }
  const atSandbox = /** @type {{ messages: { to: string }[] }} */ (
    await (await fetch(`http://${HOST}:${PORTS.paymentSandbox}/__control/sms`)).json()
  ).messages.filter((m) => phones.has(m.to));
  const perPhone = new Map();
  for (const m of atSandbox) perPhone.set(m.to, (perPhone.get(m.to) ?? 0) + 1);

  const figures = {
    appointments: count,
    firstRun: { ...first, seconds: Math.round(firstMs / 100) / 10, perSecond: Math.round(first.sent / (firstMs / 1000)) },
    secondRun: { ...second, seconds: Math.round(secondMs / 100) / 10 },
    reminderRecords: records.size,
    mails: mail.size,
    smsDocuments: sms.size,
    smsSent: sent,
    smsAtSandbox: atSandbox.length,
    numbersTextedTwice: [...perPhone.values()].filter((n) => n > 1).length,
  };
  console.log(JSON.stringify(figures, null, 2));
  const once =
    first.sent === count &&
    second.sent === 0 &&
    records.size === count &&
    mail.size === count &&
    sms.size === count &&
    atSandbox.length === count &&
    figures.numbersTextedTwice === 0;
  console.log(once ? 'Each reminder, mail and SMS exactly once.' : 'NOT exactly once: see the counts above.');
  return once;
}

const ok = await withStack(main);
process.exit(ok ? 0 : 1);
