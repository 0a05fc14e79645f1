/**
 * The subscription shapes of design.md 'Subscriptions over time' as the site reads them.
 * TEMPORARY: mirrors the server branch's contract until it lands in functions/src/api.
 */
import type { Package, SubscriptionView } from '@api/types';

export type Allowance = number | 'unlimited';

/** What a package gives each period (data on the package; the server applies it). */
export interface PackageBenefits {
  virtualConsultationsPerPeriod: Allowance;
  labDiscountPercent: number;
  homeVisitsPerPeriod: Allowance;
  people: number;
}

export type PackageWithBenefits = Package & { benefits?: PackageBenefits };

export type SubscriptionStatus = 'Trial' | 'Active' | 'Expired' | 'Cancelled';

export interface BenefitUsage {
  used: number;
  left: Allowance;
}

export interface SubscriptionUsage {
  virtualConsultations: BenefitUsage;
  homeVisits: BenefitUsage;
}

/** A subscription with its period, benefits and this period's usage (GET /subscriptions). */
export interface LiveSubscription extends Omit<SubscriptionView, 'paymentStatus'> {
  paymentStatus: 'Unpaid' | 'Paid' | 'Trial';
  status?: SubscriptionStatus;
  periodStart?: string;
  periodEnd?: string;
  daysLeft?: number;
  benefits?: PackageBenefits;
  usage?: SubscriptionUsage;
  canRenew?: boolean;
  renewOpensOn?: string;
}

/** POST /subscriptions/renew: the next period's payment, priced by the server. */
export interface Renewal {
  subscriptionId: string;
  clientReference: string;
  amount: number;
}

/** A person the patient books for and whom a Family Care package covers. */
export interface Dependant {
  dependantId: string;
  firstName: string;
  lastName: string;
  relation: string;
  dateOfBirth: string;
  gender: string;
}

/** What a package covered on an appointment (POST /appointments answer, appointment detail). */
export interface Coverage {
  subscriptionId: string;
  packageTitle: string;
  benefit: string;
  used: number;
  left: Allowance;
  note: string;
}
