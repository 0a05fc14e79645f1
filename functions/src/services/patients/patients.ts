import { FieldValue, Timestamp, type Transaction } from 'firebase-admin/firestore';
import { stopMandatesOf } from '../packages/direct-debit';
import type { PatientUpdate, RegisterInput } from '../../api/account-requests';
import { PRIVACY_NOTICE_VERSION } from '../../api/retention';
import type { Patient, PatientConsents } from '../../api/types';
import type { Caller } from '../../http/auth';
import { badRequest, conflict, HttpError, notFound } from '../../http/errors';
import { codeRef, patientRef } from '../../store/patients';
import { ghanaTimestamp } from '../../api/format';
import { notifyPatient } from '../../notifications/notify';
import { verificationCode } from '../../notifications/templates';
import { auth } from '../../store/firebase';
import { toPatient } from './patient-record';
import { sendPhoneCodeAtSignUp } from './phone-verification';
import { deleteNewsletterEntry, newsletterEntryOf } from '../public/public-forms';
import { CODE_TTL_MS, codeMatches, hashCode, makeCode, MAX_WRONG_TRIES, RESEND_WAIT_MS } from '../shared/verification-code';
import { runTransaction } from '../../store/transaction';

const NO_PATIENT = 'We could not find your patient record. Please sign up first.';
const DEAD_CODE = 'This code can no longer be used. Please tap Resend Verification Email for a new one.';
const EXPIRED_CODE = 'This code has expired (codes last 24 hours). Please tap Resend Verification Email for a new one.';
export const RESEND_TOO_SOON = 'Please wait 5 minutes before requesting another code.';

/** Stores a fresh code (replacing any other) and queues its e-mail (never an SMS), both inside the transaction. */
async function issueCode(tx: Transaction, patient: Patient): Promise<void> {
  const code = makeCode(patient.firstName, patient.lastName, patient.contactNumber);
  const now = Date.now();
  tx.set(codeRef(patient.patientId), {
    hash: hashCode(patient.patientId, code),
    sentAt: Timestamp.fromMillis(now),
    expiresAt: Timestamp.fromMillis(now + CODE_TTL_MS),
    wrongTries: 0,
  });
  // The code is in the mail's text: its copy goes when the code does (24 hours), not after 30 days.
  await notifyPatient(patient.patientId, verificationCode({ firstName: patient.firstName, code }), {
    tx,
    contact: { email: patient.emailAddress },
    channels: ['email'],
    retention: 'verificationMail',
  });
}

/**
 * `POST /patient`: one registration per Firebase user, Pending until the e-mailed code comes
 * back. The phone's own code goes by SMS after the record is stored (services/patients/phone-verification.ts).
 */
export async function registerPatient(caller: Caller, input: RegisterInput): Promise<Patient> {
  if (caller.email && input.emailAddress !== caller.email.toLowerCase()) {
    throw badRequest('Email Address must be the e-mail address you signed up with.');
  }
  const now = ghanaTimestamp();
  const { patientId: _ignored, ...fields } = input;
  const patient: Patient = {
    ...fields,
    patientId: caller.uid,
    accountStatus: 'Pending',
    userType: 'patient',
    entryDate: now,
    lastLogIn: now,
    verifyDate: '',
    wallet: 0,
    balance: 0,
    reminderPreferences: { sms: true, email: true },
    treatmentConsent: { given: true, at: now, privacyNoticeVersion: PRIVACY_NOTICE_VERSION },
  };
  await runTransaction(async (tx) => {
    if ((await tx.get(patientRef(caller.uid))).exists) {
      throw conflict('An account is already registered for this user. Please log in instead.');
    }
    tx.create(patientRef(caller.uid), patient);
    await issueCode(tx, patient);
  });
  await sendPhoneCodeAtSignUp(caller.uid);
  return patient;
}

export async function getPatient(uid: string): Promise<Patient> {
  const snap = await patientRef(uid).get();
  if (!snap.exists) throw notFound(NO_PATIENT);
  return toPatient(snap.data() as Patient);
}

/**
 * `PUT /patient/{patientId}`: the patient corrects their own details (the schema has already
 * dropped e-mail, status, role, ids and anything unknown). A new phone number is stored as +233
 * and is unconfirmed until its own SMS code comes back.
 */
export async function updatePatient(uid: string, update: PatientUpdate): Promise<Patient> {
  let numberChanged = false;
  const patient = await runTransaction(async (tx) => {
    const snap = await tx.get(patientRef(uid));
    if (!snap.exists) throw notFound(NO_PATIENT);
    const stored = snap.data() as Patient;
    const sent = Object.fromEntries(Object.entries(update).filter(([, value]) => value !== undefined)) as Partial<Patient>;
    const newNumber = sent.contactNumber !== undefined && sent.contactNumber !== stored.contactNumber;
    tx.update(patientRef(uid), newNumber ? { ...sent, phoneVerifiedAt: FieldValue.delete() } : sent);
    numberChanged = newNumber;
    const { phoneVerifiedAt: _old, ...rest } = stored;
    return toPatient({ ...(newNumber ? rest : stored), ...sent });
  });
  // A direct debit from the old number stops (docs/direct-debit.md).
  if (numberChanged) await stopMandatesOf(uid, 'phone-changed');
  return patient;
}

/** The patient's consents: treatment as given at sign-up (older accounts: their sign-up date, unversioned) and the newsletter. */
export async function getConsents(uid: string): Promise<PatientConsents> {
  const patient = await getPatient(uid);
  const newsletter = await newsletterEntryOf(patient.emailAddress);
  return {
    treatment: patient.treatmentConsent ?? {
      given: patient.consentForTreatment,
      at: patient.entryDate,
      privacyNoticeVersion: null,
    },
    marketing: newsletter ? { subscribed: true, since: newsletter.date } : { subscribed: false },
  };
}

/** Withdrawing marketing consent: the newsletter entry of the account's e-mail is deleted. */
export async function withdrawMarketingConsent(uid: string): Promise<PatientConsents> {
  const patient = await getPatient(uid);
  await deleteNewsletterEntry(patient.emailAddress);
  return getConsents(uid);
}

/** `PUT /patient`: records the login time. */
export async function recordLogin(uid: string): Promise<Patient> {
  return runTransaction(async (tx) => {
    const snap = await tx.get(patientRef(uid));
    if (!snap.exists) throw notFound(NO_PATIENT);
    const lastLogIn = ghanaTimestamp();
    tx.update(patientRef(uid), { lastLogIn });
    return { ...toPatient(snap.data() as Patient), lastLogIn };
  });
}

/**
 * `POST /auth/verifypatient`: the right code activates the account and marks the sign-in's
 * e-mail verified in Firebase Auth (staff roles go only to verified addresses). A wrong try is
 * counted (that write must commit, so the failure is thrown after the transaction), and after
 * MAX_WRONG_TRIES the code is dead until a new one is sent.
 */
export async function verifyPatient(uid: string, code: string): Promise<Patient> {
  const outcome = await runTransaction(async (tx): Promise<{ patient: Patient } | { error: HttpError }> => {
    const [patientSnap, codeSnap] = await Promise.all([tx.get(patientRef(uid)), tx.get(codeRef(uid))]);
    if (!patientSnap.exists) throw notFound(NO_PATIENT);
    const patient = toPatient(patientSnap.data() as Patient);
    if (patient.accountStatus === 'Activated') return { patient };
    const record = codeSnap.data();
    if (!record || record.wrongTries >= MAX_WRONG_TRIES) return { error: badRequest(DEAD_CODE) };
    if (record.expiresAt.toMillis() <= Date.now()) return { error: badRequest(EXPIRED_CODE) };
    if (!codeMatches(uid, code, record.hash)) {
      const wrongTries = record.wrongTries + 1;
      tx.update(codeRef(uid), { wrongTries });
      const left = MAX_WRONG_TRIES - wrongTries;
      const msg =
        left > 0
          ? `That verification code is not correct. You have ${left} ${left === 1 ? 'try' : 'tries'} left.`
          : `That verification code is not correct. ${DEAD_CODE}`;
      return { error: badRequest(msg) };
    }
    const verified: Patient = { ...patient, accountStatus: 'Activated', verifyDate: ghanaTimestamp() };
    tx.update(patientRef(uid), { accountStatus: verified.accountStatus, verifyDate: verified.verifyDate });
    tx.delete(codeRef(uid));
    return { patient: verified };
  });
  if ('error' in outcome) throw outcome.error;
  await markEmailVerified(uid, outcome.patient.emailAddress);
  return outcome.patient;
}

/** The code proved the mailbox: Firebase Auth says so too, when the sign-in's address is that one. Idempotent. */
async function markEmailVerified(uid: string, emailAddress: string): Promise<void> {
  const user = await auth().getUser(uid);
  if (user.emailVerified || user.email?.toLowerCase() !== emailAddress.toLowerCase()) return;
  await auth().updateUser(uid, { emailVerified: true });
}

/** `POST /auth/patient`: a new code, at most one per RESEND_WAIT_MS. */
export async function resendCode(uid: string): Promise<void> {
  await runTransaction(async (tx) => {
    const [patientSnap, codeSnap] = await Promise.all([tx.get(patientRef(uid)), tx.get(codeRef(uid))]);
    if (!patientSnap.exists) throw notFound(NO_PATIENT);
    const patient = toPatient(patientSnap.data() as Patient);
    if (patient.accountStatus === 'Activated') throw conflict('Your account is already verified. Please log in.');
    const sentAt = codeSnap.data()?.sentAt.toMillis();
    if (sentAt !== undefined && Date.now() - sentAt < RESEND_WAIT_MS) throw new HttpError(429, RESEND_TOO_SOON);
    await issueCode(tx, patient);
  });
}
