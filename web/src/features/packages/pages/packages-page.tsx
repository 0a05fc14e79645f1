import { useQueryClient } from '@tanstack/react-query';
import { Suspense, useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { formatDate } from '@api/format';
import { TRIAL_DAYS } from '@api/policy';
import { ERROR_TITLE, PAYMENT_ERROR } from '@api/messages';
import { Loading, SpinnerOverlay } from '@/components/spinner';
import { usePageTitle } from '@/components/page-title';
import { LazyEnquiryModal } from '@/features/enquiries/components/lazy-enquiry-modal';
import { subscriptionKeys, useSubscriptions } from '@/shared/subscriptions/subscription-queries';
import { currentSubscription } from '@/shared/subscriptions/subscriptions';
import { patientIdOf } from '@/shared/session/patient-id';
import { useSession } from '@/shared/session/session';
import { priceKind, usePackages, type Package } from '@/features/packages/api/packages';
import { CompareFeatures } from '@/features/packages/components/compare-features';
import { PackageCard } from '@/features/packages/components/package-card';
import { subscribeToPackage } from '@/shared/subscriptions/subscription-requests';
import { isSignedIn, promptLogin } from '@/lib/login-prompt';
import { usePaymentFlow } from '@/shared/payments/use-payment-flow';
import { ApiError, apiMessage } from '@/lib/api-client';
import { showError, showSuccess } from '@/lib/dialogs';
import '../packages.css';
import { PAYMENT_STATUS } from '@api/types';

export default function PackagesPage() {
  usePageTitle('Our Pricing Plans');
  const navigate = useNavigate();
  const packages = usePackages();
  const queryClient = useQueryClient();
  const patientId = patientIdOf(useSession({ unhurried: true })) ?? '';
  // A signed-in patient sees which package runs for them and until when.
  const current = currentSubscription(useSubscriptions(patientId, !!patientId).data);
  const [enquiryOpen, setEnquiryOpen] = useState(false);
  const [subscribing, setSubscribing] = useState(false);
  const payment = usePaymentFlow({
    onPaid: () => {
      void queryClient.invalidateQueries({ queryKey: subscriptionKeys.all });
      navigate('/dashboard/profile');
    },
  });

  /**
   * Spec section 4: Custom Pricing enquires; otherwise log in and subscribe. The Free package
   * starts its trial at once (no payment); a paid one (or the reused unpaid one) is then paid.
   */
  async function select(pkg: Package) {
    if (priceKind(pkg.packagePrice) === 'custom') return setEnquiryOpen(true);
    setSubscribing(true);
    const signedIn = await isSignedIn().catch(() => false);
    if (!signedIn) {
      setSubscribing(false);
      const to = await promptLogin('/packages');
      if (to) navigate(to);
      return;
    }
    try {
      const subscription = await subscribeToPackage({ packageId: pkg.id });
      void queryClient.invalidateQueries({ queryKey: subscriptionKeys.all });
      setSubscribing(false);
      if (subscription.paymentStatus === PAYMENT_STATUS.Trial) {
        await showSuccess(
          'Your free trial has started',
          `Your ${subscription.packageTitle} is free until ${formatDate(subscription.periodEnd)}. Nothing to pay now: ` +
            'we will remind you before it ends, and you can renew from your profile.',
        );
        return navigate('/dashboard/profile');
      }
      await payment.pay({
        clientReference: subscription.clientReference,
        paymentText: `Subscription for ${subscription.packageTitle}`,
        amount: subscription.amount,
        successText: `Your ${subscription.packageTitle} is now active for ${subscription.duration} days. We have e-mailed your receipt.`,
      });
    } catch (err) {
      setSubscribing(false);
      const clientFault = err instanceof ApiError && err.status >= 400 && err.status < 500 && err.status !== 401;
      await showError(clientFault ? err.message : PAYMENT_ERROR, ERROR_TITLE);
    }
  }

  return (
    <div className="page packages-page">
      <header className="container packages-intro">
        <h1>Our Pricing Plans</h1>
        <p>
          Simple, affordable plans with no commitment. Start with a free {TRIAL_DAYS}-day trial, pay monthly by Mobile Money or
          card, and cancel anytime.
        </p>
      </header>
      <div className="container">
        {packages.isPending && <Loading text="Loading our plans…" />}
        {packages.isError && (
          <p className="packages-error" role="alert">
            {apiMessage(packages.error, PAYMENT_ERROR)}
          </p>
        )}
        {packages.data && (
          <>
            <div className="package-grid">
              {packages.data.map((pkg) => (
                <PackageCard
                  key={pkg.id}
                  pkg={pkg}
                  current={current?.packageId === pkg.id ? current : undefined}
                  onSelect={(p) => void select(p)}
                />
              ))}
            </div>
            <CompareFeatures packages={packages.data} />
          </>
        )}
      </div>
      <SpinnerOverlay show={subscribing} />
      {payment.element}
      {enquiryOpen && (
        <Suspense fallback={null}>
          <LazyEnquiryModal open onClose={() => setEnquiryOpen(false)} />
        </Suspense>
      )}
    </div>
  );
}
