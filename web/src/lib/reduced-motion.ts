import { useSyncExternalStore } from 'react';

const QUERY = '(prefers-reduced-motion: reduce)';

/** Whether the visitor asked their device for less motion (false where it cannot be known). */
export const prefersReducedMotion = (): boolean => typeof window !== 'undefined' && (window.matchMedia?.(QUERY).matches ?? false);

function subscribe(onChange: () => void): () => void {
  const query = window.matchMedia?.(QUERY);
  query?.addEventListener('change', onChange);
  return () => query?.removeEventListener('change', onChange);
}

/** The same, kept current; false in prerendered HTML and while React takes it over. */
export const usePrefersReducedMotion = (): boolean => useSyncExternalStore(subscribe, prefersReducedMotion, () => false);
