import type { CSSProperties } from 'react';

/** The full-page overlay shown while a call runs ('Just a moment ...', ball-spin). */
export function SpinnerOverlay({ show, text = 'Just a moment ...' }: { show: boolean; text?: string }) {
  if (!show) return null;
  return (
    <div className="spinner-overlay" role="status" aria-live="polite">
      <div className="ball-spin" aria-hidden="true">
        {Array.from({ length: 8 }, (_, i) => (
          <span key={i} style={{ '--i': i } as CSSProperties} />
        ))}
      </div>
      <p>{text}</p>
    </div>
  );
}

/** A small inline loading line for sections that wait on data. */
export function Loading({ text = 'Loading…' }: { text?: string }) {
  return (
    <p className="loading" role="status">
      {text}
    </p>
  );
}
