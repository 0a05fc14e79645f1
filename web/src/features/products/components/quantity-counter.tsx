import { Minus, Plus } from 'lucide-react';
import { MAX_ORDER_QUANTITY } from '@api/policy';

export const MIN_QUANTITY = 1;

/** Keeps a typed or stepped quantity a whole number from 1 to MAX_ORDER_QUANTITY (never below 1). */
export const clampQuantity = (value: number) =>
  Number.isFinite(value) ? Math.min(MAX_ORDER_QUANTITY, Math.max(MIN_QUANTITY, Math.trunc(value))) : MIN_QUANTITY;

export function QuantityCounter({
  value,
  onChange,
  label = 'Quantity',
}: {
  value: number;
  onChange: (n: number) => void;
  label?: string;
}) {
  return (
    <div className="quantity-counter" role="group" aria-label={label}>
      <button
        type="button"
        aria-label="Decrease quantity"
        disabled={value <= MIN_QUANTITY}
        onClick={() => onChange(clampQuantity(value - 1))}
      >
        <Minus aria-hidden="true" size={18} />
      </button>
      <input
        type="number"
        inputMode="numeric"
        aria-label={label}
        min={MIN_QUANTITY}
        max={MAX_ORDER_QUANTITY}
        value={value}
        onChange={(e) => onChange(clampQuantity(e.target.valueAsNumber))}
      />
      <button
        type="button"
        aria-label="Increase quantity"
        disabled={value >= MAX_ORDER_QUANTITY}
        onClick={() => onChange(clampQuantity(value + 1))}
      >
        <Plus aria-hidden="true" size={18} />
      </button>
    </div>
  );
}
