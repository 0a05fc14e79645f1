import { useFormikContext } from 'formik';
import { SERVICE_ID } from '@api/service-catalog';
import type { PackageBenefits, SubscriptionUsage } from '@/features/accounts/api/subscription-contract';
import { useSubscriptions } from '@/features/accounts/api/subscription-queries';
import { currentSubscription } from '@/features/accounts/api/subscriptions';
import type { Appointment, BookingValues } from '@/features/appointments/api/appointments';
import { hasLeft } from '@/features/packages/benefits';

/** The services a package's home-visit allowance counts. */
const HOME_VISIT_SERVICES: number[] = [2, 3, 4];

interface Cover {
  packageTitle: string;
  benefits: PackageBenefits;
  usage: SubscriptionUsage;
}

const leftText = (left: number | 'unlimited', what: string) =>
  left === 'unlimited' ? '' : ` (${left} ${what}${left === 1 ? '' : 's'} left this month)`;

/** What the patient's package does for this service, in a sentence, or nothing. The server decides the fee. */
export function coverageText(serviceId: number, { packageTitle, benefits, usage }: Cover): string | undefined {
  if (serviceId === SERVICE_ID.virtualConsultation && benefits.virtualConsultationsPerPeriod !== 0) {
    const u = usage.virtualConsultations;
    return hasLeft(u)
      ? `Your ${packageTitle} covers this consultation: nothing to pay${leftText(u.left, 'consultation')}.`
      : `You have used this month's consultations in your ${packageTitle}, so this one is paid as usual.`;
  }
  if (HOME_VISIT_SERVICES.includes(serviceId) && benefits.homeVisitsPerPeriod !== 0 && hasLeft(usage.homeVisits))
    return `Your ${packageTitle} covers this home visit${leftText(usage.homeVisits.left, 'home visit')}.`;
  if (serviceId === SERVICE_ID.labTests && benefits.labDiscountPercent > 0)
    return `Your ${packageTitle} takes ${benefits.labDiscountPercent}% off lab tests.`;
  return undefined;
}

/** Before submit: says when the signed-in patient's live package covers the chosen service. */
export function CoverageNote({ patientId }: { patientId?: string }) {
  const { values } = useFormikContext<BookingValues>();
  const subscription = currentSubscription(useSubscriptions(patientId ?? '', !!patientId).data);
  if (!subscription?.benefits || !subscription.usage) return null;
  const text = coverageText(Number(values.requestedServiceId), {
    packageTitle: subscription.packageTitle,
    benefits: subscription.benefits,
    usage: subscription.usage,
  });
  return text ? (
    <p className="coverage-note" role="status">
      {text}
    </p>
  ) : null;
}

/** The success dialog's text after booking: what the package covered (the server's note), or the usual. */
export const bookedText = (a: Appointment, usual: string) => (a.coverage ? `${a.coverage.note} ${usual}` : usual);
