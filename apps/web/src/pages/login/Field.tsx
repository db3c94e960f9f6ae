import type { InputHTMLAttributes, ReactNode } from 'react';

interface Props extends Omit<InputHTMLAttributes<HTMLInputElement>, 'id'> {
  id: string;
  label: string;
  /** Translated error text; marks the input invalid. */
  error?: string | undefined;
  /** A hint under the input, e.g. the Caps Lock warning. */
  hint?: ReactNode;
  /** Content inside the input's right edge, e.g. the show-password button. */
  suffix?: ReactNode;
}

/** A labelled text input with its error line, styled like antd's large input (the login page ships without antd). */
export function Field({ id, label, error, hint, suffix, className, ...input }: Props) {
  const describedBy = error ? `${id}-error` : hint ? `${id}-hint` : undefined;
  return (
    <div className={className ? `gx-field ${className}` : 'gx-field'}>
      <label htmlFor={id} className="gx-visually-hidden">
        {label}
      </label>
      <div className={error ? 'gx-input gx-input-invalid' : 'gx-input'}>
        <input
          id={id}
          data-testid={id}
          placeholder={label}
          aria-invalid={error ? true : undefined}
          aria-describedby={describedBy}
          {...input}
        />
        {suffix}
      </div>
      {error ? (
        <div id={`${id}-error`} className="gx-field-error" role="alert">
          {error}
        </div>
      ) : hint ? (
        <div id={`${id}-hint`} className="gx-field-hint">
          {hint}
        </div>
      ) : null}
    </div>
  );
}
