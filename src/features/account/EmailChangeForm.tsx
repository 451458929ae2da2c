import { useEffect, useId, useRef, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { MailChangeBody, type User } from '../../shared/contract/account';
import { useSession } from '../../app/session/session-context';
import { toast } from '../../app/toasts/toast-store';
import { getSync } from '../../bridges/worker-bridge';
import { translateMessage } from '../../i18n/translate-message';
import { PasswordInput } from './PasswordInput';
import { useAccountAction } from './use-account-action';

/** Server keys that belong under the address field or the password field. */
const EMAIL_KEYS = new Set(['account_errors.email_taken', 'account_errors.email_same']);
const PASSWORD_KEY = 'account_errors.wrong_password';

type Result = { kind: 'pending' | 'changed'; email: string };

export interface EmailChangeFormProps {
  user: User;
  /** Puts the cursor in the address field on arrival (the sign-up's "wrong address?" link). */
  focusOnMount?: boolean;
}

/**
 * Changes the account's e-mail address. Before activation only the new address is needed and the
 * activation mail goes there at once; after activation the password confirms the change and the
 * new address must confirm it by mail (POST /api/mail_change.php).
 */
export function EmailChangeForm({ user, focusOnMount = false }: EmailChangeFormProps) {
  const { t, i18n } = useTranslation();
  const { setUser } = useSession();
  const id = useId();
  const needsPassword = user.activated;
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [errors, setErrors] = useState<{ email?: string; password?: string }>({});
  const [result, setResult] = useState<Result | null>(null);
  const { busy, problem, setProblem, run } = useAccountAction();
  const emailInput = useRef<HTMLInputElement>(null);

  useEffect(() => {
    if (focusOnMount) emailInput.current?.focus({ preventScroll: true });
  }, [focusOnMount]);

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    const next: typeof errors = {};
    const checked = MailChangeBody.safeParse({ email });
    if (!checked.success) {
      next.email = translateMessage(t, i18n, checked.error.issues[0]?.message ?? '');
    } else if (checked.data.email === user.email.toLowerCase()) {
      next.email = t('mail_change.same_address');
    }
    if (needsPassword && !password) next.password = t('mail_change.password_required');
    setErrors(next);
    setProblem(null);
    if (next.email || next.password || !checked.success) return;
    const address = checked.data.email;
    const sync = getSync();
    const answer = await run(() =>
      needsPassword ? sync.changeEmail(address, password) : sync.changeEmail(address),
    );
    if (!answer) return;
    setUser(answer.user);
    setEmail('');
    setPassword('');
    if (answer.pending_email) {
      setResult({ kind: 'pending', email: answer.pending_email });
      toast.success(t('mail_change.pending_toast'));
    } else {
      setResult({ kind: 'changed', email: answer.user.email });
      toast.success(t('mail_change.changed_toast'));
    }
  };

  const emailError =
    errors.email ?? (problem?.key && EMAIL_KEYS.has(problem.key) ? problem.text : null);
  const passwordError = errors.password ?? (problem?.key === PASSWORD_KEY ? problem.text : null);
  const formError =
    problem && !(problem.key && (EMAIL_KEYS.has(problem.key) || problem.key === PASSWORD_KEY))
      ? problem.text
      : null;
  // From the user, so it is still there after a reload; hidden while the fresh answer says it.
  const pending =
    user.pending_email && !(result?.kind === 'pending' && result.email === user.pending_email)
      ? user.pending_email
      : null;

  return (
    <div className="email-change">
      <p className="email-change-current">
        <span className="text-body-secondary">{t('mail_change.current')}</span>{' '}
        <strong className="email-change-address">{user.email}</strong>
        {!user.activated && (
          <span className="badge email-change-badge ms-2">{t('mail_change.not_confirmed')}</span>
        )}
      </p>
      {pending && (
        <p className="alert alert-info small email-change-pending" role="status">
          {t('my_profile.email_pending', { email: pending })}
        </p>
      )}
      <p id={`${id}-intro`} className="small text-body-secondary">
        {needsPassword ? t('mail_change.intro_active') : t('mail_change.intro_inactive')}
      </p>
      {result && (
        <div className="alert alert-success" role="status">
          {result.kind === 'pending' ? (
            <>
              <strong className="d-block">{t('mail_change.pending_title')}</strong>
              {t('mail_change.pending_text', { email: result.email })}
            </>
          ) : (
            t('mail_change.changed_text', { email: result.email })
          )}
        </div>
      )}
      <form noValidate onSubmit={(e) => void onSubmit(e)} aria-describedby={`${id}-intro`}>
        <div className="mb-3">
          <label className="form-label" htmlFor={`${id}-email`}>
            {t('mail_change.new_email')}
          </label>
          <input
            ref={emailInput}
            id={`${id}-email`}
            type="email"
            className={`form-control${emailError ? ' is-invalid' : ''}`}
            autoComplete="email"
            inputMode="email"
            maxLength={254}
            value={email}
            onChange={(e) => setEmail(e.target.value)}
            aria-invalid={Boolean(emailError)}
            aria-describedby={emailError ? `${id}-email-error` : undefined}
            required
          />
          {emailError && (
            <div id={`${id}-email-error`} className="invalid-feedback">
              {emailError}
            </div>
          )}
        </div>
        {needsPassword && (
          <PasswordInput
            id={`${id}-password`}
            label={t('mail_change.password')}
            value={password}
            onChange={setPassword}
            autoComplete="current-password"
            error={passwordError}
          />
        )}
        {formError && (
          <div className="alert alert-danger" role="alert">
            {formError}
          </div>
        )}
        <div className="email-change-actions">
          <button type="submit" className="btn btn-primary" disabled={busy}>
            {busy && <span className="spinner-border spinner-border-sm me-2" aria-hidden="true" />}
            {busy ? t('mail_change.submitting') : t('mail_change.submit')}
          </button>
        </div>
      </form>
    </div>
  );
}
