import type { DocumentData, DocumentReference } from 'firebase-admin/firestore';
import { notFound } from '../../http/errors';
import { APPOINTMENT_STATUS, PAYABLE_KIND, type PayableKind } from '../../api/types';
import { PAYABLE_KINDS, payableByReference } from '../../store/payments';

/**
 * Payments of subscriptions, appointments and shop orders. The server alone decides the
 * amount (stored when the record is made) and marks a record Paid, always through
 * markPaid() after the provider's status API said Paid for that reference and amount.
 */

/** A record that can be paid, found by its clientReference; its data as plain JSON (times as ISO strings). */
export interface Payable {
  kind: PayableKind;
  ref: DocumentReference<DocumentData>;
  data: DocumentData;
  clientReference: string;
  patientId: string;
  /** What the provider must confirm, in GHS: decided by the server when the record was made. */
  amount: number;
}

/** The amount field of each kind (an appointment's fee is its consultationFee). */
const amountOf = (kind: PayableKind, data: DocumentData): number =>
  Number(kind === PAYABLE_KIND.appointment ? data.consultationFee : data.amount);

/** A payable record as read: its kind, reference, owner and the amount the provider must confirm. */
export function payableFrom(kind: PayableKind, ref: DocumentReference<DocumentData>, data: DocumentData): Payable {
  return {
    kind,
    ref,
    data,
    clientReference: String(data.clientReference),
    patientId: String(data.patientId),
    amount: amountOf(kind, data),
  };
}

/** The one record with this reference, looked up in the three payable collections. */
export async function findPayable(clientReference: string): Promise<Payable | undefined> {
  const docs = await Promise.all(PAYABLE_KINDS.map((kind) => payableByReference(kind, clientReference)));
  const i = docs.findIndex(Boolean);
  return i < 0 ? undefined : payableFrom(PAYABLE_KINDS[i], docs[i].ref, docs[i].data());
}

/** The caller's own record; another patient's reference answers like an unknown one (no leak). */
export async function findOwnPayable(uid: string, clientReference: string): Promise<Payable> {
  const payable = await findPayable(clientReference);
  const gone = payable?.kind === PAYABLE_KIND.appointment && payable.data.appointmentStatus === APPOINTMENT_STATUS.Deleted;
  if (!payable || payable.patientId !== uid || gone) throw notFound('No payment with that clientReference was found for you.');
  return payable;
}

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
      return `Order: ${(p.data.items as { productName: string; quantity: number }[]).map((i) => `${i.quantity} x ${i.productName}`).join(', ')}`;
  }
}
