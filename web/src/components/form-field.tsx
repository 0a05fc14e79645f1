import { useField } from 'formik';
import { useId } from 'react';
import type { InputHTMLAttributes, ReactNode, SelectHTMLAttributes, TextareaHTMLAttributes } from 'react';
import './forms.css';

interface Common {
  name: string;
  label: string;
  required?: boolean;
  className?: string;
  /** A line under the label that helps fill the field (an example, what it is for), read with it. */
  hint?: string;
}

type FieldProps = Common &
  (
    | ({ as?: 'input' } & InputHTMLAttributes<HTMLInputElement>)
    | ({ as: 'textarea' } & TextareaHTMLAttributes<HTMLTextAreaElement>)
    | ({ as: 'select'; children: ReactNode } & SelectHTMLAttributes<HTMLSelectElement>)
  );

/**
 * A labelled Formik field. Once touched and invalid it gets the faint red border and its
 * message below, tied to the input with aria-describedby and announced (role=alert) as it appears.
 */
export function FormField({ name, label, required, className, hint, ...rest }: FieldProps) {
  const [field, meta] = useField(name);
  const id = `${useId()}${name}`;
  const errorId = `${id}-error`;
  const hintId = `${id}-hint`;
  const invalid = Boolean(meta.touched && meta.error);
  const describedBy = [hint ? hintId : '', invalid ? errorId : ''].filter(Boolean).join(' ');
  const a11y = {
    id,
    'aria-invalid': invalid || undefined,
    'aria-describedby': describedBy || undefined,
    'aria-required': required || undefined,
  };
  let control: ReactNode;
  if (rest.as === 'textarea') {
    const { as: _as, ...props } = rest;
    control = <textarea {...props} {...field} {...a11y} />;
  } else if (rest.as === 'select') {
    const { as: _as, children, ...props } = rest;
    control = (
      <select {...props} {...field} {...a11y}>
        {children}
      </select>
    );
  } else {
    const { as: _as, ...props } = rest;
    control = <input {...props} {...field} {...a11y} />;
  }
  return (
    <div className={`field${invalid ? ' invalid' : ''}${className ? ` ${className}` : ''}`}>
      <label htmlFor={id}>
        {label}
        {required && (
          <span className="required" aria-hidden="true">
            {' '}
            *
          </span>
        )}
      </label>
      {hint && (
        <p id={hintId} className="field-hint">
          {hint}
        </p>
      )}
      {control}
      {invalid && (
        <p id={errorId} className="field-error" role="alert">
          {meta.error}
        </p>
      )}
    </div>
  );
}
