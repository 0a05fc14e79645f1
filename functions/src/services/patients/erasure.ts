import { randomUUID } from 'node:crypto';
import { Timestamp } from 'firebase-admin/firestore';
import { appointmentStartsAt } from '../../api/policy';
import { conflict } from '../../http/errors';
import { clinicalRecordsKeptUntil } from '../../api/retention';
import { fileRefsOf } from '../../store/files';
import {
  anonymised,
  appointmentFileDoc,
  erasedFile,
  commitErasure,
  auditErasureWrites,
  erasureAuditEntry,
  keptRecordsOf,
  type ErasureWrite,
  type KeptRecord,
} from '../../store/erasure';
import { auth } from '../../store/firebase';
import { mailRefsTo } from '../../store/mail';
import { claimedRecordRefs, codeRef, findPatient, patientRef, phoneCodeRef } from '../../store/patients';
import { dependantRefsOf, trialClaimRef } from '../../store/subscriptions';
import { mandateRefsOf, stopMandatesOf } from '../packages/direct-debit';
import { COLLECTIONS } from '../../store/collections';
import { queueMail } from '../../notifications/mail';
import { noticeMail } from '../../notifications/notify';
import { accountErased } from '../../notifications/templates';
import { smsRefsOf } from '../../store/sms';
import { ussdRefsOf } from '../../store/ussd';
import { phonePinRef } from '../../store/phone-pins';
import { visitErasureWrites } from '../../store/visits';
import { CHECKOUT_IN_PROGRESS_MS } from '../payments/recheck';
import { deleteNewsletterEntry, formsSentFrom } from '../public/public-forms';

export const UPCOMING_APPOINTMENT =
  'You have an upcoming appointment. Please cancel it first (Dashboard, Appointments, Cancel), then delete your account: ' +
  'a paid one is refunded under our cancellation policy.';
export const CHECKOUT_IN_PROGRESS =
  'A payment of yours may still be in progress. Please wait 15 minutes (or finish or cancel the payment), then delete your account.';

const ACTIVE_STATES = ['Pending', 'Accepted', 'OnTheWay'];

const millisOf = (v: unknown): number | undefined =>
  v instanceof Timestamp ? v.toMillis() : typeof v === 'string' && v ? Date.parse(v) : undefined;

/** An appointment still to come that a doctor or nurse expects: it must be cancelled under the policy first. */
function isUpcoming(record: KeptRecord, now: Date): boolean {
  if (record.collection !== COLLECTIONS.appointments) return false;
  const a = record.snap.data();
  if (!ACTIVE_STATES.includes(String(a.appointmentStatus))) return false;
  return appointmentStartsAt({ requestedDay: String(a.requestedDay), requestedTime: a.requestedTime ?? null }) > now;
}

/** A checkout the patient may be paying right now: its callback must find the record as it was. */
function hasLiveCheckout(record: KeptRecord, now: Date): boolean {
  const started = millisOf(record.snap.get('checkoutStartedAt'));
  return (
    record.snap.get('paymentStatus') === 'Unpaid' && started !== undefined && now.getTime() - started < CHECKOUT_IN_PROGRESS_MS
  );
}

/** Refuses (409, saying what to do) while erasing would drop a booking or a payment on the floor. */
function assertNothingOpen(records: KeptRecord[], now: Date): void {
  if (records.some((r) => isUpcoming(r, now))) throw conflict(UPCOMING_APPOINTMENT);
  if (records.some((r) => hasLiveCheckout(r, now))) throw conflict(CHECKOUT_IN_PROGRESS);
}

/** The day of the patient's last appointment (today when they had none): the clinical record's retention counts from it. */
function lastAppointmentDay(records: KeptRecord[], now: Date): string {
  const days = records
    .filter((r) => r.collection === COLLECTIONS.appointments)
    .map((r) => String(r.snap.get('requestedDay') ?? ''))
    .filter((day) => /^\d{4}-\d{2}-\d{2}$/.test(day));
  return days.sort().at(-1) ?? now.toISOString().slice(0, 10);
}

/**
 * `DELETE /patient/{patientId}` (docs/security.md): the Auth user, profile,
 * prescription files, codes, newsletter entry, contact messages, enquiries and old mails go;
 * appointments, orders, subscriptions, payments and refunds stay for the law's periods under
 * a random id, without name or contact. The clinical record (visit notes on the
 * appointments, prescriptions, lab requests, result files) is kept so too, and deleted by
 * its TTL policy LEGAL_RETENTION_YEARS.medicalRecords after the last appointment (docs/record.md). Sign-in is disabled first so nothing new is booked
 * meanwhile; if a step fails, it is enabled again and the patient can simply try again.
 */
export async function eraseAccount(uid: string, signInEmail: string | undefined, now = new Date()): Promise<void> {
  const records = await keptRecordsOf(uid);
  assertNothingOpen(records, now);
  const patient = await findPatient(uid);
  const email = patient?.emailAddress || signInEmail?.toLowerCase();
  await auth().updateUser(uid, { disabled: true });
  try {
    const erasedId = `erased-${randomUUID()}`;
    const forms = email ? await formsSentFrom(email) : { feedback: [], enquiries: [] };
    const oldMails = email ? await mailRefsTo(email) : [];
    const dependants = await dependantRefsOf(uid);
    // A direct debit stops at the provider first; its record (it holds the number) goes with the rest.
    await stopMandatesOf(uid, 'erased');
    const mandates = await mandateRefsOf(uid);
    const oldSms = await smsRefsOf(uid);
    const clinicRecords = await claimedRecordRefs(uid);
    // Call-backs asked for and USSD sessions, by the account, a record it claimed or its number.
    const ussd = await ussdRefsOf([uid, ...clinicRecords.map((ref) => ref.id)], patient?.contactNumber || undefined);
    const appointmentIds = records.filter((r) => r.collection === COLLECTIONS.appointments).map((r) => r.snap.id);
    const visits = await visitErasureWrites(uid, erasedId, appointmentIds);
    const resultFiles = await fileRefsOf(uid);
    const audits = await auditErasureWrites(uid, erasedId);
    const retainUntil = clinicalRecordsKeptUntil(lastAppointmentDay(records, now));
    const writes: ErasureWrite[] = [
      ...records.map((r) => ({ ref: r.snap.ref, update: anonymised(r, erasedId, retainUntil) })),
      ...resultFiles.map((ref) => ({ ref, update: erasedFile(erasedId, retainUntil) })),
      ...records
        .filter((r) => r.collection === COLLECTIONS.appointments)
        .map((r) => ({ ref: appointmentFileDoc(r.snap.id), remove: true as const })),
      // Video visits: the record stays under the erased id, the chat goes.
      ...visits,
      ...[...forms.feedback, ...forms.enquiries].map((d) => ({ ref: d.ref, remove: true as const })),
      // The people they named for Family Care, and the trial's claim that names their uid.
      ...dependants.map((ref) => ({ ref, remove: true as const })),
      ...mandates.map((ref) => ({ ref, remove: true as const })),
      { ref: trialClaimRef(uid), remove: true },
      ...[...oldMails, ...oldSms].map((ref) => ({ ref, remove: true as const })),
      { ref: codeRef(uid), remove: true },
      { ref: phoneCodeRef(uid), remove: true },
      { ref: patientRef(uid), remove: true },
      // A clinic record the account took over names the same person.
      ...clinicRecords.map((ref) => ({ ref, remove: true as const })),
      ...ussd.map((ref) => ({ ref, remove: true as const })),
      // The phone PIN's hash, of the account and of the records it claimed.
      ...[uid, ...clinicRecords.map((ref) => ref.id)].map((id) => ({ ref: phonePinRef(id), remove: true as const })),
      ...audits,
      erasureAuditEntry(),
    ];
    await commitErasure(writes);
    if (email) {
      await deleteNewsletterEntry(email);
      // The last mail: no name in it, and its copy expires within a day (api/retention.ts erasureMail).
      await queueMail(noticeMail(email, accountErased()), undefined, 'erasureMail');
    }
    await auth().deleteUser(uid);
  } catch (err) {
    await auth()
      .updateUser(uid, { disabled: false })
      .catch(() => undefined);
    throw err;
  }
}
