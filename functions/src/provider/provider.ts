import { logger } from 'firebase-functions';
import type { Checkout, Payer } from '../api/types';
import { paymentUrls, providerConfig } from '../config';
import { CURRENCY } from '../api/prices';
import type { UssdServiceConfirmation } from '../api/ussd';

/**
 * The client of the card and mobile-money provider (docs/money.md and scripts/sandbox/payments.mjs fix the protocol).
 * Every failure becomes a ProviderError; callers decide what the person sees.
 */
export class ProviderError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'ProviderError';
  }
}

/** How long one call may take before the clinic gives up on the provider; a test shortens it instead of waiting. */
export const providerTimeout = { ms: 10_000 };
const SUCCESS = '0000';

/** The provider's word on one clientReference. */
export interface TransactionStatus {
  status: 'Paid' | 'Unpaid' | 'Refunded';
  amount: number;
  charges: number;
  amountAfterCharges: number;
  transactionId: string;
  externalTransactionId: string;
  paymentMethod: string;
  currencyCode: string;
  /** Who paid: not in the status API's answer, only in the provider's callback (routes/payment-callback.ts). */
  payer?: Payer;
}

export async function call(url: string, init: RequestInit): Promise<{ status: number; body: Record<string, unknown> }> {
  const { authorization } = providerConfig();
  let res: Response;
  try {
    res = await fetch(url, {
      ...init,
      headers: { Authorization: authorization, Accept: 'application/json', 'Content-Type': 'application/json' },
      signal: AbortSignal.timeout(providerTimeout.ms),
    });
  } catch (err) {
    throw new ProviderError(`provider unreachable: ${(err as Error).message}`);
  }
  const body = (await res.json().catch(() => ({}))) as Record<string, unknown>;
  return { status: res.status, body };
}

export async function initiateCheckout(order: {
  clientReference: string;
  totalAmount: number;
  description: string;
}): Promise<Checkout> {
  const { apiBase, merchantAccountNumber } = providerConfig();
  const { status, body } = await call(`${apiBase}/items/initiate`, {
    method: 'POST',
    body: JSON.stringify({ ...order, ...paymentUrls(order.clientReference), merchantAccountNumber }),
  });
  const data = body.data as Partial<Checkout> | undefined;
  if (status !== 200 || body.responseCode !== SUCCESS || !data?.checkoutDirectUrl || !data.checkoutId) {
    throw new ProviderError(`initiate answered ${status} responseCode ${String(body.responseCode)}`);
  }
  return { checkoutUrl: String(data.checkoutUrl ?? ''), checkoutDirectUrl: data.checkoutDirectUrl, checkoutId: data.checkoutId };
}

/**
 * Closes an open checkout, so its page takes no payment any more (docs/money.md, "A desk payment
 * closes the link"): 'closed', or 'paid' when someone paid it first (the settlement decides what
 * that payment becomes), or 'unsupported' when the provider has no such call for it (404). Then
 * nothing stops the page, and a payment on it becomes a refund Due ('duplicate') as before.
 */
export async function closeCheckout(checkoutId: string): Promise<'closed' | 'paid' | 'unsupported'> {
  const { apiBase } = providerConfig();
  const { status, body } = await call(`${apiBase}/items/${encodeURIComponent(checkoutId)}/cancel`, {
    method: 'POST',
    body: '{}',
  });
  if (status === 404) return 'unsupported';
  if (status === 409) return 'paid';
  if (status !== 200 || body.responseCode !== SUCCESS)
    throw new ProviderError(`cancel answered ${status} responseCode ${String(body.responseCode)}`);
  return 'closed';
}

/**
 * The status API; undefined when the provider has never heard of the reference. A USSD
 * checkout is known by its session id under the USSD service's account (docs/ussd.md).
 */
export async function transactionStatus(clientReference: string, account?: string): Promise<TransactionStatus | undefined> {
  const { statusBase, merchantAccountNumber } = providerConfig();
  const url = `${statusBase}/transactions/${encodeURIComponent(account ?? merchantAccountNumber)}/status?clientReference=${encodeURIComponent(clientReference)}`;
  const { status, body } = await call(url, { method: 'GET' });
  if (status === 404) return undefined;
  const data = body.data as Record<string, unknown> | undefined;
  if (status !== 200 || body.responseCode !== SUCCESS || !data) {
    throw new ProviderError(`status answered ${status} responseCode ${String(body.responseCode)}`);
  }
  const text = (v: unknown) => (v === undefined || v === null ? '' : String(v));
  // The answer must be about the reference asked: anything else is no word on this payment.
  if (text(data.clientReference) && text(data.clientReference) !== clientReference) {
    logger.error('status API answered about another reference', { asked: clientReference });
    return undefined;
  }
  return {
    status: data.status === 'Paid' || data.status === 'Refunded' ? data.status : 'Unpaid',
    amount: Number(data.amount),
    charges: Number(data.charges ?? 0),
    amountAfterCharges: Number(data.amountAfterCharges ?? 0),
    transactionId: text(data.transactionId),
    externalTransactionId: text(data.externalTransactionId),
    paymentMethod: text(data.paymentMethod),
    currencyCode: text(data.currencyCode) || CURRENCY,
  };
}

/** Tells the provider a USSD order was served (or not): Programmable Services' fulfilment callback. */
export async function confirmUssdService(url: string, confirmation: UssdServiceConfirmation): Promise<void> {
  const { status } = await call(url, { method: 'POST', body: JSON.stringify(confirmation) });
  if (status !== 200) throw new ProviderError(`fulfilment callback answered ${status}`);
}
