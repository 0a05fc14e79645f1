import { useField } from 'formik';
import { Eye, EyeOff } from 'lucide-react';
import { useId, useState } from 'react';

/** A labelled password input with a show/hide toggle, styled like the shared FormField. */
export function PasswordField({ name, label, autoComplete }: { name: string; label: string; autoComplete: string }) {
  const [field, meta] = useField(name);
  const [visible, setVisible] = useState(false);
  const id = `${useId()}${name}`;
  const errorId = `${id}-error`;
  const invalid = Boolean(meta.touched && meta.error);
  return (
    <div className={`field${invalid ? ' invalid' : ''}`}>
      <label htmlFor={id}>
        {label}
        <span className="required" aria-hidden="true">
          {' '}
          *
        </span>
      </label>
      <div className="password-input">
        <input
          {...field}
          id={id}
          type={visible ? 'text' : 'password'}
          autoComplete={autoComplete}
          aria-required
          aria-invalid={invalid || undefined}
          aria-describedby={invalid ? errorId : undefined}
        />
        <button
          type="button"
          className="password-toggle"
          aria-label={visible ? 'Hide password' : 'Show password'}
          aria-pressed={visible}
          aria-controls={id}
          onClick={() => setVisible((v) => !v)}
        >
          {visible ? <EyeOff aria-hidden="true" /> : <Eye aria-hidden="true" />}
        </button>
      </div>
      {invalid && (
        <p id={errorId} className="field-error" role="alert">
          {meta.error}
        </p>
      )}
    </div>
  );
}
