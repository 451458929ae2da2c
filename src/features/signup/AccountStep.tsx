import { useId, useRef, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation, useSearchParams } from 'react-router-dom';
import { currentLanguage } from '../../i18n/interface-language';
import { ConsentText } from './ConsentText';
import { EmailField } from './EmailField';
import { FieldMessage } from './FieldMessage';
import { LegalModal, type LegalPage } from './LegalModal';
import { PasswordField } from './PasswordField';
import { accountProblem, type AccountProblem } from './signup-errors';
import { signupBody } from './signup-payload';
import { emailFormatError, nameError, nameFromEmail, passwordError } from './signup-validation';
import { StepShell } from './StepShell';
import { originProfile, trafficSource } from '../../lib/tracking';
import { useEmailCheck, type EmailCheck } from './use-email-check';
import type { SignupWizard } from './use-signup-wizard';
import { useText } from './use-text';

type Field = 'email' | 'name' | 'password';

/** The message an email check leads to; `invalid` waits until the member left the field. */
function checkProblem(check: EmailCheck | null, shown: boolean) {
  if (check?.state === 'done' && !check.outcome.ok) {
    if (check.outcome.link === null && !shown) return null;
    return { key: check.outcome.key, link: check.outcome.link };
  }
  if (check?.state === 'failed' && !check.network && shown) {
    return { key: 'signup.invalid_email', link: null };
  }
  return null;
}

/** Step 0: email, name and password create the account (SPEC §2.4, §5). */
export function AccountStep({
  wizard,
  headingLevel = 1,
}: {
  wizard: SignupWizard;
  /** 2 when the step is embedded in a page that has its own h1 (landers). */
  headingLevel?: 1 | 2;
}) {
  const { t, i18n } = useTranslation();
  const text = useText();
  const id = useId();
  const location = useLocation();
  const [params] = useSearchParams();
  const [email, setEmail] = useState(wizard.draft?.email ?? '');
  const [name, setName] = useState(wizard.draft?.name ?? '');
  const [nameAuto, setNameAuto] = useState(!wizard.draft?.name);
  const [password, setPassword] = useState('');
  const [touched, setTouched] = useState<Record<Field, boolean>>({
    email: false,
    name: false,
    password: false,
  });
  const [problem, setProblem] = useState<AccountProblem | null>(null);
  const [legal, setLegal] = useState<LegalPage | null>(null);
  const emailInput = useRef<HTMLInputElement>(null);
  const nameInput = useRef<HTMLInputElement>(null);
  const passwordInput = useRef<HTMLInputElement>(null);
  const focus = (field: Field) =>
    ({ email: emailInput, name: nameInput, password: passwordInput })[field].current?.focus();
  const { check, verify } = useEmailCheck(email);

  const changeEmail = (value: string) => {
    setEmail(value);
    if (nameAuto) setName(nameFromEmail(value));
    if (problem?.field === 'email') setProblem(null);
  };
  const blur = (field: Field) => {
    setTouched((was) => (was[field] ? was : { ...was, [field]: true }));
    if (field !== 'password') wizard.keepAccountFields(email, name);
  };

  const local: Record<Field, string | null> = {
    email: touched.email ? emailFormatError(email) : null,
    name: touched.name ? nameError(name, email) : null,
    password: touched.password ? passwordError(password) : null,
  };
  const fromCheck = local.email ? null : checkProblem(check, touched.email);
  const serverFor = (field: Field) =>
    problem?.field === field
      ? { text: text(problem.key, problem.fallback), link: problem.link }
      : null;
  const emailError = local.email
    ? { text: text(local.email), link: null }
    : fromCheck
      ? { text: text(fromCheck.key), link: fromCheck.link }
      : serverFor('email');
  const nameText = local.name ? text(local.name) : (serverFor('name')?.text ?? null);
  const passwordText = local.password
    ? text(local.password)
    : (serverFor('password')?.text ?? null);

  const submit = async () => {
    setTouched({ email: true, name: true, password: true });
    setProblem(null);
    const first = (
      [
        ['email', emailFormatError(email)],
        ['name', nameError(name, email)],
        ['password', passwordError(password)],
      ] as const
    ).find(([, error]) => error !== null);
    if (first) {
      focus(first[0]);
      return;
    }
    wizard.keepAccountFields(email.trim(), name.trim());
    const checked = await verify(email);
    if (checked.state === 'failed' && checked.network) {
      setProblem(accountProblem({ kind: 'network', message: 'validate_email: no answer' }));
      return;
    }
    if (checked.state !== 'done' || !checked.outcome.ok) {
      focus('email');
      return;
    }
    const body = await signupBody({
      email,
      name,
      password,
      token: checked.token,
      trafficsource: trafficSource(params),
      settings: wizard.settings,
      language: currentLanguage(i18n),
      profile: originProfile(params),
      formPath: location.pathname,
      referrer: document.referrer,
      userAgent: navigator.userAgent,
    });
    try {
      await wizard.createAccount(body);
    } catch (error) {
      const found = accountProblem(error);
      setProblem(found);
      if (found.field !== 'form') focus(found.field);
    }
  };

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    void wizard.run(submit);
  };

  const formProblem = problem?.field === 'form' ? problem : null;

  return (
    <StepShell
      headingLevel={headingLevel}
      step={0}
      title={t('signup.account.title')}
      intro={t('signup.account.intro')}
      icon="heart"
      focus={wizard.moved}
    >
      {formProblem && (
        <div
          className={`signup-notice alert ${formProblem.offline ? 'alert-warning' : 'alert-danger'}`}
          role="alert"
        >
          {text(formProblem.key, formProblem.fallback)}
        </div>
      )}
      <form noValidate onSubmit={onSubmit} className="signup-form">
        <EmailField
          id={`${id}-email`}
          inputRef={emailInput}
          value={email}
          onChange={changeEmail}
          onBlur={() => blur('email')}
          onSuggestion={(suggested) => {
            changeEmail(suggested);
            focus('email');
          }}
          checking={check?.state === 'checking'}
          error={emailError}
        />
        <div className="mb-3">
          <label className="form-label" htmlFor={`${id}-name`}>
            {t('signup.account.name')}
          </label>
          <input
            id={`${id}-name`}
            ref={nameInput}
            type="text"
            className={`form-control form-control-lg${nameText ? ' is-invalid' : ''}`}
            autoComplete="given-name"
            maxLength={150}
            value={name}
            onChange={(e) => {
              setName(e.target.value);
              setNameAuto(e.target.value === '');
              if (problem?.field === 'name') setProblem(null);
            }}
            onBlur={() => blur('name')}
            aria-invalid={Boolean(nameText)}
            aria-describedby={nameText ? `${id}-name-error` : `${id}-name-help`}
            required
          />
          {nameText ? (
            <FieldMessage id={`${id}-name-error`} text={nameText} />
          ) : (
            <div id={`${id}-name-help`} className="form-text">
              {t('signup.account.name_help')}
            </div>
          )}
        </div>
        <PasswordField
          id={`${id}-password`}
          inputRef={passwordInput}
          value={password}
          onChange={(value) => {
            setPassword(value);
            if (problem?.field === 'password') setProblem(null);
          }}
          onBlur={() => blur('password')}
          error={passwordText}
        />
        <ConsentText onOpen={setLegal} />
        <button type="submit" className="btn btn-primary btn-lg w-100" disabled={wizard.busy}>
          {wizard.busy && (
            <span className="spinner-border spinner-border-sm me-2" aria-hidden="true" />
          )}
          {wizard.busy ? t('signup.account.submitting') : t('signup.account.submit')}
        </button>
      </form>
      <p className="signup-switch">
        {t('signup.account.have_account')} <Link to="/login">{t('signup.account.login')}</Link>
      </p>
      <LegalModal page={legal} settings={wizard.settings} onClose={() => setLegal(null)} />
    </StepShell>
  );
}
