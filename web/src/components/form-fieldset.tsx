import type { ReactNode } from 'react';
import { useHydrated } from '@/lib/hydration';

/**
 * Holds a form's fields and buttons, disabled until React has taken over a prerendered page:
 * nothing typed is lost to hydration and nothing is sent by the browser on its own. It adds
 * no box of its own (display: contents), so the form's grid is unchanged.
 */
export function FormFieldset({ children }: { children: ReactNode }) {
  const hydrated = useHydrated();
  return (
    <fieldset className="form-fieldset" disabled={!hydrated}>
      {children}
    </fieldset>
  );
}
