import { createHash } from 'node:crypto';
import { Timestamp } from 'firebase-admin/firestore';
import type { MobileNetwork } from '../../api/direct-debit';
import { ghanaTimestamp } from '../../api/format';
import type { Patient } from '../../api/types';
import type { CallbackChannel } from '../../api/ussd';
import { ussdConfig } from '../../config';
import { patientRef } from '../../store/patients';
import { hasCode } from '../../store/error-codes';
import { newCallbackRef, patientsWithPhone, type CallerDetails } from '../../store/ussd';
import { clinicRecordOf } from '../patients/clinic-patients';

/**
 * The caller is their number (docs/ussd.md): the request proves it came from the gateway (its
 * key, routes/ussd.ts), so the number is the one dialling. A record is that caller only when the
 * record's own phone was proved (`phoneVerifiedAt`: the account's SMS code, the desk's code, an
 * earlier USSD session), since a number typed into a form proves nothing; otherwise the caller
 * gives a name and becomes a clinic record with source USSD, which an account signing up later
 * with the same number claims (services/patients/clinic-patients.ts).
 */

/**
 * The caller's mobile money network from the request's Operator (Hubtel names it 'mtn',
 * 'vodafone' or 'telecel', 'airteltigo' or 'tigo' or 'airtel'); undefined when it names none of them.
 */
export function networkOfOperator(operator: unknown): MobileNetwork | undefined {
  const name = typeof operator === 'string' ? operator.toLowerCase().replace(/[^a-z]/g, '') : '';
  if (name === 'mtn') return 'MTN';
  if (name === 'vodafone' || name === 'telecel') return 'Telecel';
  if (name === 'airteltigo' || name === 'tigo' || name === 'airtel' || name === 'at') return 'AT';
  return undefined;
}

/** A known caller: their record's id and details. */
export interface KnownCaller {
  patientId: string;
  details?: CallerDetails;
}

const detailsOf = (p: Patient): CallerDetails => ({
  firstName: p.firstName,
  lastName: p.lastName,
  gender: p.gender,
  emailAddress: p.emailAddress,
  contactNumber: p.contactNumber,
  patientLocation: p.patientLocation,
  accountStatus: p.accountStatus,
});

/**
 * The person this number is: an account whose phone is proved first, else an unclaimed clinic
 * record whose phone is proved; undefined for a new number (or one only typed, never proved).
 */
export async function patientOfNumber(mobile: string): Promise<KnownCaller | undefined> {
  const holders = (await patientsWithPhone(mobile)).filter((p) => p.phoneVerifiedAt);
  const account = holders.find((p) => p.accountStatus !== 'Clinic' && !p.claimedBy);
  const record = holders.find((p) => p.accountStatus === 'Clinic' && !p.claimedBy);
  const holder = account ?? record;
  return holder && { patientId: holder.patientId, details: detailsOf(holder) };
}

/**
 * A new caller's record: a clinic record with source USSD, its phone verified now (the network
 * said who is calling). Its id is made from the number, so the same caller in two sessions at
 * once makes one record: the second create finds it (no query inside a transaction: the
 * emulator, like Firestore, locks the queried range, and 50 callers at once waited seconds).
 * A record claimed meanwhile by an account is that account, its details read at booking.
 */
export async function createUssdPatient(mobile: string, firstName: string, lastName: string): Promise<KnownCaller> {
  const ref = patientRef(`ussd-${createHash('sha256').update(mobile).digest('hex').slice(0, 20)}`);
  const record = clinicRecordOf(ref.id, { firstName, lastName, contactNumber: mobile }, ghanaTimestamp());
  try {
    await ref.create({ ...record, source: 'USSD', phoneVerifiedAt: new Date().toISOString() });
    return { patientId: ref.id, details: detailsOf(record) };
  } catch (err) {
    if (!hasCode(err, 'ALREADY_EXISTS')) throw err;
    const existing = (await ref.get()).data() as Patient | undefined;
    if (existing?.claimedBy) return { patientId: existing.claimedBy };
    return { patientId: ref.id, details: existing && detailsOf(existing) };
  }
}

/** A call-back request into the desk's queue (the console's Call-backs page). */
export async function queueCallback(p: { phone: string; patientId?: string; reason: string; channel?: CallbackChannel }) {
  const ref = newCallbackRef();
  await ref.create({
    phone: p.phone,
    ...(p.patientId ? { patientId: p.patientId } : {}),
    reason: p.reason,
    channel: p.channel ?? 'USSD',
    requestedAt: Timestamp.now(),
    status: 'Open',
  });
  return ref.id;
}

/**
 * The booking's payment goes to the provider's USSD checkout (AddToCart): the provider knows it
 * by the session id, under the USSD service's account. Stored with the booking
 * (createAppointment), so the fulfilment, the hold sweep and the re-check ask the status API
 * about the right reference (services/payments/settlement.ts confirmWithProvider), and the
 * hold counts from the booking.
 */
export const ussdCheckoutOf = (sessionId: string) => ({ sessionId, account: ussdConfig().statusAccount });
