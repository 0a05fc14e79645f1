import { CreditCard, Smartphone } from 'lucide-react';
import { useId, type ReactNode } from 'react';
import { TabList } from '@/components/tab-list';
import type { PaymentMethod } from '@/features/products/api/pay-order';

const TABS: { id: PaymentMethod; label: string; icon: ReactNode }[] = [
  { id: 'mobile-money', label: 'Mobile Money', icon: <Smartphone aria-hidden="true" size={18} /> },
  { id: 'card', label: 'Credit Card', icon: <CreditCard aria-hidden="true" size={18} /> },
];

/** How to pay, as tabs (components/tab-list.tsx): the chosen one's panel is shown. */
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
  const ids = (id: PaymentMethod) => ({ tab: `${baseId}-${id}-tab`, panel: `${baseId}-${id}-panel` });

  return (
    <div className="payment-tabs">
      <TabList
        name="Payment method"
        tabs={TABS.map(({ id, label, icon }) => ({
          id,
          label: (
            <>
              {icon} {label}
            </>
          ),
        }))}
        value={value}
        onChange={onChange}
        ids={ids}
      />
      {TABS.map((t) => (
        <div key={t.id} role="tabpanel" id={ids(t.id).panel} aria-labelledby={ids(t.id).tab} hidden={value !== t.id}>
          {value === t.id && panels[t.id]}
        </div>
      ))}
    </div>
  );
}
