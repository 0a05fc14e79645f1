import { Timestamp } from 'firebase-admin/firestore';
import { ghanaTimestamp } from '../../api/format';
import type { Appointment } from '../../api/types';
import type { CallbackChannel } from '../../api/ussd';
import { ussdConfig } from '../../config';
import { appointmentRef } from '../../store/appointments';
import { patientRef } from '../../store/patients';
import { runTransaction } from '../../store/transaction';
import { newCallbackRef, newPatientId, patientsWithPhone } from '../../store/ussd';
import { clinicRecordOf } from '../patients/clinic-patients';

/**
 * The caller is their number (docs/ussd.md): the network proves it, so it counts as a
 * verified phone. A number an account or a clinic record holds is that person; otherwise the
 * caller gives a name and becomes a clinic record with source USSD, which an account signing
 * up later with the same number claims (services/patients/clinic-patients.ts).
 */

/** The person this number is: an account first, else an unclaimed clinic record; undefined for a new number. */
export async function patientOfNumber(mobile: string): Promise<string | undefined> {
  const holders = await patientsWithPhone(mobile);
  const account = holders.find((p) => p.accountStatus !== 'Clinic' && !p.claimedBy);
  const record = holders.find((p) => p.accountStatus === 'Clinic' && !p.claimedBy);
  return (account ?? record)?.patientId;
}

/**
 * A new caller's record: a clinic record with source USSD, its phone verified now (the network
 * said who is calling). Made in a transaction that first looks for the number again, so the
 * same caller in two sessions at once gets one record.
 */
export async function createUssdPatient(mobile: string, firstName: string, lastName: string): Promise<string> {
  return runTransaction(async (tx) => {
    const existing = await patientsWithPhone(mobile, tx);
    const holder = existing.find((p) => !p.claimedBy);
    if (holder) return holder.patientId;
    const ref = patientRef(newPatientId());
    tx.create(ref, {
      ...clinicRecordOf(ref.id, { firstName, lastName, contactNumber: mobile }, ghanaTimestamp()),
      source: 'USSD',
      phoneVerifiedAt: new Date().toISOString(),
    });
    return ref.id;
  });
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
 * by the session id, under the USSD service's account. Remembered on the appointment, so the
 * fulfilment, the hold sweep and the re-check ask the status API about the right reference
 * (services/payments/settlement.ts confirmWithProvider), and the hold counts from now.
 */
export async function startUssdCheckout(booked: Appointment, sessionId: string): Promise<void> {
  await appointmentRef(booked.appointmentId).update({
    ussdCheckout: { sessionId, account: ussdConfig().statusAccount },
    checkoutStartedAt: new Date().toISOString(),
  });
}
