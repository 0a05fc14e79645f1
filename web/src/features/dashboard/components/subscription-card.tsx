import { useState } from 'react';
import { Link } from 'react-router-dom';
import { TRIAL_DAYS } from '@api/policy';
import { formatGhs } from '@api/format';
import { DetailsList } from '@/components/details-list';
import { Loading } from '@/components/spinner';
import { Modal } from '@/components/modal';
import { useSubscriptions } from '@/features/accounts/api/subscription-queries';
import { currentSubscription } from '@/features/accounts/api/subscriptions';
import { ApiError } from '@/lib/api-client';

const priceText = (price: number | string) =>
  typeof price === 'number' ? `GHS ${price}/month` : price === 'Free' ? `Free ${TRIAL_DAYS}-Day Trial` : price;

/** The patient's package: a paid subscription, or the spec's empty state with a link to /packages. */
export function SubscriptionCard({ patientId }: { patientId: string }) {
  const subscriptions = useSubscriptions(patientId);
  const [benefitsOpen, setBenefitsOpen] = useState(false);

  const subscription = currentSubscription(subscriptions.data);
  // 404: no subscription yet. Anything else: say so, rather than claim there is none.
  const noneYet = subscriptions.error instanceof ApiError && subscriptions.error.status === 404;
  const state = subscriptions.isPending
    ? { status: 'loading' as const }
    : subscription
      ? { status: 'ready' as const, subscription }
      : subscriptions.isError && !noneYet
        ? { status: 'failed' as const }
        : { status: 'none' as const };

  return (
    <section className="profile-card" aria-labelledby="subscription-heading">
      <h2 id="subscription-heading">My package</h2>
      {state.status === 'loading' && <Loading text="Loading your package…" />}
      {state.status === 'failed' && (
        <p role="alert">We could not load your package just now. Please refresh the page in a moment.</p>
      )}
      {state.status === 'none' && (
        <>
          <p>You haven&apos;t subscribed to any package</p>
          <Link to="/packages" className="btn btn-primary">
            See our packages
          </Link>
        </>
      )}
      {state.status === 'ready' && (
        <>
          <DetailsList
            rows={[
              ['Package', state.subscription.packageTitle],
              ['Payment status', <span className="status-badge">{state.subscription.paymentStatus}</span>],
              ['Duration', `${state.subscription.duration} days`],
              ['Amount', formatGhs(state.subscription.amount, 'GHS')],
            ]}
          />
          <div className="form-actions">
            <button type="button" className="btn btn-outline" onClick={() => setBenefitsOpen(true)}>
              View Benefits
            </button>
          </div>
          <Modal open={benefitsOpen} onClose={() => setBenefitsOpen(false)} title={state.subscription.packageTitle}>
            <p className="modal-intro">{priceText(state.subscription.packagePrice)}</p>
            <ul className="benefits">
              {state.subscription.packageItems.map((item) => (
                <li key={item.itemName}>
                  <strong>{item.itemName}</strong> {item.itemValue}
                  {item.benefit && <span className="benefit-note"> — {item.benefit}</span>}
                </li>
              ))}
            </ul>
          </Modal>
        </>
      )}
    </section>
  );
}
