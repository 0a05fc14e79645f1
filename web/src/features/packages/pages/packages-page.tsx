import { Suspense, useEffect, useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { TRIAL_DAYS } from '@api/policy';
import { ERROR_TITLE, PAYMENT_ERROR } from '@api/messages';
import { Loading, SpinnerOverlay } from '@/components/spinner';
import { usePageTitle } from '@/components/page-title';
import { LazyEnquiryModal } from '@/features/enquiries/components/lazy-enquiry-modal';
import { getPackages, priceKind, type Package } from '@/features/packages/api/packages';
import { CompareFeatures } from '@/features/packages/components/compare-features';
import { PackageCard } from '@/features/packages/components/package-card';
import { subscribeToPackage } from '@/features/payments/api/subscriptions';
import { isSignedIn, promptLogin } from '@/features/payments/login-prompt';
import { usePaymentFlow } from '@/features/payments/use-payment-flow';
import { ApiError } from '@/lib/api-client';
import { showError } from '@/lib/dialogs';
import '../packages.css';

type Load = { state: 'loading' } | { state: 'failed'; msg: string } | { state: 'ready'; packages: Package[] };

export default function PackagesPage() {
  usePageTitle('Our Pricing Plans');
  const navigate = useNavigate();
  const [load, setLoad] = useState<Load>({ state: 'loading' });
  const [enquiryOpen, setEnquiryOpen] = useState(false);
  const [subscribing, setSubscribing] = useState(false);
  const payment = usePaymentFlow({ onPaid: () => navigate('/dashboard/profile') });

  useEffect(() => {
    let live = true;
    getPackages()
      .then((packages) => live && setLoad({ state: 'ready', packages }))
      .catch((err: unknown) => live && setLoad({ state: 'failed', msg: err instanceof ApiError ? err.message : PAYMENT_ERROR }));
    return () => {
      live = false;
    };
  }, []);

  /** Spec section 4: Custom Pricing enquires; otherwise log in, subscribe (or reuse the unpaid one), then pay. */
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
      setSubscribing(false);
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
        {load.state === 'loading' && <Loading text="Loading our plans…" />}
        {load.state === 'failed' && (
          <p className="packages-error" role="alert">
            {load.msg}
          </p>
        )}
        {load.state === 'ready' && (
          <>
            <div className="package-grid">
              {load.packages.map((pkg) => (
                <PackageCard key={pkg.id} pkg={pkg} onSelect={(p) => void select(p)} />
              ))}
            </div>
            <CompareFeatures packages={load.packages} />
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
