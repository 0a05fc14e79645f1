import { Formik, type FormikConfig, type FormikProps } from 'formik';
import type { ReactNode } from 'react';
import { FormFieldset } from '@/components/form-fieldset';
import type { BookingValues } from '@/features/appointments/api/appointments';

/**
 * The booking's form as the patient's page and the front desk both draw it: Formik with the
 * request's schema, and the form's own submit (`onSubmit`, which checks it with checkBooking
 * when it is ready to).
 */
export function BookingFrame<V extends BookingValues>({
  initialValues,
  schema,
  className,
  onSubmit,
  children,
}: {
  initialValues: V;
  schema: FormikConfig<V>['validationSchema'];
  className: string;
  onSubmit: (formik: FormikProps<V>, form: HTMLFormElement) => void;
  children: (formik: FormikProps<V>) => ReactNode;
}) {
  return (
    <Formik<V> initialValues={initialValues} validationSchema={schema} onSubmit={() => undefined}>
      {(formik) => (
        <form
          className={className}
          aria-label="Book an appointment"
          noValidate
          onSubmit={(e) => {
            e.preventDefault();
            onSubmit(formik, e.currentTarget);
          }}
        >
          {/* Prerendered, the form is on screen before its script: disabled until then (no plain GET submit). */}
          <FormFieldset>{children(formik)}</FormFieldset>
        </form>
      )}
    </Formik>
  );
}

/**
 * Every field touched, so each shows its message; when the schema refuses, the dialog names the
 * refused fields (with `required`, the service's sentence, when one was left empty) and the
 * first of them gets the focus (lib/form-refusal.ts). True when the booking may go on.
 */
export async function checkBooking<V extends BookingValues>(formik: FormikProps<V>, form: HTMLFormElement, required: string) {
  // Loaded when the booking is sent, not with the page (the first load's budget).
  const { checkForm } = await import('@/lib/form-refusal');
  return checkForm(formik, form, required);
}
