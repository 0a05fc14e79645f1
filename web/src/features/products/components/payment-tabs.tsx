import { CreditCard, Smartphone } from 'lucide-react';
import { useId, useRef, type KeyboardEvent, type ReactNode } from 'react';
import type { PaymentMethod } from '@/features/products/api/pay-order';

const TABS: { id: PaymentMethod; label: string; icon: ReactNode }[] = [
  { id: 'mobile-money', label: 'Mobile Money', icon: <Smartphone aria-hidden="true" size={18} /> },
  { id: 'card', label: 'Credit Card', icon: <CreditCard aria-hidden="true" size={18} /> },
];

/** WAI-ARIA tabs: arrow keys move between them, the chosen one's panel is shown. */
export function PaymentTabs({
  value,
  onChange,
  panels,
}: {
  value: PaymentMethod;
  onChange: (m: PaymentMethod) => void;
  panels: Record<PaymentMethod, ReactNode>;
}) {
  const baseId = useId();
  const refs = useRef<Record<string, HTMLButtonElement | null>>({});

  function onKeyDown(e: KeyboardEvent) {
    const index = TABS.findIndex((t) => t.id === value);
    const step = e.key === 'ArrowRight' ? 1 : e.key === 'ArrowLeft' ? -1 : 0;
    if (!step) return;
    e.preventDefault();
    const next = TABS[(index + step + TABS.length) % TABS.length].id;
    onChange(next);
    refs.current[next]?.focus();
  }

  return (
    <div className="payment-tabs">
      <div role="tablist" aria-label="Payment method" onKeyDown={onKeyDown}>
        {TABS.map((t) => (
          <button
            key={t.id}
            ref={(el) => {
              refs.current[t.id] = el;
            }}
            type="button"
            role="tab"
            id={`${baseId}-${t.id}-tab`}
            aria-selected={value === t.id}
            aria-controls={`${baseId}-${t.id}-panel`}
            tabIndex={value === t.id ? 0 : -1}
            onClick={() => onChange(t.id)}
          >
            {t.icon} {t.label}
          </button>
        ))}
      </div>
      {TABS.map((t) => (
        <div
          key={t.id}
          role="tabpanel"
          id={`${baseId}-${t.id}-panel`}
          aria-labelledby={`${baseId}-${t.id}-tab`}
          hidden={value !== t.id}
        >
          {value === t.id && panels[t.id]}
        </div>
      ))}
    </div>
  );
}
