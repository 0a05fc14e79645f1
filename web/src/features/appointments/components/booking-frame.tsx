import { Formik, type FormikConfig, type FormikProps } from 'formik';
import type { ReactNode } from 'react';
import { touchedAll, type BookingValues } from '@/features/appointments/api/appointments';
import { showError } from '@/lib/dialogs';

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
          {children(formik)}
        </form>
      )}
    </Formik>
  );
}

/**
 * Every field touched, so each shows its message; when the schema refuses, `refusal` is said and
 * the form's first refused field gets the focus. True when the booking may go on.
 */
export async function checkBooking<V extends BookingValues>(formik: FormikProps<V>, form: HTMLFormElement, refusal: string) {
  const errors = await formik.validateForm();
  void formik.setTouched(touchedAll(formik.values), false);
  if (Object.keys(errors).length === 0) return true;
  await showError(refusal);
  form.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus();
  return false;
}
