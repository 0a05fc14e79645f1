import { Formik, type FormikConfig, type FormikProps, type FormikValues } from 'formik';
import type { LucideIcon } from 'lucide-react';
import { useEffect, useRef, useState, type ReactNode } from 'react';
import { Modal } from '@/components/modal';
import { SpinnerOverlay } from '@/components/spinner';

/**
 * A record dialog's form, submitted through Formik: when the schema refuses, the first field
 * that says why gets the focus. The focus moves in an effect after the submit's own render, so
 * the errors Formik set before it are drawn (a timer could run first on a slow phone).
 */
export function SchemaForm({
  label,
  submitForm,
  children,
}: {
  label: string;
  submitForm: () => Promise<unknown>;
  children: ReactNode;
}) {
  const formRef = useRef<HTMLFormElement>(null);
  const [submits, setSubmits] = useState(0);
  useEffect(() => {
    if (submits > 0) formRef.current?.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus();
  }, [submits]);
  return (
    <form
      ref={formRef}
      noValidate
      aria-label={label}
      onSubmit={(e) => {
        e.preventDefault();
        void submitForm().then(() => setSubmits((n) => n + 1));
      }}
    >
      {children}
    </form>
  );
}

/** A dialog's submit button (off while `busy`) and its Cancel. */
export function DialogActions({ busy, onCancel, children }: { busy: boolean; onCancel: () => void; children: ReactNode }) {
  return (
    <div className="form-actions">
      <button type="submit" className="btn btn-primary" disabled={busy}>
        {children}
      </button>
      <button type="button" className="btn btn-outline" onClick={onCancel}>
        Cancel
      </button>
    </div>
  );
}

/** What the schema says of a group of fields as a whole (e.g. 'Add at least one medicine'), when it says it. */
export function GroupError({ error }: { error: unknown }) {
  if (typeof error !== 'string') return null;
  return (
    <p className="field-error" role="alert">
      {error}
    </p>
  );
}

/**
 * A record dialog around its Formik form (SchemaForm): the intro, the fields `children` draws,
 * then the submit button (`icon` and `submit`, its words) and Cancel; a spinner while `busy`.
 */
export function FormDialog<V extends FormikValues>({
  title,
  intro,
  form,
  busy,
  icon: Icon,
  submit,
  onClose,
  children,
}: {
  title: string;
  intro: ReactNode;
  form: Omit<FormikConfig<V>, 'children' | 'component' | 'render'>;
  busy: boolean;
  icon: LucideIcon;
  submit: string;
  onClose: () => void;
  children: (formik: FormikProps<V>) => ReactNode;
}) {
  return (
    <Modal open onClose={onClose} title={title} className="record-dialog">
      {intro}
      <Formik<V> {...form}>
        {(formik) => (
          <SchemaForm label={title} submitForm={formik.submitForm}>
            {children(formik)}
            <DialogActions busy={busy} onCancel={onClose}>
              <Icon aria-hidden="true" size={18} /> {submit}
            </DialogActions>
          </SchemaForm>
        )}
      </Formik>
      <SpinnerOverlay show={busy} />
    </Modal>
  );
}
