import type { DocumentReference } from 'firebase-admin/firestore';
import { notFound } from '../../http/errors';
import { APPOINTMENT_STATUS, type PayableKind } from '../../api/types';
import { payableByReference, type PayableRecords } from '../../store/payments';

/**
 * Payments of subscriptions, renewals, appointments and shop orders. The server alone decides
 * the amount (stored when the record is made) and marks a record Paid, always through
 * markPaid() after the provider's status API said Paid for that reference and amount.
 */

/** Where a payable record is: one type for every kind, so a transaction reads and writes any of them alike. */
type PayableRef = DocumentReference<PayableRecords[PayableKind]>;

/** A record of one kind with its reference (times as ISO strings). */
type KindAndRecord<K extends PayableKind> = { kind: K; ref: PayableRef; data: PayableRecords[K] };

/** A record that can be paid, found by its clientReference, typed by its kind. */
export type Payable = {
  [K in PayableKind]: KindAndRecord<K> & {
    clientReference: string;
    patientId: string;
    /** What the provider must confirm, in GHS: decided by the server when the record was made. */
    amount: number;
  };
}[PayableKind];

type AnyKindAndRecord = { [K in PayableKind]: KindAndRecord<K> }[PayableKind];

/**
 * THE one place a payable is built: a record as read from its kind's collection (the
 * collection decides the kind, so kind and data agree). An appointment's amount is its consultationFee.
 */
export function payableFrom<K extends PayableKind>(kind: K, ref: PayableRef, data: PayableRecords[K]): Payable {
  const record = { kind, ref, data } as AnyKindAndRecord;
  return {
    ...record,
    clientReference: String(record.data.clientReference),
    patientId: String(record.data.patientId),
    amount: Number(record.kind === 'appointment' ? record.data.consultationFee : record.data.amount),
  };
}

/** The one record with this reference, looked up in the four payable collections. */
export async function findPayable(clientReference: string): Promise<Payable | undefined> {
  const found = async <K extends PayableKind>(kind: K) => {
    const doc = await payableByReference(kind, clientReference);
    return doc && payableFrom(kind, doc.ref, doc.data());
  };
  const payables = await Promise.all([found('subscription'), found('appointment'), found('order'), found('renewal')]);
  return payables.find((p) => p !== undefined);
}

/** The caller's own record; another patient's reference answers like an unknown one (no leak). */
export async function findOwnPayable(uid: string, clientReference: string): Promise<Payable> {
  const payable = await findPayable(clientReference);
  if (!payable || payable.patientId !== uid || isDeleted(payable))
    throw notFound('No payment with that clientReference was found for you.');
  return payable;
}

/** An appointment the clinic deleted (a payment for it is owed back). */
export const isDeleted = (p: Payable) => p.kind === 'appointment' && p.data.appointmentStatus === APPOINTMENT_STATUS.Deleted;

/** What a payment is for, as the provider's checkout and the receipts say it. */
export function describePayable(p: Payable): string {
  switch (p.kind) {
    case 'subscription':
      return `Subscription for ${p.data.packageTitle ?? 'package'}`;
    case 'renewal':
      return `Renewal of ${p.data.packageTitle ?? 'package'}`;
    case 'appointment':
      return `Appointment: ${p.data.requestedService ?? 'consultation'}`;
    case 'order':
      return `Order: ${p.data.items.map((i) => `${i.quantity} x ${i.productName}`).join(', ')}`;
  }
}
