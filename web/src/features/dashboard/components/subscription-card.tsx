import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { Link } from 'react-router-dom';
import { formatDate, formatGhs } from '@api/format';
import { PERIOD_DAYS, TRIAL_DAYS } from '@api/policy';
import { DetailsList, type DetailRow } from '@/components/details-list';
import { Loading, SpinnerOverlay } from '@/components/spinner';
import { Modal } from '@/components/modal';
import { subscriptionKeys, useSubscriptions } from '@/shared/subscriptions/subscription-queries';
import { currentSubscription, type Subscription } from '@/shared/subscriptions/subscriptions';
import { benefitLines, usageLines } from '@/shared/subscriptions/benefits';
import { cancelRenewal, renewSubscription } from '@/shared/subscriptions/subscription-requests';
import { usePaymentFlow } from '@/shared/payments/use-payment-flow';
import { ApiError } from '@/lib/api-client';
import { confirm, showApiError, showSuccess } from '@/lib/dialogs';
import { DashboardCard } from '@/features/dashboard/components/dashboard-card';
import { Autorenew } from '@/features/dashboard/components/autorenew';

const priceText = (price: number | string) =>
  typeof price === 'number' ? `GHS ${price}/month` : price === 'Free' ? `Free ${TRIAL_DAYS}-Day Trial` : price;

const daysLeftText = (days: number | undefined) =>
  days === undefined ? '' : days === 1 ? ' (1 day left)' : ` (${days} days left)`;

/** What the patient reads about renewal: the date it opens, or that it stops at the end. */
function renewalNote(s: Subscription): string | undefined {
  if (s.status === 'Cancelled') return `Renewal cancelled: your package runs until ${formatDate(s.periodEnd)}.`;
  if (!s.canRenew && s.renewOpensOn) return `Renewal opens on ${formatDate(s.renewOpensOn)}`;
  return undefined;
}

function rowsOf(s: Subscription): DetailRow[] {
  const rows: DetailRow[] = [
    ['Package', s.packageTitle],
    [
      'Status',
      <span className={`status-badge${s.status === 'Cancelled' ? ' pending' : ''}`}>{s.status ?? s.paymentStatus}</span>,
    ],
  ];
  if (s.periodStart && s.periodEnd)
    rows.push(['Period', `${formatDate(s.periodStart)} to ${formatDate(s.periodEnd)}${daysLeftText(s.daysLeft)}`]);
  else rows.push(['Duration', `${s.duration} days`]);
  // Nothing renews by itself unless the patient turned on the direct debit: a trial says what renewing would cost, only if they choose to.
  // A direct debit that is on says when and how much itself (Autorenew).
  const renewsByDebit = s.mandate?.status === 'Active';
  if (s.renewalAmount !== undefined && s.status === 'Trial' && !renewsByDebit)
    rows.push(['After the trial', `${formatGhs(s.renewalAmount)} for ${PERIOD_DAYS} days, only if you renew`]);
  else if (s.renewalAmount !== undefined && s.status !== 'Cancelled' && !renewsByDebit)
    rows.push(['Renewal', `${formatGhs(s.renewalAmount)} for the next ${PERIOD_DAYS} days`]);
  if (s.benefits && s.usage) {
    const lines = usageLines(s.benefits, s.usage);
    if (lines.length)
      rows.push([
        'This period',
        <ul className="usage">
          {lines.map((line) => (
            <li key={line}>{line}</li>
          ))}
        </ul>,
      ]);
  }
  return rows;
}

/**
 * The patient's package: its status, period, what is used and left, Renew and Cancel renewal;
 * or the empty state (none, unpaid or expired) with a link to /packages.
 */
export function SubscriptionCard({ patientId }: { patientId: string }) {
  const subscriptions = useSubscriptions(patientId);
  const queryClient = useQueryClient();
  const [benefitsOpen, setBenefitsOpen] = useState(false);
  const [busy, setBusy] = useState(false);
  const refresh = () => void queryClient.invalidateQueries({ queryKey: subscriptionKeys.all });
  const payment = usePaymentFlow({ onPaid: refresh });

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

  async function renew(s: Subscription) {
    setBusy(true);
    try {
      const renewal = await renewSubscription(s.id);
      setBusy(false);
      await payment.pay({
        clientReference: renewal.clientReference,
        paymentText: `Renewal of ${s.packageTitle}`,
        amount: renewal.amount,
        successText: `Your ${s.packageTitle} is renewed for another month. We have e-mailed your receipt.`,
      });
    } catch (err) {
      setBusy(false);
      await showApiError(err);
    }
  }

  async function cancel(s: Subscription) {
    const until = formatDate(s.periodEnd);
    const question = `Your ${s.packageTitle} will not renew. It runs to ${until} and its benefits stay until then.`;
    if (!(await confirm('Cancel renewal?', 'Yes, cancel renewal', question, 'Keep renewal'))) return;
    setBusy(true);
    try {
      await cancelRenewal(s.id);
      refresh();
      setBusy(false);
      await showSuccess('Renewal cancelled', `Your ${s.packageTitle} runs until ${until}.`);
    } catch (err) {
      setBusy(false);
      await showApiError(err);
    }
  }

  return (
    <DashboardCard id="subscription-heading" title="My package">
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
          <DetailsList rows={rowsOf(state.subscription)} />
          {renewalNote(state.subscription) && <p className="renewal-note">{renewalNote(state.subscription)}</p>}
          <div className="form-actions">
            <button type="button" className="btn btn-outline" onClick={() => setBenefitsOpen(true)}>
              View Benefits
            </button>
            {state.subscription.canRenew && state.subscription.mandate?.status !== 'Active' && (
              <button type="button" className="btn btn-primary" onClick={() => void renew(state.subscription)}>
                Renew
              </button>
            )}
            {state.subscription.status === 'Active' && (
              <button type="button" className="btn btn-outline danger" onClick={() => void cancel(state.subscription)}>
                Cancel renewal
              </button>
            )}
          </div>
          <Autorenew subscription={state.subscription} onChange={refresh} />
          <Modal open={benefitsOpen} onClose={() => setBenefitsOpen(false)} title={state.subscription.packageTitle}>
            <p className="modal-intro">{priceText(state.subscription.packagePrice)}</p>
            <ul className="benefits">
              {state.subscription.benefits
                ? benefitLines(state.subscription.benefits).map((line) => <li key={line}>{line}</li>)
                : state.subscription.packageItems.map((item) => (
                    <li key={item.itemName}>
                      <strong>{item.itemName}</strong> {item.itemValue}
                      {item.benefit && <span className="benefit-note"> — {item.benefit}</span>}
                    </li>
                  ))}
            </ul>
          </Modal>
        </>
      )}
      <SpinnerOverlay show={busy} />
      {payment.element}
    </DashboardCard>
  );
}
