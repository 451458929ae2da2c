import { useId, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useSearchParams } from 'react-router-dom';
import { ResetPasswordBody } from '../../shared/contract/account';
import { PageTitle } from '../../app/PageTitle';
import { useSessionStore } from '../../app/session/session-context';
import { toast } from '../../app/toasts/toast-store';
import { getSync } from '../../bridges/worker-bridge';
import { PasswordInput } from '../account/PasswordInput';
import { useAccountAction } from '../account/use-account-action';
import '../account/account.scss';

const TOKEN_INVALID = 'account_errors.reset_token_invalid';
const TOO_COMMON = 'account_errors.password_too_common';

/** A token that cannot be one of ours is refused before any request. */
function plausibleToken(token: string | null): token is string {
  return ResetPasswordBody.shape.token.safeParse(token).success;
}

/**
 * `/reset-password/do?token=…` (auth optional): the mailed link. A new password, typed twice,
 * logs the member in and leads to the members; a used or expired link says so and offers a new one.
 */
export default function ResetPasswordDoScreen() {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  const token = params.get('token');
  const session = useSessionStore();
  const navigate = useNavigate();
  const id = useId();
  const [password, setPassword] = useState('');
  const [repeat, setRepeat] = useState('');
  const [errors, setErrors] = useState<{ password?: string; repeat?: string }>({});
  const { busy, problem, run } = useAccountAction();
  const invalid = !plausibleToken(token) || problem?.key === TOKEN_INVALID;

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    if (!plausibleToken(token)) return;
    const next: typeof errors = {};
    if (!password) next.password = t('reset_password.required');
    else if (repeat !== password) next.repeat = t('reset_password.mismatch');
    setErrors(next);
    if (next.password || next.repeat) return;
    const user = await run(() => getSync().resetPassword(token, password));
    if (!user) return;
    session.setUser(user);
    // Follows the worker's copy of the new session from now on, like a login does.
    void session.refreshUser();
    toast.success(t('reset_password.success'));
    await navigate('/members', { replace: true });
  };

  const passwordError = errors.password ?? (problem?.key === TOO_COMMON ? problem.text : null);
  const formError = problem && problem.key !== TOO_COMMON ? problem.text : null;

  return (
    <div className="container page-pad">
      <PageTitle
        title={invalid ? t('reset_password.invalid_title') : t('reset_password.do_title')}
      />
      <div className="auth-card card mx-auto">
        <div className="card-body">
          {invalid ? (
            <div>
              <div className="account-mark is-warning mb-3" aria-hidden="true">
                !
              </div>
              <h1 className="h3 mb-2">{t('reset_password.invalid_title')}</h1>
              <p className="mb-4" role="alert">
                {t('reset_password.invalid_text')}
              </p>
              <Link className="btn btn-primary" to="/reset-password">
                {t('reset_password.request_new')}
              </Link>
            </div>
          ) : (
            <>
              <h1 className="h3 mb-1">{t('reset_password.do_title')}</h1>
              <p className="text-body-secondary mb-4">{t('reset_password.do_intro')}</p>
              {formError && (
                <div className="alert alert-danger" role="alert">
                  {formError}
                </div>
              )}
              <form noValidate onSubmit={(e) => void onSubmit(e)}>
                <PasswordInput
                  id={`${id}-password`}
                  label={t('reset_password.new_password')}
                  value={password}
                  onChange={setPassword}
                  autoComplete="new-password"
                  error={passwordError}
                />
                <div className="mb-4">
                  <label className="form-label" htmlFor={`${id}-repeat`}>
                    {t('reset_password.repeat_password')}
                  </label>
                  <input
                    id={`${id}-repeat`}
                    type="password"
                    className={`form-control${errors.repeat ? ' is-invalid' : ''}`}
                    autoComplete="new-password"
                    value={repeat}
                    onChange={(e) => setRepeat(e.target.value)}
                    aria-invalid={Boolean(errors.repeat)}
                    aria-describedby={errors.repeat ? `${id}-repeat-error` : undefined}
                    required
                  />
                  {errors.repeat && (
                    <div id={`${id}-repeat-error`} className="invalid-feedback">
                      {errors.repeat}
                    </div>
                  )}
                </div>
                <button type="submit" className="btn btn-primary btn-lg w-100" disabled={busy}>
                  {busy && (
                    <span className="spinner-border spinner-border-sm me-2" aria-hidden="true" />
                  )}
                  {busy ? t('reset_password.saving') : t('reset_password.save')}
                </button>
              </form>
            </>
          )}
        </div>
      </div>
    </div>
  );
}
