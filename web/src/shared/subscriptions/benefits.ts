/**
 * The one place that puts a package's benefits into words: the packages page, View Benefits,
 * the profile's package card and the booking form's coverage note all read them from here.
 */
import type { Allowance, BenefitUsage, PackageBenefits, SubscriptionUsage } from '@api/subscriptions-contract';

const plural = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`;

const allowance = (a: Allowance, one: string, many: string) => (a === 'unlimited' ? `Unlimited ${many}` : plural(a, one, many));

/** The benefits as short lines, e.g. '2 virtual consultations a month'; nothing for a benefit of 0. */
export function benefitLines(b: PackageBenefits): string[] {
  const lines: string[] = [];
  if (b.virtualConsultationsPerPeriod !== 0)
    lines.push(`${allowance(b.virtualConsultationsPerPeriod, 'virtual consultation', 'virtual consultations')} a month`);
  if (b.homeVisitsPerPeriod !== 0) lines.push(`${allowance(b.homeVisitsPerPeriod, 'home visit', 'home visits')} a month`);
  if (b.labDiscountPercent > 0) lines.push(`${b.labDiscountPercent}% off lab tests`);
  lines.push(b.people > 1 ? `Covers up to ${b.people} people` : 'Covers 1 person');
  return lines;
}

const usageText = (label: string, u: BenefitUsage) =>
  u.left === 'unlimited' ? `${label}: ${u.used} used, unlimited left` : `${label}: ${u.used} used, ${u.left} left`;

/** This period's usage as lines for the profile ('Virtual consultations: 1 used, 1 left'); skips benefits the package lacks. */
export function usageLines(b: PackageBenefits, u: Pick<SubscriptionUsage, 'virtualConsultations' | 'homeVisits'>): string[] {
  const lines: string[] = [];
  if (b.virtualConsultationsPerPeriod !== 0) lines.push(usageText('Virtual consultations', u.virtualConsultations));
  if (b.homeVisitsPerPeriod !== 0) lines.push(usageText('Home visits', u.homeVisits));
  return lines;
}

/** Whether a benefit has any left this period. */
export const hasLeft = (u: BenefitUsage) => u.left === 'unlimited' || u.left > 0;
