import { useState } from 'react';
import { useTranslation } from 'react-i18next';

export interface PasswordInputProps {
  id: string;
  label: string;
  value: string;
  onChange: (value: string) => void;
  autoComplete: 'current-password' | 'new-password';
  error?: string | null;
  /** Extra help under the field, referenced by aria-describedby. */
  help?: string;
  autoFocus?: boolean;
}

/** A labelled password field with a show/hide toggle and its error under it (like login). */
export function PasswordInput({
  id,
  label,
  value,
  onChange,
  autoComplete,
  error,
  help,
  autoFocus,
}: PasswordInputProps) {
  const { t } = useTranslation();
  const [shown, setShown] = useState(false);
  const describedBy =
    [error ? `${id}-error` : null, help ? `${id}-help` : null].filter(Boolean).join(' ') ||
    undefined;
  return (
    <div className="mb-3">
      <label className="form-label" htmlFor={id}>
        {label}
      </label>
      <div className="input-group has-validation">
        <input
          id={id}
          type={shown ? 'text' : 'password'}
          className={`form-control${error ? ' is-invalid' : ''}`}
          autoComplete={autoComplete}
          value={value}
          onChange={(e) => onChange(e.target.value)}
          aria-invalid={Boolean(error)}
          aria-describedby={describedBy}
          autoFocus={autoFocus}
          required
        />
        <button
          type="button"
          className="btn btn-outline-secondary"
          aria-pressed={shown}
          aria-controls={id}
          onClick={() => setShown((v) => !v)}
        >
          {shown ? t('login.hide_password') : t('login.show_password')}
        </button>
        {error && (
          <div id={`${id}-error`} className="invalid-feedback">
            {error}
          </div>
        )}
      </div>
      {help && (
        <div id={`${id}-help`} className="form-text">
          {help}
        </div>
      )}
    </div>
  );
}
