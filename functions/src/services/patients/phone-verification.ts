import { Timestamp, type Transaction } from 'firebase-admin/firestore';
import { logger } from 'firebase-functions';
import type { Patient } from '../../api/types';
import { badRequest, conflict, HttpError, notFound } from '../../http/errors';
import { ghanaPhone } from '../../notifications/sms-text';
import { phoneCode } from '../../notifications/templates';
import { patientRef, phoneCodeRef } from '../../store/patients';
import { runTransaction } from '../../store/transaction';
import { sendNumberCode, spendNumberCode, type PhoneCodeSent } from '../shared/number-code';
import { claimClinicRecords, type ClaimResult } from './clinic-patients';
import { toPatient } from './patient-record';

/**
 * Confirming a patient's phone number (contactNumber) with a 6-digit code sent to it by SMS:
 * `POST /patient/{patientId}/phone/code` sends one, `.../phone/verify` checks it. The e-mail
 * code activates the account (services/patients/patients.ts); this one only proves the phone. Sends
 * are limited per number and per account (api/policy.ts PHONE_CODE_SENDS_PER_HOUR), so
 * accounts typing someone else's number cannot make the clinic flood it.
 */

const NO_PATIENT = 'We could not find your patient record. Please sign up first.';
const NO_PHONE = 'Your profile has no Ghana mobile number to send a code to. Please add one in your profile first.';

/**
 * Sends a fresh code (replacing any earlier one) to the patient's stored number. 409 when
 * that number is already confirmed; 429 when the number or the account has had its codes
 * this hour (nothing sent, nothing stored).
 */
export async function sendPhoneCode(uid: string): Promise<PhoneCodeSent> {
  const snap = await patientRef(uid).get();
  const patient = snap.data();
  if (!patient) throw notFound(NO_PATIENT);
  const phone = ghanaPhone(patient.contactNumber);
  if (!phone) throw badRequest(NO_PHONE);
  if (patient.phoneVerifiedAt && !retriesClaim(patient)) throw conflict('Your phone number is already confirmed.');
  return sendNumberCode(uid, phone, phoneCodeRef(uid), phoneCode);
}

/** At sign-up: the phone's code goes with the e-mail's, unless a limit holds it back (then the patient asks later). */
export async function sendPhoneCodeAtSignUp(uid: string): Promise<void> {
  try {
    await sendPhoneCode(uid);
  } catch (err) {
    if (!(err instanceof HttpError)) throw err;
    logger.info('no phone code sent at sign-up', { uid, reason: err.message });
  }
}

/**
 * The one step that runs when a patient's phone is confirmed, inside the transaction that
 * checked the code: it records the time. Whatever else a confirmed number unlocks (records
 * the clinic keeps under that number) belongs here, so it happens exactly when, and only if,
 * the number is proven.
 */
export async function onPhoneVerified(tx: Transaction, patient: Patient, phone: string, at: Timestamp): Promise<Patient> {
  tx.update(patientRef(patient.patientId), { phoneVerifiedAt: at });
  logger.info('phone verified', { uid: patient.patientId, phoneEnd: phone.slice(-2) });
  return { ...patient, phoneVerifiedAt: at.toDate().toISOString() };
}

/**
 * A confirmed number may get a fresh code for one thing only: trying again a clinic record's
 * claim that the year of birth did not pass (docs/front-desk.md 'Claiming').
 */
const retriesClaim = (patient: Pick<Patient, 'clinicClaim'>) => patient.clinicClaim?.status === 'try-again';

/** What `phone/verify` did: the patient as now stored, and what a claim of the clinic's records under the number moved. */
export interface PhoneConfirmed {
  patient: Patient;
  claim?: ClaimResult;
}

/**
 * Checks the code: right -> `phoneVerifiedAt` is set (onPhoneVerified), the code is spent and
 * the clinic's records under the number are claimed (claimClinicRecords), once per code. A
 * wrong try is counted (that write commits, so the error is thrown after the transaction);
 * after MAX_WRONG_TRIES the code is dead. A code sent to a number the patient has since changed
 * does not confirm the new one. A number already confirmed answers as it is and claims nothing,
 * unless a claim waits for a retry: then only a fresh code retries it.
 */
export async function verifyPhone(uid: string, code: string): Promise<PhoneConfirmed> {
  const outcome = await runTransaction(async (tx): Promise<{ patient: Patient; spent?: true } | { error: HttpError }> => {
    const stored = (await tx.get(patientRef(uid))).data();
    if (!stored) throw notFound(NO_PATIENT);
    const patient = toPatient(stored);
    if (patient.phoneVerifiedAt && !retriesClaim(patient)) return { patient };
    const phone = ghanaPhone(stored.contactNumber);
    const changed = 'Your phone number has changed since this code was sent.';
    const refused = await spendNumberCode(tx, uid, phoneCodeRef(uid), phone, code, changed);
    if (refused) return { error: refused };
    return { patient: await onPhoneVerified(tx, patient, phone!, Timestamp.now()), spent: true };
  });
  if ('error' in outcome) throw outcome.error;
  if (!outcome.spent) return { patient: outcome.patient };
  // The clinic's records under this number (a caller the desk booked, docs/front-desk.md) become
  // the account's: after the code's transaction, since each takeover is a transaction of its own.
  const claim = await claimClinicRecords(uid, outcome.patient.contactNumber);
  const { clinicClaim: _before, ...patient } = outcome.patient;
  return { patient: claim.state ? { ...patient, clinicClaim: claim.state } : patient, claim };
}
