import type { DocumentReference, Transaction } from 'firebase-admin/firestore';
import { notFound, type HttpError } from '../../http/errors';
import type { PayableKind, Refund } from '../../api/types';
import type { PaymentReceipt } from '../../notifications/templates/payments';
import type { PayableFields, PayableStore } from '../../store/payments';

/**
 * Payments of records of any kind (docs/money.md "Payables"). The server alone decides the
 * amount (stored when the record is made) and marks a record Paid, always through markPaid()
 * after the provider's status API said Paid for that reference and amount. What a record is
 * and what paying it does belong to its kind, implemented in its own domain (PayableKindImpl)
 * and registered here: payments never branches on a kind nor reads another domain's records.
 */

/** What a kind's notices about a record link to: its appointment page, the USSD code to dial. */
export type NoticeLinks = Pick<PaymentReceipt, 'appointmentId' | 'shortcode'>;

/** What a kind adds to an applied payment: fields of its record, the ledger's method, the receipt's links. */
export interface PaidByKind {
  /** Written with the payment's own fields, in the same update of the record. */
  recordUpdate?: Record<string, unknown>;
  /** How revenue counts it ('direct-debit': a mandate's charge, docs/direct-debit.md); an online payment only. */
  method?: 'direct-debit';
}

/**
 * What a kind decided in the settlement transaction once it had read what it needs: Firestore
 * wants every read before the first write, so payments calls `settling` first, decides (the
 * generic reasons: amount, record gone, already paid), and then calls one of the two hooks.
 */
export interface KindSettling {
  /** What the payment was for is gone (a removed booking, a renewal's subscription): refund Due, 'deleted'. */
  gone?: boolean;
  /** Why the record, there and unpaid, takes no payment (checked after 'duplicate'): refund Due for this reason. */
  refusal?: 'cancelled' | 'expired';
  /** The payment is applied: the kind's writes in the same transaction (a slot re-taken, a package period opened). */
  onPaid(): PaidByKind;
  /** The payment is owed back: the kind's writes in the same transaction, if it keeps any. */
  onRefundDue?(refund: Pick<Refund, 'reason' | 'amount' | 'transactionId'>): void;
}

/** What marking a refund sent does to the record it was for, decided in the refund desk's transaction. */
export interface KindRefundSent {
  /** What was refunded, as the patient reads it ('your package', 'your Virtual Consultation'). */
  what: string;
  /** The kind's writes once the refund is marked sent (an appointment carries what was refunded and when). */
  apply(refundedAt: Date): void;
}

/** A record that can be paid, found by its clientReference. */
export interface Payable {
  kind: PayableKind;
  ref: DocumentReference<PayableFields>;
  data: PayableFields;
  clientReference: string;
  patientId: string;
  /** What the provider must confirm, in GHS: decided by the server when the record was made. */
  amount: number;
}

/** One kind of payable, implemented in its own domain and registered with registerPayable(). */
export interface PayableKindImpl<D extends PayableFields> {
  kind: PayableKind;
  /** Where its records are: the kind's own store module (store/payments.ts payableStore). */
  store: PayableStore<D>;
  /** What the provider must confirm, in GHS (e.g. an appointment's consultationFee). */
  amount(data: D): number;
  /** What a payment is for, as the provider's checkout, the receipts and the refund mails say it. */
  describe(data: D): string;
  /** Removed by the clinic: answered as unknown, and a payment for it is owed back. */
  isRemoved?(data: D): boolean;
  /** Why this record takes no payment now, beyond Paid and no amount: at the patient's checkout, or at the desk. */
  whyNotPayable?(data: D, where: 'checkout' | 'desk'): HttpError | undefined;
  /** The return page: the record is over (a booking cancelled or expired), so an unpaid return took nothing. */
  closedAs?(data: D): 'cancelled' | 'expired' | undefined;
  /** What the notices about this record link to. */
  links?(id: string, data: D): NoticeLinks;
  /** Inside the settlement transaction, before any write: reads what paying the record touches and decides. */
  settling?(tx: Transaction, record: { ref: DocumentReference<D>; data: D; patientId: string }, now: Date): Promise<KindSettling>;
  /** Inside the refund desk's transaction, before any write: reads what marking the refund sent changes. */
  refundSent(tx: Transaction, refund: Refund): Promise<KindRefundSent>;
}

type AnyKind = PayableKindImpl<PayableFields>;
const KINDS = new Map<PayableKind, AnyKind>();

/**
 * Adds a kind of payable (functions/src/payables.ts wires today's kinds; docs/money.md "A new
 * kind of payable"). Its records live in its own collection, named in its store module.
 */
export function registerPayable<D extends PayableFields>(impl: PayableKindImpl<D>): void {
  if (KINDS.has(impl.kind)) throw new Error(`payable kind ${impl.kind} registered twice`);
  // A record is only ever handed back to the kind whose collection it was read from, so D holds.
  KINDS.set(impl.kind, impl as unknown as AnyKind);
}

/**
 * The registered kinds, in the order they were registered (the re-check walks them so). None
 * registered is a process that did not load functions/src/payables.ts: said loudly, since a
 * re-check or a callback would otherwise find nothing and answer as if nothing were paid.
 */
export function payableKinds(): readonly AnyKind[] {
  if (KINDS.size === 0) throw new Error('no payable kinds registered: load functions/src/payables.ts first (index.ts does)');
  return [...KINDS.values()];
}

/** What a kind without its own settlement does: nothing beyond the payment's own fields. */
const PAID_ONLY: KindSettling = { onPaid: () => ({}) };

/** The kind's decision inside the settlement transaction (PAID_ONLY for a kind that adds nothing). */
export async function kindSettling(tx: Transaction, p: Payable, now: Date): Promise<KindSettling> {
  return (await kindOf(p.kind).settling?.(tx, p, now)) ?? PAID_ONLY;
}

/** The implementation of a registered kind. */
export function kindOf(kind: PayableKind): AnyKind {
  const impl = KINDS.get(kind);
  if (!impl) throw new Error(`payable kind ${kind} is not registered (functions/src/payables.ts)`);
  return impl;
}

/** THE one place a payable is built: a record as read from its kind's collection (the collection decides the kind). */
export function payableFrom(kind: PayableKind, ref: DocumentReference<PayableFields>, data: PayableFields): Payable {
  return {
    kind,
    ref,
    data,
    clientReference: String(data.clientReference),
    patientId: String(data.patientId),
    amount: Number(kindOf(kind).amount(data)),
  };
}

/** A record of this kind's own type, for code of the kind's domain that holds a Payable; undefined if it is another kind. */
export const recordOf = <D extends PayableFields>(
  impl: PayableKindImpl<D>,
  p: Pick<Payable, 'kind'> & { data: object },
): D | undefined => (p.kind === impl.kind ? (p.data as D) : undefined);

/** The one record with this reference, looked up in every kind's collection. */
export async function findPayable(clientReference: string): Promise<Payable | undefined> {
  const payables = await Promise.all(
    payableKinds().map(async (impl) => {
      const doc = await impl.store.byReference(clientReference);
      return doc && payableFrom(impl.kind, doc.ref, doc.data());
    }),
  );
  return payables.find((p) => p !== undefined);
}

/** The caller's own record; another patient's reference answers like an unknown one (no leak). */
export async function findOwnPayable(uid: string, clientReference: string): Promise<Payable> {
  const payable = await findPayable(clientReference);
  if (!payable || payable.patientId !== uid || isRemoved(payable))
    throw notFound('No payment with that clientReference was found for you.');
  return payable;
}

/** A record its domain removed (a booking the clinic deleted: a payment for it is owed back). */
export const isRemoved = (p: Payable) => kindOf(p.kind).isRemoved?.(p.data) ?? false;

/** What a payment is for, as the provider's checkout and the receipts say it. */
export const describePayable = (p: Payable): string => kindOf(p.kind).describe(p.data);

/** What the notices about a record link to (its appointment page, the USSD code). */
export const linksOf = (p: Payable): NoticeLinks => kindOf(p.kind).links?.(p.ref.id, p.data) ?? {};
