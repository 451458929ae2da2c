import { useId, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, Navigate, useNavigate, useSearchParams } from 'react-router-dom';
import { AFTER_LOGIN_PATH, RETURN_PARAM, safeReturnPath } from '../../app/auth-redirect';
import { PageTitle } from '../../app/PageTitle';
import { useSession } from '../../app/session/session-context';
import { translateMessage } from '../../i18n/translate-message';
import { loginError } from './login-errors';

type FieldErrors = Partial<Record<'email' | 'password' | 'form', string>>;

/** The contract's schemas load with the first submit, not with the page. */
const loadContract = () => import('../../shared/contract/account');

/** Email and password login; goes back to where the member came from (SPEC §2.1). */
export default function LoginScreen() {
  const { t, i18n } = useTranslation();
  const { user, login } = useSession();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const returnPath = safeReturnPath(params.get(RETURN_PARAM)) ?? AFTER_LOGIN_PATH;
  const id = useId();
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [showPassword, setShowPassword] = useState(false);
  const [errors, setErrors] = useState<FieldErrors>({});
  const [submitting, setSubmitting] = useState(false);

  if (user && !submitting) return <Navigate to={returnPath} replace />;

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    if (submitting) return;
    const { LoginBody } = await loadContract();
    const checked = LoginBody.safeParse({ email, password });
    if (!checked.success) {
      const next: FieldErrors = {};
      for (const issue of checked.error.issues) {
        const field = issue.path[0];
        if ((field === 'email' || field === 'password') && !next[field]) {
          next[field] = translateMessage(t, i18n, issue.message);
        }
      }
      setErrors(next);
      return;
    }
    setErrors({});
    setSubmitting(true);
    try {
      await login(email, password);
      await navigate(returnPath, { replace: true });
    } catch (error) {
      const problem = loginError(error);
      const text =
        problem.serverKey && i18n.exists(problem.serverKey)
          ? translateMessage(t, i18n, problem.serverKey)
          : t(problem.key);
      setErrors({ form: text });
      setSubmitting(false);
    }
  };

  return (
    <div className="container page-pad">
      <PageTitle title={t('login.title')} />
      <div className="auth-card card mx-auto">
        <div className="card-body">
          <h1 className="h3 mb-1">{t('login.title')}</h1>
          <p className="text-body-secondary mb-4">{t('login.intro')}</p>
          {errors.form && (
            <div className="alert alert-danger" role="alert">
              {errors.form}
            </div>
          )}
          <form noValidate onSubmit={(e) => void onSubmit(e)}>
            <div className="mb-3">
              <label className="form-label" htmlFor={`${id}-email`}>
                {t('login.email')}
              </label>
              <input
                id={`${id}-email`}
                type="email"
                className={`form-control form-control-lg${errors.email ? ' is-invalid' : ''}`}
                autoComplete="username"
                inputMode="email"
                value={email}
                onChange={(e) => setEmail(e.target.value)}
                aria-invalid={Boolean(errors.email)}
                aria-describedby={errors.email ? `${id}-email-error` : undefined}
                required
              />
              {errors.email && (
                <div id={`${id}-email-error`} className="invalid-feedback">
                  {errors.email}
                </div>
              )}
            </div>
            <div className="mb-2">
              <label className="form-label" htmlFor={`${id}-password`}>
                {t('login.password')}
              </label>
              <div className="input-group has-validation">
                <input
                  id={`${id}-password`}
                  type={showPassword ? 'text' : 'password'}
                  className={`form-control form-control-lg${errors.password ? ' is-invalid' : ''}`}
                  autoComplete="current-password"
                  value={password}
                  onChange={(e) => setPassword(e.target.value)}
                  aria-invalid={Boolean(errors.password)}
                  aria-describedby={errors.password ? `${id}-password-error` : undefined}
                  required
                />
                <button
                  type="button"
                  className="btn btn-outline-secondary"
                  aria-pressed={showPassword}
                  onClick={() => setShowPassword((v) => !v)}
                >
                  {showPassword ? t('login.hide_password') : t('login.show_password')}
                </button>
                {errors.password && (
                  <div id={`${id}-password-error`} className="invalid-feedback">
                    {errors.password}
                  </div>
                )}
              </div>
            </div>
            <p className="text-end mb-4">
              <Link to="/reset-password" className="small">
                {t('login.forgot')}
              </Link>
            </p>
            <button type="submit" className="btn btn-primary btn-lg w-100" disabled={submitting}>
              {submitting && (
                <span className="spinner-border spinner-border-sm me-2" aria-hidden="true" />
              )}
              {submitting ? t('login.submitting') : t('login.submit')}
            </button>
          </form>
          <p className="text-center text-body-secondary mt-4 mb-0">
            {t('login.no_account')} <Link to="/signup">{t('login.signup')}</Link>
          </p>
        </div>
      </div>
    </div>
  );
}
