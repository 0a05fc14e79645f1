/**
 * Renewal by mobile-money direct debit (docs/direct-debit.md): the mandate as the patient and
 * staff see it, the networks that offer it, and its words. No imports beyond siblings without
 * Yup: the package card reads it.
 */
import type { MOBILE_NETWORKS } from './mobile-networks';

export type MobileNetwork = (typeof MOBILE_NETWORKS)[number];

export const MANDATE_STATUS = {
  Pending: 'Pending',
  Active: 'Active',
  Declined: 'Declined',
  Cancelled: 'Cancelled',
} as const;
export type MandateStatus = (typeof MANDATE_STATUS)[keyof typeof MANDATE_STATUS];

/** How the provider asks the patient to approve: a prompt on the phone, or a code sent by SMS to type on the card. */
export type VerificationType = 'USSD' | 'OTP';

/** The provider's direct-debit channel of each network. */
export const DIRECT_DEBIT_CHANNEL: Record<MobileNetwork, string> = {
  MTN: 'mtn-gh-direct-debit',
  Telecel: 'vodafone-gh-direct-debit',
  AT: 'tigo-gh-direct-debit',
};

/** Failed charges are retried once a day this many times; after the last the package lapses. */
export const DIRECT_DEBIT_RETRIES = 3;
/** The notice before a charge: this many days before the period ends. */
export const DIRECT_DEBIT_NOTICE_DAYS = 3;
/** A price rise reaches a mandate only this many days after the patient is told of it (they may stop it meanwhile). */
export const PRICE_RISE_NOTICE_DAYS = 30;

/** What a mandate remembers of the price: what the patient agreed to, and a rise they were told of. */
export interface MandatePrice {
  /** GHS: the price the patient approved, or last took on after a rise was told. */
  agreedAmount?: number;
  /** GHS: a rise already told, and when (ISO) it applies. */
  priceRiseAmount?: number;
  priceRiseFrom?: string;
}

/**
 * What a mandate takes when the package costs `price` now: a fall applies at once; a rise only
 * PRICE_RISE_NOTICE_DAYS after the patient was told of it (until then the agreed price). `tell`
 * is set when this rise has not been told yet; `remember` is what the mandate keeps after.
 */
export function mandateCharge(
  m: MandatePrice,
  price: number,
  now: Date,
): { amount: number; remember: MandatePrice; tell?: { amount: number; from: string } } {
  const agreed = m.agreedAmount;
  if (agreed === undefined || price <= agreed) return { amount: price, remember: { agreedAmount: price } };
  if (m.priceRiseAmount === price && m.priceRiseFrom) {
    if (now.getTime() >= Date.parse(m.priceRiseFrom)) return { amount: price, remember: { agreedAmount: price } };
    return { amount: agreed, remember: m };
  }
  const from = new Date(now.getTime() + PRICE_RISE_NOTICE_DAYS * 86_400_000).toISOString();
  return {
    amount: agreed,
    remember: { agreedAmount: agreed, priceRiseAmount: price, priceRiseFrom: from },
    tell: { amount: price, from },
  };
}

/** The mandate on a subscription's answer (GET /subscriptions/{patientId}, and the autorenew routes). */
export interface MandateView {
  subscriptionId: string;
  status: MandateStatus;
  network: MobileNetwork;
  /** '024 *** 4567': enough for the patient to know the number, never the whole of it. */
  maskedNumber: string;
  verificationType: VerificationType;
  /** When the next charge is made (ISO), while the mandate is Active. */
  nextChargeAt?: string;
  /** What the next charge takes (GHS): the package's price at the time (a rise 30 days after it was told). */
  nextChargeAmount?: number;
  /** Charges that failed in a row for the period being charged. */
  failures: number;
  approvedAt?: string;
  cancelledAt?: string;
}

/** POST /subscriptions/autorenew: the mandate started, and how to approve it. */
export interface AutorenewAnswer {
  mandate: MandateView;
  verificationType: VerificationType;
}

/** A +233 number as the card shows it: '024 *** 4567'. */
export function maskMsisdn(stored: string): string {
  const digits = stored.replace(/\D/g, '');
  const local = digits.startsWith('233') ? digits.slice(3) : digits.replace(/^0/, '');
  if (local.length !== 9) return '***';
  return `0${local.slice(0, 2)} *** ${local.slice(-4)}`;
}

/** What the patient is told to do to approve, by verification type. */
export const approveInstructions = (type: VerificationType, maskedNumber: string): string =>
  type === 'USSD'
    ? `Approve the prompt on ${maskedNumber} with your mobile money PIN. This card updates once you have approved.`
    : `We have sent a code by SMS to ${maskedNumber}. Type it below to approve.`;
