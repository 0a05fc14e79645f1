import { FieldValue } from 'firebase-admin/firestore';
import { logger } from 'firebase-functions';
import { badGateway, badRequest, conflict } from '../../http/errors';
import { type Checkout, PAYMENT_STATUS } from '../../api/types';
import { initiateCheckout, ProviderError } from '../../provider/provider';
import { PAYMENT_ERROR } from '../../api/messages';
import { UNPAID_HOLD_MINUTES } from '../../api/policy';
import { storedTime } from '../../store/converter';
import type { CheckoutFields } from '../../store/payments';
import { runTransaction } from '../../store/transaction';
import { describePayable, findOwnPayable, kindOf, type Payable, payableFrom } from './payable';
import { confirmWithProvider } from './settlement';

/** Opening the provider's checkout for a payable record: one live checkout per record. */

const millisOf = (v: unknown): number | undefined => (typeof v === 'string' && v ? Date.parse(v) : undefined);

/**
 * How long a checkout is the record's one live checkout: a second initiate meanwhile answers
 * the same checkoutDirectUrl. As long as an unpaid appointment holds its slot.
 */
export const CHECKOUT_LIVE_MS = UNPAID_HOLD_MINUTES * 60 * 1000;
/** Between claiming the record and the provider's answer; a claim older than this was lost (a crash) and lapses. */
const CHECKOUT_OPENING_MS = 30_000;

export const CHECKOUT_OPENING = 'A checkout for this is being opened. Please try again in a moment.';

/** Why this record cannot be paid now, as the HttpError to throw; undefined when it can. */
export function whyNotPayable(p: Payable) {
  if (p.data.paymentStatus === PAYMENT_STATUS.Paid) return conflict('This has already been paid.');
  const refusal = kindOf(p.kind).whyNotPayable?.(p.data, 'checkout');
  if (refusal) return refusal;
  if (!(p.amount > 0)) return badRequest('There is nothing to pay for this record.');
  return undefined;
}

/** The record's checkout while it is still live, else undefined. */
function liveCheckout(data: CheckoutFields, now = Date.now()): Checkout | undefined {
  const started = millisOf(data.checkoutStartedAt);
  if (!data.checkoutDirectUrl || started === undefined || now - started >= CHECKOUT_LIVE_MS) return undefined;
  return {
    checkoutUrl: String(data.checkoutUrl ?? ''),
    checkoutDirectUrl: String(data.checkoutDirectUrl),
    checkoutId: String(data.checkoutId),
  };
}

/**
 * Starts the provider's checkout for the caller's record, or answers the one already open:
 * one live checkout per record, so a patient can never pay twice by opening two. Nothing
 * is changed when the provider fails.
 */
export async function initiatePayment(uid: string, clientReference: string): Promise<Checkout> {
  return openCheckout(await findOwnPayable(uid, clientReference));
}

/**
 * The record's one live checkout: the open one, or a new one with the server-held credentials
 * once the provider says the old one is over. For the patient (initiatePayment) and for the
 * desk's payment link (services/payments/desk-payments.ts) alike.
 */
export async function openCheckout(payable: Payable): Promise<Checkout> {
  const { clientReference } = payable;
  const refusal = whyNotPayable(payable);
  if (refusal) throw refusal;
  const live = liveCheckout(payable.data);
  if (live) return live;
  // The previous checkout is over by our clock, but it may have been paid: the provider decides first.
  if (payable.data.checkoutStartedAt) {
    const outcome = await confirmWithProvider(payable).catch((err: unknown) => {
      if (!(err instanceof ProviderError)) throw err;
      logger.error('payment status check before a new checkout failed', { clientReference, error: err.message });
      throw badGateway(PAYMENT_ERROR);
    });
    if (outcome === 'paid' || outcome === 'already-paid') throw conflict('This has already been paid.');
  }
  // Claim the record, so two initiates at once cannot both open a checkout.
  const open = await runTransaction(async (tx) => {
    const snap = await tx.get(payable.ref);
    // Gone since it was found: nothing to pay (as a record without an amount answers).
    if (!snap.exists) throw badRequest('There is nothing to pay for this record.');
    const fresh = payableFrom(payable.kind, payable.ref, snap.data() ?? payable.data);
    const refusalNow = whyNotPayable(fresh);
    if (refusalNow) throw refusalNow;
    const liveNow = liveCheckout(fresh.data);
    if (liveNow) return liveNow;
    const opening = millisOf(fresh.data.checkoutOpeningAt);
    if (opening !== undefined && Date.now() - opening < CHECKOUT_OPENING_MS) throw conflict(CHECKOUT_OPENING);
    tx.update(payable.ref, { checkoutOpeningAt: storedTime(new Date()) });
    return undefined;
  });
  if (open) return open;
  let checkout: Checkout;
  try {
    checkout = await initiateCheckout({ clientReference, totalAmount: payable.amount, description: describePayable(payable) });
  } catch (err) {
    await payable.ref.update({ checkoutOpeningAt: FieldValue.delete() });
    if (err instanceof ProviderError) {
      logger.error('payment initiate failed', { clientReference, error: err.message });
      throw badGateway(PAYMENT_ERROR);
    }
    throw err;
  }
  // Remembered so a second initiate answers the same checkout and the re-check finds it if its callback is lost.
  await payable.ref.update({
    checkoutId: checkout.checkoutId,
    checkoutUrl: checkout.checkoutUrl,
    checkoutDirectUrl: checkout.checkoutDirectUrl,
    checkoutStartedAt: FieldValue.serverTimestamp(),
    checkoutOpeningAt: FieldValue.delete(),
  });
  return checkout;
}
