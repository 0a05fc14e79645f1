import type { ReactNode } from 'react';

/**
 * A record dialog's form, submitted through Formik: when the schema refuses, the first field
 * that says why gets the focus (after Formik has drawn the errors).
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
  return (
    <form
      noValidate
      aria-label={label}
      onSubmit={(e) => {
        e.preventDefault();
        const form = e.currentTarget;
        void submitForm().then(() => setTimeout(() => form.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus()));
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
