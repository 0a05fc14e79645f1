import { useFormikContext } from 'formik';
import { useEffect, useRef } from 'react';
import { REQUIRED } from '@/lib/form-words';

/**
 * Put inside a Formik form: when a submit is stopped by the form's schema, the dialog names the
 * refused fields and focus moves to the first (lib/form-refusal.ts), as the booking form does.
 * `required` is the form's sentence for a required field left empty.
 */
export function RefuseInvalidSubmit({ required = REQUIRED }: { required?: string }) {
  const { submitCount, isSubmitting, isValidating, errors, values } = useFormikContext<unknown>();
  const marker = useRef<HTMLSpanElement>(null);
  const handled = useRef(0);
  useEffect(() => {
    if (submitCount === handled.current || isSubmitting || isValidating) return;
    handled.current = submitCount;
    if (Object.keys(errors).length === 0) return;
    const form = marker.current?.closest('form') ?? null;
    // Loaded on the first refusal, not with the page (the first load's budget).
    void import('@/lib/form-refusal').then(({ refuseForm, refusalsOf }) =>
      refuseForm(form, refusalsOf(errors), values, required),
    );
  }, [submitCount, isSubmitting, isValidating, errors, values, required]);
  return <span ref={marker} hidden />;
}
