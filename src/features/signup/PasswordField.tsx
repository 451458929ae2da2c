import { useState, type RefObject } from 'react';
import { useTranslation } from 'react-i18next';
import { FieldMessage } from './FieldMessage';

export interface PasswordFieldProps {
  id: string;
  inputRef: RefObject<HTMLInputElement | null>;
  value: string;
  onChange: (value: string) => void;
  onBlur: () => void;
  error: string | null;
}

/** A new password with show/hide; it is never stored on the device. */
export function PasswordField({
  id,
  inputRef,
  value,
  onChange,
  onBlur,
  error,
}: PasswordFieldProps) {
  const { t } = useTranslation();
  const [visible, setVisible] = useState(false);
  return (
    <div className="mb-3">
      <label className="form-label" htmlFor={id}>
        {t('signup.account.password')}
      </label>
      <div className="input-group">
        <input
          id={id}
          ref={inputRef}
          type={visible ? 'text' : 'password'}
          className={`form-control form-control-lg${error ? ' is-invalid' : ''}`}
          autoComplete="new-password"
          value={value}
          onChange={(e) => onChange(e.target.value)}
          onBlur={onBlur}
          aria-invalid={Boolean(error)}
          aria-describedby={error ? `${id}-error` : `${id}-help`}
          required
        />
        <button
          type="button"
          className="btn btn-outline-secondary signup-reveal"
          aria-controls={id}
          aria-pressed={visible}
          onClick={() => setVisible((v) => !v)}
        >
          {visible ? t('signup.account.hide_password') : t('signup.account.show_password')}
        </button>
      </div>
      {error ? (
        <FieldMessage id={`${id}-error`} text={error} />
      ) : (
        <div id={`${id}-help`} className="form-text">
          {t('signup.account.password_help')}
        </div>
      )}
    </div>
  );
}
