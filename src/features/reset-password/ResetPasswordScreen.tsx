import { useId, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { ResetPasswordRequestBody } from '../../shared/contract/account';
import { PageTitle } from '../../app/PageTitle';
import { useSession } from '../../app/session/session-context';
import { getSync } from '../../bridges/worker-bridge';
import { translateMessage } from '../../i18n/translate-message';
import { useAccountAction } from '../account/use-account-action';
import '../account/account.scss';

/**
 * `/reset-password` (auth optional): mails a link to choose a new password. The answer never
 * says whether the address has an account.
 */
export default function ResetPasswordScreen() {
  const { t, i18n } = useTranslation();
  const { user } = useSession();
  const id = useId();
  const [email, setEmail] = useState(user?.email ?? '');
  const [emailError, setEmailError] = useState<string | null>(null);
  const [sentTo, setSentTo] = useState<string | null>(null);
  const { busy, problem, run } = useAccountAction();

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    const checked = ResetPasswordRequestBody.safeParse({ email });
    if (!checked.success) {
      setEmailError(translateMessage(t, i18n, checked.error.issues[0]?.message ?? ''));
      return;
    }
    setEmailError(null);
    const address = checked.data.email;
    const done = await run(async () => {
      await getSync().requestPasswordReset(address);
      return true;
    });
    if (done) setSentTo(address);
  };

  return (
    <div className="container page-pad">
      <PageTitle title={t('reset_password.title')} />
      <div className="auth-card card mx-auto">
        <div className="card-body">
          {sentTo ? (
            <div role="status">
              <div className="account-mark mb-3" aria-hidden="true">
                ✉
              </div>
              <h1 className="h3 mb-2">{t('reset_password.sent_title')}</h1>
              <p className="mb-2">{t('reset_password.sent_text', { email: sentTo })}</p>
              <p className="small text-body-secondary mb-4">{t('reset_password.sent_hint')}</p>
              <div className="d-flex flex-wrap gap-2">
                <Link className="btn btn-primary" to={user ? '/profile' : '/login'}>
                  {user ? t('reset_password.back_profile') : t('reset_password.back_login')}
                </Link>
                <button
                  type="button"
                  className="btn btn-outline-secondary"
                  onClick={() => setSentTo(null)}
                >
                  {t('reset_password.again')}
                </button>
              </div>
            </div>
          ) : (
            <>
              <h1 className="h3 mb-1">{t('reset_password.title')}</h1>
              <p className="text-body-secondary mb-4">{t('reset_password.intro')}</p>
              {problem && (
                <div className="alert alert-danger" role="alert">
                  {problem.text}
                </div>
              )}
              <form noValidate onSubmit={(e) => void onSubmit(e)}>
                <div className="mb-4">
                  <label className="form-label" htmlFor={`${id}-email`}>
                    {t('reset_password.email')}
                  </label>
                  <input
                    id={`${id}-email`}
                    type="email"
                    className={`form-control form-control-lg${emailError ? ' is-invalid' : ''}`}
                    autoComplete="username"
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
                <button type="submit" className="btn btn-primary btn-lg w-100" disabled={busy}>
                  {busy && (
                    <span className="spinner-border spinner-border-sm me-2" aria-hidden="true" />
                  )}
                  {busy ? t('reset_password.submitting') : t('reset_password.submit')}
                </button>
              </form>
              <p className="text-center text-body-secondary mt-4 mb-0">
                <Link to={user ? '/profile' : '/login'}>
                  {user ? t('reset_password.back_profile') : t('reset_password.back_login')}
                </Link>
              </p>
            </>
          )}
        </div>
      </div>
    </div>
  );
}
