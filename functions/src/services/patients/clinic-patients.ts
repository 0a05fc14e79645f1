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
  CLAIM_MISMATCHES_TO_LOCK,
  CLINIC_ACCOUNT_STATUS,
  CLINIC_RECORD_SOURCES,
  DESK_CODE_MINUTES,
  isClinicRecord,
  type PatientSource,
  DESK_CODE_RESEND_SECONDS,
  DESK_CODE_WRONG_TRIES_IN_ALL,
  DESK_CODES_PER_DAY,
  type ClaimConfirmed,
  type ClinicClaimState,
  type ClinicPatientCreated,
  type ClinicPatientRequest,
  type ExistingPerson,
  type PhoneCodeSent,
  type DeskCodeChannel,
  type EmailVerified,
  type PhoneVerified,
} from '../../api/front-desk';
import { todayInGhana } from '../../api/booking-request';
import { ghanaTimestamp } from '../../api/format';
import { BLANK_DETAILS, type Patient } from '../../api/types';
import { badRequest, conflict, HttpError, notFound } from '../../http/errors';
import { notifyPatient } from '../../notifications/notify';
import { deskEmailCode, deskPhoneCode } from '../../notifications/templates';
import { ghanaPhone } from '../../notifications/sms-text';
import { appointmentsOfQuery, doctorSlotRef } from '../../store/appointments';
import { COLLECTIONS } from '../../store/collections';
import { ledgerRef, refundsOfRecordQuery } from '../../store/payments';
import { deskCodeRef, deskEmailCodeRef, heldUnderPatient, patientRef, patientsCollection } from '../../store/patients';
import { writeAudit } from '../../store/staff';
import { runTransaction } from '../../store/transaction';
import { visitRef } from '../../store/visits';
import { auditAs, type Staff } from '../shared/staff-access';
import { codeMatches, hashCode, MAX_WRONG_TRIES } from '../shared/verification-code';

/**
 * People the clinic holds without an account (docs/front-desk.md): a `patients` document with
 * source CLINIC and accountStatus Clinic, made by the desk for a caller or a walk-in, whose
 * phone (and any e-mail address it typed) the desk proves with a code sent to it. When the person later signs up and
 * proves the same number, their account takes the record over (claimClinicRecords).
 */

const NO_PERSON = 'We could not find that person.';
const patients = patientsCollection;

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

/** A clinic record the desk may prove the phone or e-mail of: it exists, is the clinic's, and no account has taken it over. */
function clinicRecord(snap: DocumentSnapshot): { ref: DocumentReference; data: DocumentData } {
  if (!snap.exists) throw notFound(NO_PERSON);
  const data = snap.data()!;
  if (!isClinicRecord(data.source))
    throw conflict('This person has an account: they prove their own phone number and e-mail address, from their profile.');
  if (data.claimedBy) throw conflict('This record now belongs to an account: use the account instead.');
  return { ref: snap.ref, data };
}

/**
 * What the desk proves with a code sent to it (docs/front-desk.md): the record's phone, by SMS
 * (an e-mail would prove nothing about the phone), or its e-mail address, by e-mail. Each has
 * its own code document, counts on the record and field that says when it was proved.
 */
const DESK_CHANNELS = {
  phone: {
    codeRef: deskCodeRef,
    counts: 'deskCodes',
    address: (d: DocumentData) => ghanaPhone(String(d.contactNumber ?? '')),
    proved: 'phoneVerifiedAt',
    none: 'This person has no phone number a code can be texted to.',
    what: 'phone',
    notify: (address: string) => ({ channels: ['sms'] as const, contact: { phone: address }, provesPhone: true as const }),
    notice: deskPhoneCode,
  },
  email: {
    codeRef: deskEmailCodeRef,
    counts: 'emailCodes',
    address: (d: DocumentData) =>
      String(d.emailAddress ?? '')
        .trim()
        .toLowerCase() || undefined,
    proved: 'emailVerifiedAt',
    none: 'This person has no e-mail address a code can be sent to.',
    what: 'e-mail address',
    notify: (address: string) => ({ channels: ['email'] as const, contact: { email: address }, provesEmail: true as const }),
    notice: deskEmailCode,
  },
} as const satisfies Record<DeskCodeChannel, object>;

/** The record and its desk code, read together in the transaction (both reads finish before anything is refused). */
const recordAndCode = (tx: Transaction, patientId: string, channel: DeskCodeChannel) =>
  Promise.all([tx.get(patients().doc(patientId)), tx.get(DESK_CHANNELS[channel].codeRef(patientId))]);

/**
 * POST /staff/patients/{patientId}/phone/code (or .../email/code): a 6-digit code by SMS (or
 * e-mail) only, lasting DESK_CODE_MINUTES; at most one a minute. The code itself is never
 * stored, only its hash, with the address it went to.
 */
export async function sendDeskCode(
  staff: Staff,
  patientId: string,
  now = new Date(),
  channel: DeskCodeChannel = 'phone',
): Promise<PhoneCodeSent> {
  const c = DESK_CHANNELS[channel];
  const expiresAt = new Date(now.getTime() + DESK_CODE_MINUTES * 60_000);
  const sentTo = await runTransaction(async (tx) => {
    const [snap, last] = await recordAndCode(tx, patientId, channel);
    const { data } = clinicRecord(snap);
    const address = c.address(data);
    if (!address) throw conflict(c.none);
    if (data[c.proved]) throw conflict(`${address} is already verified.`);
    const counts = deskCodeCounts(data, channel, now);
    if (counts.wrongTries >= DESK_CODE_WRONG_TRIES_IN_ALL) throw locked(channel);
    if (counts.sentToday >= DESK_CODES_PER_DAY)
      throw new HttpError(
        429,
        `This record has been sent ${DESK_CODES_PER_DAY} codes today, the most a day. Send another tomorrow, or check the ${c.what} with the person.`,
      );
    const sentAt = (last.get('sentAt') as Timestamp | undefined)?.toMillis();
    if (sentAt !== undefined && now.getTime() - sentAt < DESK_CODE_RESEND_SECONDS * 1000)
      throw new HttpError(429, 'A code was sent less than a minute ago. Please wait a moment before sending another.');
    const code = String(randomInt(0, 1_000_000)).padStart(6, '0');
    tx.set(c.codeRef(patientId), {
      hash: hashCode(patientId, code),
      [channel]: address,
      sentAt: Timestamp.fromDate(now),
      expiresAt: Timestamp.fromDate(expiresAt),
      wrongTries: 0,
      // The TTL policy on deskPhoneCodes and deskEmailCodes (firestore.indexes.json) removes it a day later.
      expireAt: Timestamp.fromMillis(now.getTime() + 86_400_000),
    });
    tx.update(snap.ref, {
      [c.counts]: { day: todayInGhana(now), sentToday: counts.sentToday + 1, wrongTries: counts.wrongTries },
    });
    await notifyPatient(patientId, c.notice({ firstName: String(data.firstName ?? ''), code }), {
      tx,
      retention: 'verificationMail',
      ...c.notify(address),
    });
    await auditAs(staff, { action: `patient.${channel}.code`, target: `patients/${patientId}`, patientIds: [patientId] }, tx);
    return address;
  });
  return { sentTo, expiresAt: expiresAt.toISOString() };
}

const DEAD_CODE = 'This code can no longer be used. Please send a new one.';

const locked = (channel: DeskCodeChannel) =>
  new HttpError(
    423,
    `This record's ${DESK_CHANNELS[channel].what} can no longer be proved by code: ${DESK_CODE_WRONG_TRIES_IN_ALL} wrong codes were entered in all. Check it with the person in person (an ID), and ask an admin to correct the record.`,
  );

/**
 * The record's desk-code counts for a channel (on the patient document, never shown by the API):
 * codes sent on Ghana's day and wrong tries in all, so a new code every minute cannot reset the guessing.
 */
function deskCodeCounts(data: DocumentData, channel: DeskCodeChannel, now: Date): { sentToday: number; wrongTries: number } {
  const counts = (data[DESK_CHANNELS[channel].counts] ?? {}) as { day?: string; sentToday?: number; wrongTries?: number };
  return {
    sentToday: counts.day === todayInGhana(now) ? Number(counts.sentToday ?? 0) : 0,
    wrongTries: Number(counts.wrongTries ?? 0),
  };
}

/**
 * POST /staff/patients/{patientId}/phone/verify (or .../email/verify): the right code (for the
 * address it was sent to) sets phoneVerifiedAt (or emailVerifiedAt). A wrong try is counted (that
 * write commits, so the refusal is thrown after the transaction); MAX_WRONG_TRIES kill the code.
 */
async function verifyDeskChannel(
  staff: Staff,
  patientId: string,
  code: string,
  now: Date,
  channel: DeskCodeChannel,
): Promise<{ address: string; at: string }> {
  const c = DESK_CHANNELS[channel];
  const outcome = await runTransaction(async (tx): Promise<{ address: string; at: string } | HttpError> => {
    const [snap, codeSnap] = await recordAndCode(tx, patientId, channel);
    const { ref, data } = clinicRecord(snap);
    const record = codeSnap.data();
    const address = c.address(data);
    const counts = deskCodeCounts(data, channel, now);
    if (counts.wrongTries >= DESK_CODE_WRONG_TRIES_IN_ALL) return locked(channel);
    if (!record || record.wrongTries >= MAX_WRONG_TRIES || record[channel] !== address) return badRequest(DEAD_CODE);
    if ((record.expiresAt as Timestamp).toMillis() <= now.getTime())
      return badRequest(`This code has expired (codes last ${DESK_CODE_MINUTES} minutes). Please send a new one.`);
    if (!codeMatches(patientId, code, String(record.hash))) {
      const wrongTries = Number(record.wrongTries) + 1;
      tx.update(codeSnap.ref, { wrongTries });
      tx.update(ref, { [`${c.counts}.wrongTries`]: counts.wrongTries + 1 });
      if (counts.wrongTries + 1 >= DESK_CODE_WRONG_TRIES_IN_ALL) return locked(channel);
      const left = MAX_WRONG_TRIES - wrongTries;
      return badRequest(
        left > 0
          ? `Code: that code is not correct. ${left} ${left === 1 ? 'try' : 'tries'} left.`
          : `Code: that code is not correct. ${DEAD_CODE}`,
      );
    }
    const at = now.toISOString();
    tx.update(ref, { [c.proved]: at });
    tx.delete(codeSnap.ref);
    await auditAs(staff, { action: `patient.${channel}.verify`, target: `patients/${patientId}`, patientIds: [patientId] }, tx);
    return { address: address!, at };
  });
  if (outcome instanceof HttpError) throw outcome;
  return outcome;
}

/** The phone's code (POST /staff/patients/{patientId}/phone/verify). */
export async function verifyDeskCode(staff: Staff, patientId: string, code: string, now = new Date()): Promise<PhoneVerified> {
  const { address, at } = await verifyDeskChannel(staff, patientId, code, now, 'phone');
  return { patientId, contactNumber: address, phoneVerifiedAt: at };
}

/**
 * The e-mail address's code (POST /staff/patients/{patientId}/email/verify): until it comes back,
 * the record's typed address gets no mail at all (unprovedClinicEmail in notifications/notify.ts).
 */
export async function verifyDeskEmail(staff: Staff, patientId: string, code: string, now = new Date()): Promise<EmailVerified> {
  const { address, at } = await verifyDeskChannel(staff, patientId, code, now, 'email');
  return { patientId, emailAddress: address, emailVerifiedAt: at };
}

// --- claiming: the person signs up later with the same number ---

/** What a claim moved, and what the account is told of a record it did not take over (the most pressing, if several). */
export interface ClaimResult {
  claimed: string[];
  appointments: number;
  state?: ClinicClaimState;
}

/** Which state the account is told when several records under its number did not go through. */
const PRESSING: ClinicClaimState['status'][] = ['locked', 'try-again', 'waiting-for-desk'];

/**
 * Run once for each fresh SMS code an account spends to prove a number (never again on the same
 * code: a retry needs a new one): every clinic record with that number, proved at the desk and
 * not yet claimed, is held against the account (claimVerdict) and, where they agree, taken over,
 * each in one transaction. Its appointments (with their doctor slots, ledger entries and refunds)
 * move to the account's uid, so the patient sees them in their dashboard; the record is marked
 * claimedBy/claimedAt (the desk's search then finds the account only); audited. The account
 * keeps `clinicClaim`, what it is told of a record that did not go through.
 */
export async function claimClinicRecords(uid: string, verifiedPhone: string, now = new Date()): Promise<ClaimResult> {
  const phone = ghanaPhone(verifiedPhone);
  if (!phone) return { claimed: [], appointments: 0 };
  const candidates = await patients()
    .where('contactNumber', '==', phone)
    .where('source', 'in', [...CLINIC_RECORD_SOURCES])
    .get();
  const result: ClaimResult = { claimed: [], appointments: 0 };
  const states: ClinicClaimState[] = [];
  for (const doc of candidates.docs) {
    if (doc.id === uid || doc.get('claimedBy') || !doc.get('phoneVerifiedAt')) continue;
    const outcome = await claimOne(uid, doc.id, phone, now);
    if (outcome === undefined) continue;
    if (typeof outcome !== 'number') {
      states.push(outcome);
      continue;
    }
    result.claimed.push(doc.id);
    result.appointments += outcome;
  }
  const state = PRESSING.map((status) => states.find((s) => s.status === status)).find(Boolean);
  if (state) result.state = state;
  if (state || result.claimed.length)
    await patientRef(uid).update({ clinicClaim: state ?? FieldValue.delete() } as Partial<Patient>);
  if (result.claimed.length)
    logger.info('clinic records claimed', { uid, claimed: result.claimed, appointments: result.appointments });
  return result;
}

const yearOfBirth = (d: DocumentData) => (/^\d{4}/.exec(String(d.dateOfBirth ?? '')) ?? [''])[0];

/** What holding an account against a clinic record decided, when it is not a claim. */
interface Refusal {
  /** What the account is told. */
  state: ClinicClaimState;
  /** What the record keeps for the desk, and the audit entry of it (none when nothing changed). */
  record?: Pick<Patient, 'claimMismatch' | 'claimWaiting'>;
  action?: 'patient.claim.mismatch' | 'patient.claim.waiting';
}

/**
 * The one more thing the desk recorded that the account must agree with before a claim: the
 * year of birth. Never the name's initials, which strangers share: a record without a year of
 * birth waits for the desk to confirm the person, and a shared or recycled number alone never
 * hands over another person's records. CLAIM_MISMATCHES_TO_LOCK mismatches on a record lock it
 * (the desk's confirmation only). Undefined when they agree.
 */
export function claimVerdict(clinic: DocumentData, account: DocumentData, accountId: string, at: string): Refusal | undefined {
  const mismatches = clinic.claimMismatch ? Number(clinic.claimMismatch.count ?? 1) : 0;
  if (mismatches >= CLAIM_MISMATCHES_TO_LOCK) return { state: { status: 'locked', at } };
  const recorded = yearOfBirth(clinic);
  if (!recorded)
    return {
      state: { status: 'waiting-for-desk', at },
      record: { claimWaiting: { accountId, at } },
      action: 'patient.claim.waiting',
    };
  const given = yearOfBirth(account);
  // Not a guess: nothing to compare yet, so it is not counted.
  if (!given) return { state: { status: 'try-again', at, noBirthDate: true } };
  if (given === recorded) return undefined;
  const count = mismatches + 1;
  return {
    state:
      count >= CLAIM_MISMATCHES_TO_LOCK
        ? { status: 'locked', at }
        : { status: 'try-again', at, triesLeft: CLAIM_MISMATCHES_TO_LOCK - count },
    record: {
      claimMismatch: {
        accountId,
        at,
        why: `the account's year of birth (${given}) is not the one the desk recorded (${recorded})`,
        count,
      },
    },
    action: 'patient.claim.mismatch',
  };
}

/** Everything else a clinic record holds under its id, moved with its appointments. */
const HELD_UNDER_PATIENT = [COLLECTIONS.prescriptions, COLLECTIONS.labRequests, COLLECTIONS.files] as const;

/**
 * One record's takeover, all or nothing: the number of appointments moved; the refusal's state
 * when the account does not agree with what the desk recorded (then the record stays, marked for
 * the desk, and audited); undefined when it was no longer claimable. `confirmedBy`: the desk
 * has checked the person (confirmClaim), so nothing is compared and what is wrong is said.
 */
async function claimOne(
  uid: string,
  clinicId: string,
  phone: string,
  now: Date,
  confirmedBy?: Staff,
): Promise<number | ClinicClaimState | undefined> {
  return runTransaction(async (tx) => {
    // The account's owner acts on both records (the desk, when it confirms): the audit names each.
    const auditClaim = (action: 'patient.claim' | 'patient.claim.confirm' | NonNullable<Refusal['action']>) => {
      const entry = { action, target: `patients/${clinicId}`, patientIds: [uid, clinicId] };
      return confirmedBy ? auditAs(confirmedBy, entry, tx) : writeAudit({ actorUid: uid, actorRole: 'patient', ...entry }, tx);
    };
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
    const isAccount = account.exists && !isClinicRecord(account.get('source'));
    if (confirmedBy) {
      if (!c || !isClinicRecord(c.source)) throw notFound(NO_PERSON);
      if (c.claimedBy) throw conflict('This record already belongs to an account.');
      const waiting = c.claimWaiting?.accountId === uid || c.claimMismatch?.accountId === uid;
      if (!waiting || !isAccount) throw conflict('No claim by that account is waiting on this record.');
      if (!claimable || !account.get('phoneVerifiedAt') || ghanaPhone(String(account.get('contactNumber') ?? '')) !== phone)
        throw conflict(
          "The account no longer has this record's number confirmed: ask the person to confirm it in their profile first.",
        );
    } else if (!claimable || !isAccount) return undefined;
    const visits = appointments.empty
      ? []
      : (await tx.getAll(...appointments.docs.map((d) => visitRef(d.id)))).filter((v) => v.exists);
    const refusal = confirmedBy ? undefined : claimVerdict(c!, account.data()!, uid, now.toISOString());
    if (refusal) {
      if (refusal.record) tx.update(clinicRef, refusal.record);
      if (refusal.action) await auditClaim(refusal.action);
      logger.warn('clinic record not claimed', { uid, clinicId, status: refusal.state.status });
      return refusal.state;
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
    tx.update(clinicRef, {
      claimedBy: uid,
      claimedAt: now.toISOString(),
      claimMismatch: FieldValue.delete(),
      claimWaiting: FieldValue.delete(),
    });
    if (confirmedBy) tx.update(account.ref, { clinicClaim: FieldValue.delete() });
    await auditClaim(confirmedBy ? 'patient.claim.confirm' : 'patient.claim');
    return appointments.size;
  });
}

/**
 * POST /staff/patients/{patientId}/confirm-claim: the desk has checked the person (an ID) whose
 * account proved this record's number but could not claim it (no year of birth recorded, a
 * mismatch, or locked): the record goes to that account as a claim would, audited with the desk
 * as actor. Only the account a claim is waiting for, and only while it still has the number proved.
 */
export async function confirmClaim(
  staff: Staff,
  patientId: string,
  accountId: string,
  now = new Date(),
): Promise<ClaimConfirmed> {
  const phone = ghanaPhone(String((await patients().doc(patientId).get()).get('contactNumber') ?? ''));
  if (!phone) throw notFound(NO_PERSON);
  const appointments = await claimOne(accountId, patientId, phone, now, staff);
  return { patientId, claimedBy: accountId, appointments: Number(appointments) };
}
