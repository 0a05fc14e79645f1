/**
 * How long the clinic keeps each kind of data (Ghana's Data Protection Act, Act 843): the
 * server stamps documents with these periods (an `expireAt` that a Firestore TTL policy in
 * firestore.indexes.json acts on) and the privacy page prints them from here, so what the
 * page promises is what the code does. Pure TypeScript, no imports: the site bundles it.
 */

/** The privacy notice's version: stored with every consent given at sign-up. Change it when the notice changes. */
export const PRIVACY_NOTICE_VERSION = '2026-11-26';

const DAY_MS = 24 * 60 * 60 * 1000;

/** Days each stamped kind of document lives before Firestore's TTL policy deletes it. */
export const RETENTION_DAYS = {
  /** Queued e-mails (the `mail` collection) and text messages (`sms`). */
  mail: 30,
  sms: 30,
  /** A verification code's mail lives as long as the code (24 hours): the code is in its text. */
  verificationMail: 1,
  /** The mail confirming an erased account: the last trace of the address, gone within a day. */
  erasureMail: 1,
  /** Contact messages (`feedback`) and organisation enquiries (`enquiries`), from the day they arrive. */
  feedback: 730,
  enquiries: 730,
} as const;

export type RetainedKind = keyof typeof RETENTION_DAYS;

/** When a document of this kind, written at `from`, is deleted. */
export const expiryOf = (kind: RetainedKind, from: Date = new Date()): Date =>
  new Date(from.getTime() + RETENTION_DAYS[kind] * DAY_MS);

/**
 * Records the law makes us keep, in years (no TTL while the account is open: they outlive
 * it). Medical records: 10 years after the last appointment (docs/record.md says how this
 * figure was chosen); an erased account's clinical record carries an `expireAt` that day.
 */
export const LEGAL_RETENTION_YEARS = { medicalRecords: 10, payments: 6 } as const;

/** When an erased account's clinical record is deleted: LEGAL_RETENTION_YEARS.medicalRecords after its last appointment day. */
export function clinicalRecordsKeptUntil(lastAppointmentDay: string): Date {
  const last = new Date(`${lastAppointmentDay}T00:00:00Z`);
  last.setUTCFullYear(last.getUTCFullYear() + LEGAL_RETENTION_YEARS.medicalRecords);
  return last;
}

/** A recent sign-in, for deleting an account: the ID token's auth_time must be this fresh. */
export const RECENT_SIGN_IN_MINUTES = 5;

/** The privacy page's table "How long we keep it": every period above, in words. */
export const RETENTION_TABLE: readonly (readonly [what: string, howLong: string])[] = [
  [
    'Your account (name, contact, gender, location, consent)',
    'While your account is open. When you delete it (Profile, Delete my account), it is erased at once.',
  ],
  [
    'Appointments and your medical record (your health problem, the doctor’s notes, prescriptions, lab requests and results)',
    'While your account is open, so your doctors can see your history. If you delete your account, your name, contact, location, ' +
      'health problem and uploaded prescription photos are removed at once; the medical record itself (the doctor’s notes, ' +
      `prescriptions, lab requests and results) is kept without your name under a random reference for ${LEGAL_RETENTION_YEARS.medicalRecords} ` +
      'years after your last appointment, as a health facility must keep its medical records, and then deleted.',
  ],
  [
    'Video visits',
    'Never recorded: sound and picture go straight between you and the doctor. Who joined and when, how the visit was held ' +
      `(video, audio or phone) and its chat are kept with the appointment (${LEGAL_RETENTION_YEARS.medicalRecords} years); ` +
      'the connection messages between the two devices are deleted within a day. If you delete your account, the chat is deleted at once.',
  ],
  [
    'Payment records (amount, reference, status)',
    `${LEGAL_RETENTION_YEARS.payments} years, for tax and audit, without your name or contact once you delete your account; ` +
      'card and mobile money details never reach us.',
  ],
  [
    'Newsletter e-mail address',
    'Until you unsubscribe or withdraw marketing consent on your profile: then it is deleted at once.',
  ],
  [
    'Messages and organisation enquiries',
    `${RETENTION_DAYS.feedback / 365} years after we receive them, then deleted (at once if you delete your account and sent them from its e-mail).`,
  ],
  [
    'E-mails and text messages we send you (copies kept to deliver them)',
    `${RETENTION_DAYS.mail} days; a verification code's e-mail ${RETENTION_DAYS.verificationMail * 24} hours, as long as the code works.`,
  ],
  ['Request counters that stop spam (a one-way hash of your network address)', 'A few minutes.'],
];
