// @ts-check
// Locally no mail leaves the machine: `npm start` prints each new document of the `mail`
// collection (Trigger Email shape) so a person trying the site can read, say, their
// verification code; SMS (the `sms` outbox) likewise. The Node Firestore emulator has no listeners, so this polls by
// createdAt once a second and remembers in memory what it has printed.
import { deleteApp, initializeApp } from 'firebase-admin/app';
import { getFirestore, Timestamp } from 'firebase-admin/firestore';
import { EMULATOR_ENV, PROJECT_ID } from './ports.mjs';

const MAIL_COLLECTION = 'mail'; // COLLECTIONS.mail in functions/src/store/collections.ts
const SMS_COLLECTION = 'sms'; // COLLECTIONS.sms

/** @param {{ to?: unknown, message?: { subject?: unknown, text?: unknown } }} mail */
export function formatMail(mail) {
  const text = String(mail.message?.text ?? '')
    .split('\n')
    .map((line) => `   ${line}`)
    .join('\n');
  return `\n✉  Mail to ${String(mail.to)}: ${String(mail.message?.subject ?? '(no subject)')}\n${text}\n`;
}

/** @param {{ to?: unknown, body?: unknown }} sms */
export function formatSms(sms) {
  return `\n✆  SMS to ${String(sms.to)}:\n   ${String(sms.body ?? '')}\n`;
}

/** Starts printing mails and SMS queued from now on; returns stop(). */
export function startMailPrinter({ intervalMs = 1000, log = console.log } = {}) {
  Object.assign(process.env, EMULATOR_ENV);
  const app = initializeApp({ projectId: PROJECT_ID }, 'mail-printer');
  const started = Timestamp.now();
  const feeds = [
    { collection: getFirestore(app).collection(MAIL_COLLECTION), format: formatMail },
    { collection: getFirestore(app).collection(SMS_COLLECTION), format: formatSms },
  ].map((feed) => ({
    ...feed,
    cursor: started,
    /** Ids printed at the cursor's instant: the next query starts there again (>=). */
    printedAtCursor: new Set(),
  }));
  let timer = /** @type {NodeJS.Timeout | undefined} */ (undefined);
  let stopped = false;

  const poll = async () => {
    for (const feed of feeds) {
      try {
        const snap = await feed.collection.where('createdAt', '>=', feed.cursor).orderBy('createdAt').get();
        for (const doc of snap.docs) {
          const createdAt = /** @type {Timestamp} */ (doc.get('createdAt'));
          if (feed.printedAtCursor.has(doc.id)) continue;
          log(feed.format(doc.data()));
          if (!createdAt.isEqual(feed.cursor)) {
            feed.cursor = createdAt;
            feed.printedAtCursor = new Set();
          }
          feed.printedAtCursor.add(doc.id);
        }
      } catch {
        // The emulator may be briefly busy; the next poll tries again.
      }
    }
    if (!stopped) timer = setTimeout(poll, intervalMs);
  };
  timer = setTimeout(poll, intervalMs);

  return async () => {
    stopped = true;
    clearTimeout(timer);
    await deleteApp(app);
  };
}
