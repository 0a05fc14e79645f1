import { FieldValue, type DocumentData, type Transaction } from 'firebase-admin/firestore';
import { formatGhs } from '../../api/format';
import {
  coveredSentence,
  allowanceWindow,
  benefitFor,
  leftOf,
  type Allowance,
  type AppointmentCoverage,
  type Coverage,
  type CoveredBenefit,
  type PackageBenefits,
} from '../../api/subscriptions-contract';
import { type Appointment, type Package, PAYMENT_STATUS } from '../../api/types';
import { packageById } from '../../store/catalog';
import { usageId, usageRef } from '../../store/subscriptions';
import { liveSubscriptionsOf, periodOf } from './subscriptions';

/**
 * Package benefits applied when a patient books (docs/packages.md): a
 * virtual consultation or a priced home visit within the window's allowance is covered (costs 0),
 * lab tests get the package's discount. The allowance is counted in the booking's
 * transaction (subscriptionUsage), so concurrent bookings cannot exceed it; cancelling or
 * declining a covered appointment gives it back.
 */

type AllowanceBenefit = Exclude<CoveredBenefit, 'labDiscount'>;

const allowanceOf = (benefits: PackageBenefits, benefit: AllowanceBenefit): Allowance =>
  benefit === 'virtualConsultation' ? benefits.virtualConsultationsPerPeriod : benefits.homeVisitsPerPeriod;

const NAMES: Record<AllowanceBenefit, [string, string]> = {
  virtualConsultation: ['virtual consultation', 'virtual consultations'],
  homeVisit: ['home visit', 'home visits'],
};

/** The sentence the answer and the dashboard show. */
export function coverageNote(packageTitle: string, benefit: AllowanceBenefit, allowance: Allowance, used: number): string {
  const [, plural] = NAMES[benefit];
  if (allowance === 'unlimited') return `${coveredSentence(packageTitle)} (${plural} are unlimited this period).`;
  const left = Math.max(0, allowance - used);
  return `${coveredSentence(packageTitle)} (${left} of ${allowance} ${plural} left this period).`;
}

/** A live subscription that may cover this booking, with its package and current window. */
interface Candidate {
  subscriptionId: string;
  pkg: Package & { benefits: PackageBenefits };
  usageId: string;
  windowStart: Date;
}

/** What the booking may use, worked out before its transaction (plain reads); undefined when nothing applies. */
export interface BenefitPlan {
  benefit: CoveredBenefit;
  patientId: string;
  candidates: Candidate[];
}

/**
 * The patient's running packages that may cover this booking, newest first. A booking for
 * someone else is covered only for a named dependant and by a package covering several people.
 */
export async function benefitPlan(
  patientId: string,
  input: { requestedServiceId: number; requestedServiceOption?: string | null; bookFor?: string; dependantId?: string },
  now = new Date(),
): Promise<BenefitPlan | undefined> {
  const benefit = benefitFor(input);
  if (!benefit) return undefined;
  const forSomeoneElse = input.bookFor === 'OTHERS';
  if (forSomeoneElse && !input.dependantId) return undefined;
  const live = await liveSubscriptionsOf(patientId, now);
  const candidates: Candidate[] = [];
  for (const { id, data } of live) {
    const pkg = await packageById(data.packageId);
    if (!pkg?.benefits) continue;
    if (forSomeoneElse && pkg.benefits.people <= 1) continue;
    const { periodStart, periodEnd } = periodOf(data);
    const window = allowanceWindow({ periodStart: periodStart!, periodEnd: periodEnd! }, now);
    candidates.push({
      subscriptionId: id,
      pkg: pkg as Candidate['pkg'],
      usageId: usageId(id, window.start),
      windowStart: window.start,
    });
  }
  return candidates.length ? { benefit, patientId, candidates } : undefined;
}

const round2 = (n: number) => Math.round((n + Number.EPSILON) * 100) / 100;

/** The lab discount: the largest of the running packages'. */
function labDiscount(plan: BenefitPlan, appointment: Appointment): Partial<Appointment> {
  const best = [...plan.candidates].sort((a, b) => b.pkg.benefits.labDiscountPercent - a.pkg.benefits.labDiscountPercent)[0];
  const percent = best.pkg.benefits.labDiscountPercent;
  const fullPrice = appointment.consultationFee;
  if (!(percent > 0) || !(fullPrice > 0)) return {};
  const fee = round2((fullPrice * (100 - percent)) / 100);
  const coverage: Coverage = {
    subscriptionId: best.subscriptionId,
    packageTitle: best.pkg.packageTitle,
    benefit: 'labDiscount',
    used: 0,
    left: 'unlimited',
    discountPercent: percent,
    fullPrice,
    note: `Your ${best.pkg.packageTitle} takes ${percent}% off: ${formatGhs(fee)} instead of ${formatGhs(fullPrice)}.`,
  };
  return {
    consultationFee: fee,
    requiresPayment: fee > 0,
    paymentStatus: fee > 0 ? 'Unpaid' : 'Not Applicable',
    fullPrice,
    discountPercent: percent,
    discountedBy: best.subscriptionId,
    coverage,
  };
}

/** The allowance rule: the first candidate (newest package first) whose window has a use left; -1 when none. */
function firstWithAllowanceLeft(plan: BenefitPlan, benefit: AllowanceBenefit, usages: { data(): DocumentData | undefined }[]) {
  return plan.candidates.findIndex((c, k) => {
    const allowance = allowanceOf(c.pkg.benefits, benefit);
    return allowance === 'unlimited' || (usages[k].data()?.[benefit] ?? 0) < allowance;
  });
}

/**
 * What a booking would cost now with the patient's packages, said before booking (the USSD
 * confirm screen): the same plan, discount and allowance rule as the booking, read outside its
 * transaction, so the booking's own transaction still decides (a use taken meanwhile: it is
 * charged, and the checkout says the amount).
 */
export async function priceWithBenefits(
  patientId: string,
  input: Parameters<typeof benefitPlan>[1],
  fullPrice: number,
): Promise<{ fee: number; covered: boolean }> {
  const plan = await benefitPlan(patientId, input);
  if (!plan || !(fullPrice > 0)) return { fee: fullPrice, covered: false };
  if (plan.benefit === 'labDiscount') {
    const fee = labDiscount(plan, { consultationFee: fullPrice } as Appointment).consultationFee ?? fullPrice;
    return { fee, covered: fee === 0 };
  }
  const usages = await Promise.all(plan.candidates.map((c) => usageRef(c.usageId).get()));
  return firstWithAllowanceLeft(plan, plan.benefit, usages) >= 0 ? { fee: 0, covered: true } : { fee: fullPrice, covered: false };
}

/**
 * Inside the booking transaction, with its other reads (reads only): the allowance of each
 * candidate is read and the first with a place left covers the booking. Answers the
 * appointment as it is to be stored; countBenefit() then writes the use.
 */
export async function applyBenefits(
  tx: Transaction,
  plan: BenefitPlan | undefined,
  appointment: Appointment,
): Promise<Appointment> {
  if (!plan) return appointment;
  if (plan.benefit === 'labDiscount') return { ...appointment, ...labDiscount(plan, appointment) };
  // A package never spends an allowance on what costs nothing: free home services leave it
  // untouched (docs/patient-experience.md). Should a service get a price, it is covered as usual.
  if (!(appointment.consultationFee > 0)) return appointment;
  const benefit = plan.benefit;
  const usages = await Promise.all(plan.candidates.map((c) => tx.get(usageRef(c.usageId))));
  const i = firstWithAllowanceLeft(plan, benefit, usages);
  if (i < 0) return appointment;
  const chosen = plan.candidates[i];
  const used = (usages[i].data()?.[benefit] ?? 0) + 1;
  const allowance = allowanceOf(chosen.pkg.benefits, benefit);
  const coverage: Coverage = {
    subscriptionId: chosen.subscriptionId,
    packageTitle: chosen.pkg.packageTitle,
    benefit,
    used,
    left: leftOf(allowance, used),
    ...(appointment.consultationFee > 0 ? { fullPrice: appointment.consultationFee } : {}),
    note: coverageNote(chosen.pkg.packageTitle, benefit, allowance, used),
  };
  const covered: AppointmentCoverage = {
    coveredBy: chosen.subscriptionId,
    coverageUsageId: chosen.usageId,
    coverageBenefit: benefit,
    fullPrice: appointment.consultationFee,
    coverage,
  };
  return { ...appointment, ...covered, consultationFee: 0, requiresPayment: false, paymentStatus: PAYMENT_STATUS.NotApplicable };
}

/** Counts a covered booking's use (writes only: after the transaction's reads, with its other writes). */
export function countBenefit(tx: Transaction, plan: BenefitPlan | undefined, a: Appointment): void {
  const chosen = plan?.candidates.find((c) => c.usageId === a.coverageUsageId);
  if (!chosen || !a.coveredBy || !a.coverageBenefit || a.coverageBenefit === 'labDiscount') return;
  tx.set(
    usageRef(chosen.usageId),
    {
      subscriptionId: chosen.subscriptionId,
      patientId: plan!.patientId,
      windowStart: chosen.windowStart.toISOString(),
      [a.coverageBenefit]: FieldValue.increment(1),
    },
    { merge: true },
  );
}

/**
 * Gives a covered appointment's allowance back (cancelled or declined). Writes only (an
 * increment), so it may come after the transaction's other writes.
 */
export function releaseBenefit(tx: Transaction, a: Pick<Appointment, 'coveredBy' | 'coverageUsageId' | 'coverageBenefit'>): void {
  if (!a.coveredBy || !a.coverageUsageId || !a.coverageBenefit || a.coverageBenefit === 'labDiscount') return;
  tx.set(usageRef(a.coverageUsageId), { [a.coverageBenefit]: FieldValue.increment(-1) }, { merge: true });
}
