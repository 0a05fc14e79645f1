import { useFormikContext } from 'formik';
import { benefitFor, coveredSentence, type PackageBenefits, type SubscriptionUsage } from '@api/subscriptions-contract';
import { useSubscriptions } from '@/shared/subscriptions/subscription-queries';
import { currentSubscription } from '@/shared/subscriptions/subscriptions';
import type { BookingValues } from '@/features/appointments/api/appointments';
import { hasLeft } from '@/shared/subscriptions/benefits';

export interface Cover {
  packageTitle: string;
  benefits: PackageBenefits;
  usage: Pick<SubscriptionUsage, 'virtualConsultations' | 'homeVisits'>;
}

/** Who the booking is for, as the server decides cover: the patient, a named family member, or someone else. */
export type BookedFor = 'self' | 'dependant' | 'other';

const leftText = (left: number | 'unlimited', what: string) =>
  left === 'unlimited' ? '' : ` (${left} ${what}${left === 1 ? '' : 's'} left this month)`;

/** What the patient's package does for this booking, in a sentence, or nothing. The server decides the fee. */
export function coverageText(
  booking: { serviceId: number; option?: string; bookedFor: BookedFor },
  { packageTitle, benefits, usage }: Cover,
): string | undefined {
  // A package covers someone else only when they are on the family list and it covers several people.
  if (booking.bookedFor === 'other' || (booking.bookedFor === 'dependant' && benefits.people <= 1)) return undefined;
  const benefit = benefitFor({ requestedServiceId: booking.serviceId, requestedServiceOption: booking.option });
  if (benefit === 'virtualConsultation' && benefits.virtualConsultationsPerPeriod !== 0) {
    const u = usage.virtualConsultations;
    return hasLeft(u)
      ? `${coveredSentence(packageTitle)}${leftText(u.left, 'consultation')}.`
      : `You have used this month's consultations in your ${packageTitle}, so this one is paid as usual.`;
  }
  // Home services are free to book, and a package never spends an allowance on what costs nothing (services/packages/benefits.ts).
  if (benefit === 'homeVisit' && benefits.homeVisitsPerPeriod !== 0)
    return `This home visit is free, so it does not use your ${packageTitle}'s home visits.`;
  if (benefit === 'labDiscount' && benefits.labDiscountPercent > 0)
    return `Your ${packageTitle} takes ${benefits.labDiscountPercent}% off lab tests.`;
  return undefined;
}

const bookedFor = (v: BookingValues): BookedFor => (v.bookFor !== 'OTHERS' ? 'self' : v.dependantId ? 'dependant' : 'other');

/** The signed-in patient's live package, as coverageText reads it, or undefined. */
export function useCover(patientId: string | undefined): Cover | undefined {
  const subscription = currentSubscription(useSubscriptions(patientId ?? '', !!patientId).data);
  if (!subscription?.benefits || !subscription.usage) return undefined;
  return { packageTitle: subscription.packageTitle, benefits: subscription.benefits, usage: subscription.usage };
}

const formCoverageText = (values: BookingValues, cover: Cover | undefined) =>
  cover
    ? coverageText(
        { serviceId: Number(values.requestedServiceId), option: values.requestedServiceOption, bookedFor: bookedFor(values) },
        cover,
      )
    : undefined;

/**
 * The covered sentence ('Covered by your Individual trial: nothing to pay …') when the package
 * makes this booking free, so the page and the confirmation say that instead of a fee.
 */
export function coveredText(values: BookingValues, cover: Cover | undefined): string | undefined {
  const text = formCoverageText(values, cover);
  return text?.startsWith('Covered by your ') ? text : undefined;
}

/** Before submit: says when the signed-in patient's live package covers the chosen service. */
export function CoverageNote({ patientId }: { patientId?: string }) {
  const { values } = useFormikContext<BookingValues>();
  const text = formCoverageText(values, useCover(patientId));
  return text ? (
    <p className="coverage-note" role="status">
      {text}
    </p>
  ) : null;
}
