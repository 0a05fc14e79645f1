/**
 * Packages that live (docs/packages.md): the shapes of subscriptions over
 * time, renewals, benefits and their use, dependants, and the period arithmetic the server
 * applies and the site shows. Imports only yup and siblings: bundled into the browser too.
 */
import { GENDERS } from './booking-choices';
import { SERVICE_ID } from './service-catalog';
import { PERIOD_DAYS, RENEWAL_WINDOW_DAYS } from './policy';
import type { Currency } from './prices';
import type { MandateView } from './direct-debit';

// --- statuses and periods ---

/**
 * Pending: subscribed to a paid package, not paid yet (paymentStatus 'Unpaid').
 * Trial: the Free package's trial (paymentStatus 'Trial'). Active: a paid period runs.
 * Cancelled: will not renew, but keeps its benefits until periodEnd. Expired: periodEnd passed.
 */
/**
 * A booking the patient's package covers, in the one sentence the booking page, the
 * confirmation, the e-mail and the appointment all use (docs/patient-experience.md).
 */
export const coveredSentence = (packageTitle: string) => `Covered by your ${packageTitle}: nothing to pay`;

export const SUBSCRIPTION_STATUS = {
  Pending: 'Pending',
  Trial: 'Trial',
  Active: 'Active',
  Cancelled: 'Cancelled',
  Expired: 'Expired',
} as const;
export type SubscriptionStatus = (typeof SUBSCRIPTION_STATUS)[keyof typeof SUBSCRIPTION_STATUS];

/** The statuses whose benefits apply while periodEnd is still ahead. */
export const LIVE_STATUSES: readonly SubscriptionStatus[] = [
  SUBSCRIPTION_STATUS.Trial,
  SUBSCRIPTION_STATUS.Active,
  SUBSCRIPTION_STATUS.Cancelled,
];

const DAY_MS = 24 * 60 * 60 * 1000;
export const daysMs = (days: number) => days * DAY_MS;

/** A subscription's period fields as the rules read them (ISO strings). */
export interface SubscriptionPeriod {
  status?: SubscriptionStatus;
  periodStart?: string;
  periodEnd?: string;
}

/** Trial, Active or Cancelled with periodEnd still ahead: its benefits apply. */
export function isLive(s: SubscriptionPeriod, now: Date = new Date()): boolean {
  return Boolean(s.status && LIVE_STATUSES.includes(s.status) && s.periodEnd && Date.parse(s.periodEnd) > now.getTime());
}

/** Whole days until periodEnd, 0 when it has passed. */
export function daysLeft(periodEnd: string, now: Date = new Date()): number {
  return Math.max(0, Math.ceil((Date.parse(periodEnd) - now.getTime()) / DAY_MS));
}

/** When renewing opens: RENEWAL_WINDOW_DAYS before periodEnd. */
export const renewalOpensAt = (periodEnd: string): Date => new Date(Date.parse(periodEnd) - daysMs(RENEWAL_WINDOW_DAYS));

/** Renewable from RENEWAL_WINDOW_DAYS before periodEnd on, and after it (an Expired one too); never while Pending. */
export function canRenew(s: SubscriptionPeriod, now: Date = new Date()): boolean {
  if (!s.periodEnd || !s.status || s.status === SUBSCRIPTION_STATUS.Pending) return false;
  return now.getTime() >= renewalOpensAt(s.periodEnd).getTime();
}

/**
 * The period a paid renewal buys: PERIOD_DAYS on from the later of now and the old periodEnd.
 * A subscription still running keeps its periodStart (its allowance windows go on); one that
 * had ended starts afresh now.
 */
export function renewedPeriod(s: SubscriptionPeriod, now: Date = new Date()): { periodStart: Date; periodEnd: Date } {
  const oldEnd = s.periodEnd ? Date.parse(s.periodEnd) : 0;
  if (s.periodStart && oldEnd > now.getTime()) {
    return { periodStart: new Date(s.periodStart), periodEnd: new Date(oldEnd + daysMs(PERIOD_DAYS)) };
  }
  return { periodStart: now, periodEnd: new Date(now.getTime() + daysMs(PERIOD_DAYS)) };
}

/**
 * The allowance window holding `now`: PERIOD_DAYS long, counted from periodStart (a run of
 * renewals is a run of windows), never past periodEnd. Benefits are counted per window.
 */
export function allowanceWindow(s: Required<Pick<SubscriptionPeriod, 'periodStart' | 'periodEnd'>>, now: Date = new Date()) {
  const start = Date.parse(s.periodStart);
  const end = Date.parse(s.periodEnd);
  const n = Math.max(0, Math.floor((Math.min(now.getTime(), end - 1) - start) / daysMs(PERIOD_DAYS)));
  const windowStart = start + n * daysMs(PERIOD_DAYS);
  return { start: new Date(windowStart), end: new Date(Math.min(end, windowStart + daysMs(PERIOD_DAYS))) };
}

// --- benefits ---

export type Allowance = number | 'unlimited';

/** What a package gives each period, as data the server applies (seeded from the package's items). */
export interface PackageBenefits {
  virtualConsultationsPerPeriod: Allowance;
  labDiscountPercent: number;
  homeVisitsPerPeriod: Allowance;
  /** People covered: the account holder and (people - 1) dependants. */
  people: number;
}

export interface BenefitUsage {
  used: number;
  left: Allowance;
}

/** What the current allowance window has used. */
export interface SubscriptionUsage {
  periodStart: string;
  periodEnd: string;
  virtualConsultations: BenefitUsage;
  homeVisits: BenefitUsage;
}

export type CoveredBenefit = 'virtualConsultation' | 'homeVisit' | 'labDiscount';

/** The home services (a home visit each): doctor at home, nursing, physiotherapy, dietary at home. */
const HOME_SERVICES: number[] = [2, 3, 4];

/** Which benefit a booking may use, if any (the server applies it; the booking form says so beforehand). */
export function benefitFor(input: {
  requestedServiceId: number;
  requestedServiceOption?: string | null;
}): CoveredBenefit | undefined {
  const id = input.requestedServiceId;
  if (id === SERVICE_ID.virtualConsultation) return 'virtualConsultation';
  if (id === SERVICE_ID.labTests) return 'labDiscount';
  if (HOME_SERVICES.includes(id) || (id === SERVICE_ID.dietary && input.requestedServiceOption === 'HOME_VISIT'))
    return 'homeVisit';
  return undefined;
}

/** In the answer of POST /appointments when a package covered (or discounted) the booking. */
export interface Coverage {
  subscriptionId: string;
  packageTitle: string;
  benefit: CoveredBenefit;
  /** Used and left this window, after this booking ('unlimited' left when there is no cap). */
  used: number;
  left: Allowance;
  /** Lab tests: the discount applied and the price before it. */
  discountPercent?: number;
  fullPrice?: number;
  /** The sentence the dashboard shows. */
  note: string;
}

/** The fields a covered or discounted appointment carries (added to the stored appointment). */
export interface AppointmentCoverage {
  /** The subscription that paid for it: consultationFee 0, requiresPayment false, paymentStatus 'Not Applicable'. */
  coveredBy?: string;
  /** The usage document counted (subscriptionUsage/{id}), so a cancel gives the allowance back. */
  coverageUsageId?: string;
  coverageBenefit?: CoveredBenefit;
  /** Lab tests: the price before the package discount, and the discount (consultationFee is what is charged). */
  fullPrice?: number;
  discountPercent?: number;
  discountedBy?: string;
  /** A booking for a dependant names them. */
  dependantId?: string;
  /** What the package did for this booking, as told when it was booked. */
  coverage?: Coverage;
}

/** Left of an allowance after `used`. */
export const leftOf = (allowance: Allowance, used: number): Allowance =>
  allowance === 'unlimited' ? 'unlimited' : Math.max(0, allowance - used);

// --- answers ---

/** GET /subscriptions/{patientId}: each subscription with its period, benefits and use. */
export interface SubscriptionTimeline {
  status: SubscriptionStatus;
  /** False once cancelled (or expired). */
  renews: boolean;
  /** The Free package's trial (also after it was renewed at the follow-on price). */
  trial: boolean;
  periodStart?: string;
  periodEnd?: string;
  daysLeft?: number;
  benefits?: PackageBenefits;
  usage?: SubscriptionUsage;
  canRenew: boolean;
  /** When Renew opens (RENEWAL_WINDOW_DAYS before periodEnd), while it is not open yet. */
  renewOpensOn?: string;
  /** What renewing costs (GHS): the package's monthly price, FREE_PACKAGE_AMOUNT after a trial. */
  renewalAmount?: number;
  /** Renewal by direct debit (docs/direct-debit.md), when the patient ever opted in for this package. */
  mandate?: MandateView;
}

/** POST /subscriptions/renew: pay it through POST /payment/initiate with this clientReference. */
export interface Renewal {
  subscriptionId: string;
  renewalId: string;
  clientReference: string;
  amount: number;
  currencyCode: Currency;
}

export interface Dependant {
  id: string;
  patientId: string;
  firstName: string;
  lastName: string;
  relation: Relation;
  /** yyyy-MM-dd */
  dateOfBirth: string;
  gender: (typeof GENDERS)[number];
  createdAt: string;
}

// --- requests ---

export const RELATIONS = ['Spouse', 'Child', 'Parent', 'Sibling', 'Other'] as const;
export type Relation = (typeof RELATIONS)[number];

// --- messages ---

export const TRIAL_USED =
  'You have already used your free trial. Choose a package, or renew your trial package from your profile, to continue.';
