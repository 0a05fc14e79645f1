// @ts-check
// Locally no mail leaves the machine: `npm start` prints each new document of the `mail`
// collection (Trigger Email shape) so a person trying the site can read, say, their
// verification code. The Node Firestore emulator has no listeners, so this polls by
// createdAt once a second and remembers in memory what it has printed.
import { deleteApp, initializeApp } from 'firebase-admin/app';
import { getFirestore, Timestamp } from 'firebase-admin/firestore';
import { EMULATOR_ENV, PROJECT_ID } from './ports.mjs';

const MAIL_COLLECTION = 'mail'; // COLLECTIONS.mail in functions/src/store/collections.ts

/** @param {{ to?: unknown, message?: { subject?: unknown, text?: unknown } }} mail */
export function formatMail(mail) {
  const text = String(mail.message?.text ?? '')
    .split('\n')
    .map((line) => `   ${line}`)
    .join('\n');
  return `\n✉  Mail to ${String(mail.to)}: ${String(mail.message?.subject ?? '(no subject)')}\n${text}\n`;
}

/** Starts printing mails queued from now on; returns stop(). */
export function startMailPrinter({ intervalMs = 1000, log = console.log } = {}) {
  Object.assign(process.env, EMULATOR_ENV);
  const app = initializeApp({ projectId: PROJECT_ID }, 'mail-printer');
  const mail = getFirestore(app).collection(MAIL_COLLECTION);
  let cursor = Timestamp.now();
  /** Ids printed at the cursor's instant: the next query starts there again (>=). */
  let printedAtCursor = new Set();
  let timer = /** @type {NodeJS.Timeout | undefined} */ (undefined);
  let stopped = false;

  const poll = async () => {
    try {
      const snap = await mail.where('createdAt', '>=', cursor).orderBy('createdAt').get();
      for (const doc of snap.docs) {
        const createdAt = /** @type {Timestamp} */ (doc.get('createdAt'));
        if (printedAtCursor.has(doc.id)) continue;
        log(formatMail(doc.data()));
        if (!createdAt.isEqual(cursor)) {
          cursor = createdAt;
          printedAtCursor = new Set();
        }
        printedAtCursor.add(doc.id);
      }
    } catch {
      // The emulator may be briefly busy; the next poll tries again.
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
