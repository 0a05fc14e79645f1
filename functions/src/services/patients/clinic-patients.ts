import { randomInt } from 'node:crypto';
import {
  FieldValue,
  Timestamp,
  type DocumentData,
  type DocumentReference,
  type DocumentSnapshot,
  type Transaction,
} from 'firebase-admin/firestore';
import { logger } from 'firebase-functions';
import {
  CLINIC_ACCOUNT_STATUS,
  CLINIC_RECORD_SOURCES,
  DESK_CODE_MINUTES,
  isClinicRecord,
  type PatientSource,
  DESK_CODE_RESEND_SECONDS,
  DESK_CODE_WRONG_TRIES_IN_ALL,
  DESK_CODES_PER_DAY,
  type ClinicPatientCreated,
  type ClinicPatientRequest,
  type ExistingPerson,
  type PhoneCodeSent,
  type PhoneVerified,
} from '../../api/front-desk';
import { todayInGhana } from '../../api/booking-request';
import { initialsKey, initialsOf } from '../../api/record';
import { ghanaTimestamp } from '../../api/format';
import { BLANK_DETAILS, type Patient } from '../../api/types';
import { badRequest, conflict, HttpError, notFound } from '../../http/errors';
import { notifyPatient } from '../../notifications/notify';
import { deskPhoneCode } from '../../notifications/templates';
import { ghanaPhone } from '../../notifications/sms-text';
import { appointmentsOfQuery, doctorSlotRef } from '../../store/appointments';
import { COLLECTIONS } from '../../store/collections';
import { ledgerRef, refundsOfRecordQuery } from '../../store/payments';
import { deskCodeRef, heldUnderPatient, patientRef, patientsCollection } from '../../store/patients';
import { writeAudit } from '../../store/staff';
import { runTransaction } from '../../store/transaction';
import { visitRef } from '../../store/visits';
import { auditAs, type Staff } from '../shared/staff-access';
import { codeMatches, hashCode, MAX_WRONG_TRIES } from './verification-code';

/**
 * People the clinic holds without an account (docs/front-desk.md): a `patients` document with
 * source CLINIC and accountStatus Clinic, made by the desk for a caller or a walk-in, whose
 * phone the desk proves with a code sent to it by SMS. When the person later signs up and
 * proves the same number, their account takes the record over (claimClinicRecords).
 */

const NO_PERSON = 'We could not find that person.';
const patients = patientsCollection;
const codeRef = deskCodeRef;

const nameOf = (d: DocumentData) => `${String(d.firstName ?? '')} ${String(d.lastName ?? '')}`.trim();

/** Who already has this number (a clinic record not yet claimed, or an account), if anyone. */
async function holderOf(phone: string, tx: Transaction): Promise<ExistingPerson | undefined> {
  const snap = await tx.get(patients().where('contactNumber', '==', phone).limit(5));
  const holder = snap.docs.find((d) => !d.get('claimedBy'));
  if (!holder) return undefined;
  const d = holder.data();
  return {
    patientId: holder.id,
    name: nameOf(d),
    contactNumber: phone,
    source: isClinicRecord(d.source) ? (d.source as PatientSource) : 'WEBSITE',
  };
}

/** A person the clinic holds without an account (the desk's, or a USSD caller's): no sign-in, reached by phone. */
export function clinicRecordOf(
  patientId: string,
  input: Pick<ClinicPatientRequest, 'firstName' | 'lastName' | 'contactNumber'> & Partial<ClinicPatientRequest>,
  entryDate: string,
): Patient {
  return {
    patientId,
    firstName: input.firstName,
    lastName: input.lastName,
    emailAddress: input.emailAddress ?? '',
    contactNumber: input.contactNumber,
    patientLocation: '',
    gender: input.gender ?? ('' as Patient['gender']),
    consentForTreatment: false,
    ...BLANK_DETAILS,
    dateOfBirth: input.dateOfBirth ?? '',
    accountStatus: CLINIC_ACCOUNT_STATUS,
    userType: 'patient',
    entryDate,
    lastLogIn: '',
    verifyDate: '',
    wallet: 0,
    balance: 0,
    reminderPreferences: { sms: true, email: true },
    source: 'CLINIC',
  };
}

/**
 * POST /staff/patients: a person without an account. A number someone already has (a clinic
 * record or an account) answers 409 naming them, so the desk books on that record instead.
 */
export async function createClinicPatient(staff: Staff, input: ClinicPatientRequest): Promise<ClinicPatientCreated> {
  const ref = patients().doc();
  const record: Patient = {
    ...clinicRecordOf(ref.id, input, ghanaTimestamp()),
    source: 'CLINIC',
    createdBy: { uid: staff.uid, role: staff.role },
  };
  await runTransaction(async (tx) => {
    // In the transaction: two desks adding the same caller at once cannot both succeed.
    const holder = await holderOf(input.contactNumber, tx);
    if (holder) {
      const what = isClinicRecord(holder.source) ? 'a clinic record' : 'an account';
      throw conflict(
        `${holder.name} already has ${input.contactNumber} (${what}). Find them and book on that record instead.`,
        holder,
      );
    }
    tx.create(ref, record);
    await auditAs(staff, { action: 'patient.create', target: `patients/${ref.id}`, patientIds: [ref.id] }, tx);
  });
  return { patientId: ref.id };
}

/** A clinic record the desk may prove the phone of: it exists, is the clinic's, and no account has taken it over. */
function clinicRecord(snap: DocumentSnapshot): { ref: DocumentReference; data: DocumentData } {
  if (!snap.exists) throw notFound(NO_PERSON);
  const data = snap.data()!;
  if (!isClinicRecord(data.source))
    throw conflict('This person has an account: they prove their phone number themselves, from their profile.');
  if (data.claimedBy) throw conflict('This record now belongs to an account: use the account instead.');
  return { ref: snap.ref, data };
}

/** The record and its desk code, read together in the transaction (both reads finish before anything is refused). */
const recordAndCode = (tx: Transaction, patientId: string) =>
  Promise.all([tx.get(patients().doc(patientId)), tx.get(codeRef(patientId))]);

/**
 * POST /staff/patients/{patientId}/phone/code: a 6-digit code by SMS only, lasting
 * DESK_CODE_MINUTES; at most one a minute. The code itself is never stored, only its hash.
 */
export async function sendDeskCode(staff: Staff, patientId: string, now = new Date()): Promise<PhoneCodeSent> {
  const expiresAt = new Date(now.getTime() + DESK_CODE_MINUTES * 60_000);
  const sentTo = await runTransaction(async (tx) => {
    const [snap, last] = await recordAndCode(tx, patientId);
    const { data } = clinicRecord(snap);
    const phone = ghanaPhone(String(data.contactNumber ?? ''));
    if (!phone) throw conflict('This person has no phone number a code can be texted to.');
    if (data.phoneVerifiedAt) throw conflict(`${phone} is already verified.`);
    const counts = deskCodeCounts(data, now);
    if (counts.wrongTries >= DESK_CODE_WRONG_TRIES_IN_ALL) throw LOCKED;
    if (counts.sentToday >= DESK_CODES_PER_DAY)
      throw new HttpError(
        429,
        `This record has been sent ${DESK_CODES_PER_DAY} codes today, the most a day. Send another tomorrow, or check the number with the person.`,
      );
    const sentAt = (last.get('sentAt') as Timestamp | undefined)?.toMillis();
    if (sentAt !== undefined && now.getTime() - sentAt < DESK_CODE_RESEND_SECONDS * 1000)
      throw new HttpError(429, 'A code was sent less than a minute ago. Please wait a moment before sending another.');
    const code = String(randomInt(0, 1_000_000)).padStart(6, '0');
    tx.set(codeRef(patientId), {
      hash: hashCode(patientId, code),
      phone,
      sentAt: Timestamp.fromDate(now),
      expiresAt: Timestamp.fromDate(expiresAt),
      wrongTries: 0,
      // The TTL policy on deskPhoneCodes (firestore.indexes.json) removes it a day later.
      expireAt: Timestamp.fromMillis(now.getTime() + 86_400_000),
    });
    tx.update(snap.ref, {
      deskCodes: { day: todayInGhana(now), sentToday: counts.sentToday + 1, wrongTries: counts.wrongTries },
    });
    await notifyPatient(patientId, deskPhoneCode({ firstName: String(data.firstName ?? ''), code }), {
      tx,
      channels: ['sms'],
      contact: { phone },
      retention: 'verificationMail',
      provesPhone: true,
    });
    await auditAs(staff, { action: 'patient.phone.code', target: `patients/${patientId}`, patientIds: [patientId] }, tx);
    return phone;
  });
  return { sentTo, expiresAt: expiresAt.toISOString() };
}

const DEAD_CODE = 'This code can no longer be used. Please send a new one.';

const LOCKED = new HttpError(
  423,
  `This record's phone can no longer be proved by code: ${DESK_CODE_WRONG_TRIES_IN_ALL} wrong codes were entered in all. Check the number with the person in person (an ID), and ask an admin to correct the record.`,
);

/**
 * The record's desk-code counts (on the patient document, never shown by the API): codes sent
 * on Ghana's day and wrong tries in all, so a new code every minute cannot reset the guessing.
 */
function deskCodeCounts(data: DocumentData, now: Date): { sentToday: number; wrongTries: number } {
  const counts = (data.deskCodes ?? {}) as { day?: string; sentToday?: number; wrongTries?: number };
  return {
    sentToday: counts.day === todayInGhana(now) ? Number(counts.sentToday ?? 0) : 0,
    wrongTries: Number(counts.wrongTries ?? 0),
  };
}

/**
 * POST /staff/patients/{patientId}/phone/verify: the right code (for the number it was sent to)
 * sets phoneVerifiedAt. A wrong try is counted (that write commits, so the refusal is thrown
 * after the transaction); MAX_WRONG_TRIES kill the code.
 */
export async function verifyDeskCode(staff: Staff, patientId: string, code: string, now = new Date()): Promise<PhoneVerified> {
  const outcome = await runTransaction(async (tx): Promise<PhoneVerified | HttpError> => {
    const [snap, codeSnap] = await recordAndCode(tx, patientId);
    const { ref, data } = clinicRecord(snap);
    const record = codeSnap.data();
    const phone = ghanaPhone(String(data.contactNumber ?? ''));
    const counts = deskCodeCounts(data, now);
    if (counts.wrongTries >= DESK_CODE_WRONG_TRIES_IN_ALL) return LOCKED;
    if (!record || record.wrongTries >= MAX_WRONG_TRIES || record.phone !== phone) return badRequest(DEAD_CODE);
    if ((record.expiresAt as Timestamp).toMillis() <= now.getTime())
      return badRequest(`This code has expired (codes last ${DESK_CODE_MINUTES} minutes). Please send a new one.`);
    if (!codeMatches(patientId, code, String(record.hash))) {
      const wrongTries = Number(record.wrongTries) + 1;
      tx.update(codeSnap.ref, { wrongTries });
      tx.update(ref, { 'deskCodes.wrongTries': counts.wrongTries + 1 });
      if (counts.wrongTries + 1 >= DESK_CODE_WRONG_TRIES_IN_ALL) return LOCKED;
      const left = MAX_WRONG_TRIES - wrongTries;
      return badRequest(
        left > 0
          ? `Code: that code is not correct. ${left} ${left === 1 ? 'try' : 'tries'} left.`
          : `Code: that code is not correct. ${DEAD_CODE}`,
      );
    }
    const phoneVerifiedAt = now.toISOString();
    tx.update(ref, { phoneVerifiedAt });
    tx.delete(codeSnap.ref);
    await auditAs(staff, { action: 'patient.phone.verify', target: `patients/${patientId}`, patientIds: [patientId] }, tx);
    return { patientId, contactNumber: phone!, phoneVerifiedAt };
  });
  if (outcome instanceof HttpError) throw outcome;
  return outcome;
}

// --- claiming: the person signs up later with the same number ---

/** What a claim moved. */
export interface ClaimResult {
  claimed: string[];
  appointments: number;
}

/**
 * Run when an account proves a phone number (its owner's SMS code): every clinic record with
 * that number, proved at the desk and not yet claimed, is taken over by the account, each in
 * one transaction. Its appointments (with their doctor slots, ledger entries and refunds) move
 * to the account's uid, so the patient sees them in their dashboard; the record is marked
 * claimedBy/claimedAt (the desk's search then finds the account only); audited.
 */
export async function claimClinicRecords(uid: string, verifiedPhone: string, now = new Date()): Promise<ClaimResult> {
  const phone = ghanaPhone(verifiedPhone);
  if (!phone) return { claimed: [], appointments: 0 };
  const candidates = await patients()
    .where('contactNumber', '==', phone)
    .where('source', 'in', [...CLINIC_RECORD_SOURCES])
    .get();
  const result: ClaimResult = { claimed: [], appointments: 0 };
  for (const doc of candidates.docs) {
    if (doc.id === uid || doc.get('claimedBy') || !doc.get('phoneVerifiedAt')) continue;
    const moved = await claimOne(uid, doc.id, phone, now);
    if (moved === undefined) continue;
    result.claimed.push(doc.id);
    result.appointments += moved;
  }
  if (result.claimed.length) logger.info('clinic records claimed', { uid, ...result });
  return result;
}

/**
 * The one more thing the desk recorded that the account must agree with before a claim: the
 * year of birth when both have a date of birth, else the name's initials (first and last name).
 * A shared or recycled number alone never hands over another person's records. Undefined when
 * they agree, else why not (for the desk).
 */
export function claimMismatch(clinic: DocumentData, account: DocumentData): string | undefined {
  const year = (d: DocumentData) => String(d.dateOfBirth ?? '').slice(0, 4);
  if (year(clinic) && year(account))
    return year(clinic) === year(account)
      ? undefined
      : `the account's year of birth (${year(account)}) is not the one the desk recorded (${year(clinic)})`;
  const initials = (d: DocumentData) => initialsKey(initialsOf(`${d.firstName ?? ''} ${d.lastName ?? ''}`));
  return initials(clinic) === initials(account)
    ? undefined
    : `the account's name (${String(account.firstName ?? '')} ${String(account.lastName ?? '')}) does not have the initials of the name the desk recorded`;
}

/** Everything else a clinic record holds under its id, moved with its appointments. */
const HELD_UNDER_PATIENT = [COLLECTIONS.prescriptions, COLLECTIONS.labRequests, COLLECTIONS.files] as const;

/**
 * One record's takeover, all or nothing; undefined when it was no longer claimable, or when the
 * account does not agree with what the desk recorded (then the record stays, marked
 * `claimMismatch` for the desk, and audited).
 */
async function claimOne(uid: string, clinicId: string, phone: string, now: Date): Promise<number | undefined> {
  return runTransaction(async (tx) => {
    // The account's owner acts on both records: the audit names each.
    const auditClaim = (action: 'patient.claim' | 'patient.claim.mismatch') =>
      writeAudit(
        { actorUid: uid, actorRole: 'patient', action, target: `patients/${clinicId}`, patientIds: [uid, clinicId] },
        tx,
      );
    // Reads first: the record, the account, the appointments and what each refers to.
    const clinicRef = patients().doc(clinicId);
    const [clinic, account, appointments, ...held] = await Promise.all([
      tx.get(clinicRef),
      tx.get(patientRef(uid)),
      tx.get(appointmentsOfQuery(clinicId)),
      ...HELD_UNDER_PATIENT.map((name) => tx.get(heldUnderPatient(name, clinicId))),
    ]);
    const c = clinic.data();
    const claimable = c && isClinicRecord(c.source) && !c.claimedBy && c.phoneVerifiedAt && c.contactNumber === phone;
    if (!claimable || !account.exists || isClinicRecord(account.get('source'))) return undefined;
    const visits = appointments.empty
      ? []
      : (await tx.getAll(...appointments.docs.map((d) => visitRef(d.id)))).filter((v) => v.exists);
    const why = claimMismatch(c, account.data()!);
    if (why) {
      tx.update(clinicRef, { claimMismatch: { accountId: uid, at: now.toISOString(), why } });
      await auditClaim('patient.claim.mismatch');
      logger.warn('clinic record not claimed: the account does not match it', { uid, clinicId });
      return undefined;
    }
    const refs = await Promise.all(
      appointments.docs.map(async (d) => {
        const a = d.data();
        const slot =
          a.doctorId && a.requestedTime ? await tx.get(doctorSlotRef(a.doctorId, a.requestedDay, a.requestedTime)) : undefined;
        const [ledger, refunds] = await Promise.all([tx.get(ledgerRef(a.clientReference)), tx.get(refundsOfRecordQuery(d.id))]);
        return { d, slot, ledger, refunds };
      }),
    );
    for (const snap of held) for (const d of snap.docs) tx.update(d.ref, { patientId: uid });
    for (const v of visits) if (v.get('patientId') === clinicId) tx.update(v.ref, { patientId: uid });
    for (const { d, slot, ledger, refunds } of refs) {
      tx.update(d.ref, { patientId: uid, clinicRecordId: clinicId });
      if (slot?.exists && slot.get('patientId') === clinicId) tx.update(slot.ref, { patientId: uid });
      if (ledger.exists && ledger.get('patientId') === clinicId) tx.update(ledger.ref, { patientId: uid });
      for (const r of refunds.docs) if (r.get('patientId') === clinicId) tx.update(r.ref, { patientId: uid });
    }
    tx.update(clinicRef, { claimedBy: uid, claimedAt: now.toISOString(), claimMismatch: FieldValue.delete() });
    await auditClaim('patient.claim');
    return appointments.size;
  });
}
