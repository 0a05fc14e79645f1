import type { LucideIcon } from 'lucide-react';
import type { ReactNode } from 'react';

/** A staff form's error sentence, read out when it appears; inputs point at `id` (aria-describedby). */
export function FormError({ id, error }: { id: string; error: string }) {
  if (!error) return null;
  return (
    <p id={id} className="field-error span-all" role="alert">
      {error}
    </p>
  );
}

/** An input's ties to the form's error sentence (`id`), while there is one. */
export const errorAttributes = (id: string, error: string) => ({
  'aria-invalid': Boolean(error) || undefined,
  'aria-describedby': error ? id : undefined,
});

/** A staff form's end: its error sentence, the submit button (`icon` and `submit`, its words; off while `busy`), and what goes beside it. */
export function FormEnd({
  errorId,
  error,
  busy,
  icon: Icon,
  submit,
  children,
}: {
  errorId: string;
  error: string;
  busy: boolean;
  icon?: LucideIcon;
  submit: string;
  children?: ReactNode;
}) {
  return (
    <>
      <FormError id={errorId} error={error} />
      <div className="form-actions span-all">
        <button type="submit" className="btn btn-primary" disabled={busy}>
          {Icon && <Icon aria-hidden="true" size={18} />}
          {Icon ? ` ${submit}` : submit}
        </button>
        {children}
      </div>
    </>
  );
}
