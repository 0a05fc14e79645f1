// @ts-check
// The Functions emulator does not run scheduled functions, so `npm start` runs the ones that
// notifications need itself, in-process from the built code, on their production schedules:
// the SMS and mail sweeps (every minute: retries after a provider or mail server refusal) and the
// appointment reminders and follow-ups (every 5 minutes). Same code as functions/src/index.ts
// smsSweep, mailSweep and appointmentReminders.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { ROOT } from './install.mjs';
import { EMULATOR_ENV } from './ports.mjs';

/** Starts the schedules; returns stop(). */
export async function startLocalSchedules({ log = console.log } = {}) {
  Object.assign(process.env, EMULATOR_ENV);
  // The values the Functions emulator gives the functions (the SMS sandbox's and the SMTP sink's addresses and credentials).
  for (const file of ['.env.local', '.secret.local']) {
    for (const line of readFileSync(join(ROOT, 'functions', file), 'utf8').split('\n')) {
      const match = /^([A-Z_][A-Z0-9_]*)=(.*)$/.exec(line.trim());
      if (match) process.env[match[1]] ??= match[2];
    }
  }
  // The functions' own firebase-admin app first (store/firebase.ts takes the first app there is,
  // and the mail printer's is a named one of its own).
  /** @type {{ db: () => unknown }} */
  const store = await import(join(ROOT, 'functions/lib/store/firebase.js'));
  store.db();
  /** @type {{ sweepSms: (o: object) => Promise<{ looked: number, sent: number, failed: number }> }} */
  const sender = await import(join(ROOT, 'functions/lib/notifications/sms-sender.js'));
  /** @type {{ sweepMail: (o: object) => Promise<{ looked: number, sent: number, error: number }> }} */
  const mailSender = await import(join(ROOT, 'functions/lib/notifications/mail-sender.js'));
  /** @type {{ sendDueReminders: (o: object) => Promise<{ sent: number }> }} */
  const reminders = await import(join(ROOT, 'functions/lib/notifications/reminders.js'));
  /** @type {{ sendDueFollowUps: (o: object) => Promise<{ sent: number }> }} */
  const followUps = await import(join(ROOT, 'functions/lib/notifications/follow-ups.js'));

  /** @param {string} name @param {number} everyMs @param {() => Promise<string | undefined>} job */
  const every = (name, everyMs, job) => {
    let running = false;
    return setInterval(async () => {
      if (running) return;
      running = true;
      try {
        const said = await job();
        if (said) log(`${name}: ${said}`);
      } catch (err) {
        log(`${name} failed: ${err instanceof Error ? err.message : String(err)}`);
      } finally {
        running = false;
      }
    }, everyMs);
  };
  const timers = [
    every('SMS sweep', 60_000, async () => {
      const r = await sender.sweepSms({ deadline: Date.now() + 50_000 });
      return r.looked ? `${r.sent} sent, ${r.failed} failed of ${r.looked} due` : undefined;
    }),
    every('Mail sweep', 60_000, async () => {
      const r = await mailSender.sweepMail({ deadline: Date.now() + 50_000 });
      return r.looked ? `${r.sent} sent, ${r.error} not delivered of ${r.looked} due` : undefined;
    }),
    every('Reminders', 5 * 60_000, async () => {
      const r = await reminders.sendDueReminders({ deadline: Date.now() + 200_000 });
      const f = await followUps.sendDueFollowUps({ deadline: Date.now() + 40_000 });
      return r.sent || f.sent ? `${r.sent} sent, ${f.sent} follow-ups` : undefined;
    }),
  ];
  return () => {
    for (const t of timers) clearInterval(t);
  };
}
