import { useFormikContext } from 'formik';
import { useEffect, useRef } from 'react';
import { refuseForm, refusalsOf, REQUIRED } from '@/lib/form-refusal';

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
    const refusals = refusalsOf(errors);
    if (refusals.length) void refuseForm(marker.current?.closest('form') ?? null, refusals, values, required);
  }, [submitCount, isSubmitting, isValidating, errors, values, required]);
  return <span ref={marker} hidden />;
}
