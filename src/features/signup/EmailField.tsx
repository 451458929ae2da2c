import type { RefObject } from 'react';
import { useTranslation } from 'react-i18next';
import { suggestEmail } from './email-suggest';
import { FieldMessage } from './FieldMessage';

export interface EmailFieldProps {
  id: string;
  inputRef: RefObject<HTMLInputElement | null>;
  value: string;
  onChange: (value: string) => void;
  onBlur: () => void;
  /** Fills in the suggested address. */
  onSuggestion: (email: string) => void;
  checking: boolean;
  error: { text: string; link: 'login' | 'pages-service' | null } | null;
}

/** The address with its server check and a "Did you mean …?" for typos in the domain. */
export function EmailField({
  id,
  inputRef,
  value,
  onChange,
  onBlur,
  onSuggestion,
  checking,
  error,
}: EmailFieldProps) {
  const { t } = useTranslation();
  const suggestion = value.includes('@') ? suggestEmail(value.trim()) : null;
  const offer = suggestion && suggestion !== value.trim() ? suggestion : null;
  const described = [error ? `${id}-error` : null, offer ? `${id}-suggestion` : null]
    .filter(Boolean)
    .join(' ');

  return (
    <div className="mb-3">
      <label className="form-label" htmlFor={id}>
        {t('signup.account.email')}
      </label>
      <div className="signup-email-input">
        <input
          id={id}
          ref={inputRef}
          type="email"
          className={`form-control form-control-lg${error ? ' is-invalid' : ''}`}
          autoComplete="email"
          inputMode="email"
          autoCapitalize="none"
          spellCheck={false}
          value={value}
          onChange={(e) => onChange(e.target.value)}
          onBlur={onBlur}
          aria-invalid={Boolean(error)}
          aria-describedby={described || undefined}
          required
        />
        {checking && (
          <span className="signup-email-checking" role="status">
            <span className="spinner-border spinner-border-sm" aria-hidden="true" />
            <span className="visually-hidden">{t('signup.account.checking')}</span>
          </span>
        )}
      </div>
      {error && <FieldMessage id={`${id}-error`} text={error.text} link={error.link} />}
      {offer && (
        <p id={`${id}-suggestion`} className="signup-suggestion">
          <button type="button" className="btn btn-link" onClick={() => onSuggestion(offer)}>
            {t('signup.account.suggestion', { email: offer })}
          </button>
        </p>
      )}
    </div>
  );
}
