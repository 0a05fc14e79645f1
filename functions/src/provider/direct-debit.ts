import { callbackUrl, directDebitConfig } from '../config';
import type { VerificationType } from '../api/direct-debit';
import { call, ProviderError } from './provider';

/**
 * The provider's direct-debit calls (docs/direct-debit.md; scripts/sandbox/preapproval.mjs
 * stands in locally): a mandate (preapproval) is started, approved by the customer on their
 * phone (a USSD prompt) or by an OTP we pass on, and cancelled; charges are receive-money
 * requests on the network's direct-debit channel whose result comes on the payment callback.
 * Every failure is a ProviderError.
 */

/** A Ghana number as the provider takes it: 233XXXXXXXXX. */
const providerMsisdn = (stored: string) => stored.replace(/\D/g, '').replace(/^0/, '233');

const field = (body: unknown, ...path: string[]): unknown => {
  let at: unknown = body;
  for (const key of path) at = at && typeof at === 'object' ? (at as { [k: string]: unknown })[key] : undefined;
  return at;
};
const text = (v: unknown) => (typeof v === 'string' ? v : '');

/** A preapproval API call's address: {base}/{merchant}/preapproval/{path}. */
const preapproval = (path: string) => {
  const { preapprovalBase, merchantAccountNumber } = directDebitConfig();
  return `${preapprovalBase}/${merchantAccountNumber}/preapproval/${path}`;
};
const post = (url: string, payload: object) => call(url, { method: 'POST', body: JSON.stringify(payload) });

export interface PreapprovalStarted {
  providerId: string;
  verificationType: VerificationType;
  otpPrefix?: string;
}

export async function initiatePreapproval(mandate: {
  clientReferenceId: string;
  msisdn: string;
  channel: string;
}): Promise<PreapprovalStarted> {
  const { status, body } = await post(preapproval('initiate'), {
    clientReferenceId: mandate.clientReferenceId,
    customerMsisdn: providerMsisdn(mandate.msisdn),
    channel: mandate.channel,
    callbackUrl: callbackUrl('preapproval', mandate.clientReferenceId),
  });
  const providerId = text(field(body, 'data', 'hubtelPreApprovalId'));
  const type = text(field(body, 'data', 'verificationType'));
  if (status !== 200 || text(field(body, 'code')) !== '2000' || !providerId || (type !== 'USSD' && type !== 'OTP')) {
    throw new ProviderError(`preapproval initiate answered ${status} code ${text(field(body, 'code'))}`);
  }
  const otpPrefix = text(field(body, 'data', 'otpPrefix'));
  return { providerId, verificationType: type, ...(otpPrefix ? { otpPrefix } : {}) };
}

/** The OTP the patient typed; false when the provider says it is wrong (a 400), a ProviderError when it cannot say. */
export async function verifyPreapprovalOtp(mandate: {
  providerId: string;
  clientReferenceId: string;
  msisdn: string;
  otpCode: string;
}): Promise<boolean> {
  const { status, body } = await post(preapproval('verifyotp'), {
    hubtelPreApprovalId: mandate.providerId,
    clientReferenceId: mandate.clientReferenceId,
    customerMsisdn: providerMsisdn(mandate.msisdn),
    otpCode: mandate.otpCode,
  });
  if (status === 200 && text(field(body, 'code')) === '2000') return true;
  if (status === 400) return false;
  throw new ProviderError(`preapproval verifyotp answered ${status}`);
}

/** Ends the mandate at the provider; one it no longer knows counts as ended. */
export async function cancelPreapproval(providerId: string): Promise<void> {
  const { status } = await call(preapproval(`${encodeURIComponent(providerId)}/cancel`), { method: 'GET' });
  if (status !== 200 && status !== 404) throw new ProviderError(`preapproval cancel answered ${status}`);
}

/** What the provider says of a mandate now: its decision, and the number it is for. */
export interface PreapprovalState {
  providerId: string;
  msisdn: string;
  status: 'PENDING' | 'APPROVED' | 'REJECTED' | 'CANCELLED';
}

/**
 * The preapproval status API (GET .../preapproval/{clientReferenceId}/status): the callback is a
 * hint, this is the provider's word. Undefined when the provider knows no such mandate.
 */
export async function preapprovalState(clientReferenceId: string): Promise<PreapprovalState | undefined> {
  const { status, body } = await call(preapproval(`${encodeURIComponent(clientReferenceId)}/status`), { method: 'GET' });
  if (status === 404) return undefined;
  const state = text(field(body, 'data', 'preapprovalStatus')).toUpperCase();
  if (status !== 200 || text(field(body, 'code')) !== '2000' || !['PENDING', 'APPROVED', 'REJECTED', 'CANCELLED'].includes(state))
    throw new ProviderError(`preapproval status answered ${status} code ${text(field(body, 'code'))}`);
  return {
    providerId: text(field(body, 'data', 'hubtelPreApprovalId')),
    msisdn: text(field(body, 'data', 'customerMsisdn')),
    status: state as PreapprovalState['status'],
  };
}

/** The preapproval callback's body, read for what it says (the token in the URL says who sent it, for which mandate). */
export interface PreapprovalDecision {
  providerId: string;
  clientReferenceId: string;
  approved: boolean;
}

export function preapprovalDecisionOf(body: unknown): PreapprovalDecision | undefined {
  const providerId = text(field(body, 'HubtelPreapprovalId'));
  const clientReferenceId = text(field(body, 'ClientReferenceId'));
  const status = text(field(body, 'PreapprovalStatus')).toUpperCase();
  if (!providerId || !clientReferenceId || (status !== 'APPROVED' && status !== 'REJECTED')) return undefined;
  return { providerId, clientReferenceId, approved: status === 'APPROVED' };
}

/** Asks for one period's charge; the result comes on the payment callback (answer 0001: pending). */
export async function chargeDirectDebit(charge: {
  clientReference: string;
  msisdn: string;
  channel: string;
  amount: number;
  description: string;
}): Promise<void> {
  const { receiveMoneyBase, merchantAccountNumber } = directDebitConfig();
  const { status, body } = await post(`${receiveMoneyBase}/${merchantAccountNumber}/receive/mobilemoney`, {
    CustomerMsisdn: providerMsisdn(charge.msisdn),
    Channel: charge.channel,
    Amount: charge.amount,
    PrimaryCallbackUrl: callbackUrl('payment', charge.clientReference),
    Description: charge.description,
    ClientReference: charge.clientReference,
  });
  const code = text(field(body, 'ResponseCode'));
  if (status !== 200 || (code !== '0001' && code !== '0000')) throw new ProviderError(`receive money answered ${status} ${code}`);
}

/** A payment callback that says a charge failed, and why in the provider's words (undefined: not a failure). */
export function chargeFailureOf(body: unknown): string | undefined {
  const code = text(field(body, 'ResponseCode'));
  if (!code || code === '0000' || code === '0001') return undefined;
  return text(field(body, 'Data', 'Description')) || `failed (${code})`;
}
