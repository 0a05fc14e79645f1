import { Check } from 'lucide-react';
import { formatDate } from '@api/format';
import { TRIAL_DAYS } from '@api/policy';
import type { SubscriptionView } from '@api/types';
import { FREE_PACKAGE_AMOUNT } from '@api/prices';
import { priceKind, type Package } from '@/features/packages/api/packages';
import { benefitLines } from '@/shared/subscriptions/benefits';
import { copyFor } from '@/features/packages/content';

const BUTTON = { trial: 'Get Started', monthly: 'Subscribe now', custom: 'Make Enquiries' } as const;

interface PackageCardProps {
  pkg: Package;
  onSelect: (pkg: Package) => void;
  /** The signed-in patient's running subscription to this package, if any. */
  current?: SubscriptionView;
}

export function PackageCard({ pkg, onSelect, current }: PackageCardProps) {
  const kind = priceKind(pkg.packagePrice);
  const { badge, description } = copyFor(pkg.id);
  const headingId = `package-${pkg.id}`;
  // The benefits the server applies, in words. A custom-priced package (Corporate) is agreed on
  // enquiry, so its own items describe it rather than automatic allowances.
  const highlights =
    pkg.benefits && kind !== 'custom'
      ? benefitLines(pkg.benefits)
      : pkg.packageItems.slice(0, 4).map((item) => `${item.itemName}: ${item.itemValue}`);
  return (
    <article className={`package-card${pkg.id === 'family-care' ? ' package-card--featured' : ''}`} aria-labelledby={headingId}>
      <span className="package-badge">{badge}</span>
      <h2 id={headingId}>{pkg.packageTitle}</h2>
      <p className="package-description">{description}</p>
      <p className="package-price">
        {kind === 'trial' && (
          <>
            <strong>Free {TRIAL_DAYS}-Day Trial</strong>
            <span className="package-price-after">
              No payment today; GHS {FREE_PACKAGE_AMOUNT}/month after, only if you renew
            </span>
          </>
        )}
        {kind === 'monthly' && (
          <>
            <strong>GHS {pkg.packagePrice}</strong>
            <span>/month</span>
          </>
        )}
        {kind === 'custom' && <strong>{String(pkg.packagePrice)}</strong>}
      </p>
      {current?.periodEnd && (
        <p className="package-current">
          Your package: {current.status === 'Trial' ? 'free trial' : current.status === 'Cancelled' ? 'not renewing' : 'active'}{' '}
          until {formatDate(current.periodEnd)}
        </p>
      )}
      <ul className="package-highlights">
        {highlights.map((line) => (
          <li key={line}>
            <Check aria-hidden="true" size={18} />
            <span>{line}</span>
          </li>
        ))}
      </ul>
      <button type="button" className={`btn ${kind === 'custom' ? 'btn-outline' : 'btn-primary'}`} onClick={() => onSelect(pkg)}>
        {BUTTON[kind]}
        <span className="visually-hidden"> ({pkg.packageTitle})</span>
      </button>
    </article>
  );
}
