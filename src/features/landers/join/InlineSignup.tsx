/**
 * Step 0 of the sign-up wizard inside an acquisition page (its own lazy chunk, loaded when the
 * visitor nears the form). The account is created exactly as on /signup; then `onCreated` decides
 * where the visitor continues (the wizard, a conversation, the match-finder's answers first).
 */
import { useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { SignupBody } from '../../../shared/contract/account';
import { AccountStep } from '../../signup/AccountStep';
import { useSignupWizard, type SignupWizard } from '../../signup/use-signup-wizard';

export interface InlineSignupProps {
  /** The member whose page this is: the sign-up payload's `profile`. */
  profile: number | null;
  /** Runs once after the account exists; it navigates on. */
  onCreated: () => Promise<void> | void;
}

/** The account form, then a short "setting up" note while `onCreated` runs. */
export default function InlineSignup({ profile, onCreated }: InlineSignupProps) {
  const { t } = useTranslation();
  const base = useSignupWizard();
  const created = useRef(false);
  const [welcome, setWelcome] = useState(false);

  const wizard = useMemo<SignupWizard>(
    () => ({
      ...base,
      createAccount: async (body: SignupBody) => {
        await base.createAccount(profile === null ? body : { ...body, profile });
        if (created.current) return;
        created.current = true;
        setWelcome(true);
        await onCreated();
      },
    }),
    [base, profile, onCreated],
  );

  if (base.status === 'loading') {
    return (
      <div className="signup-loading" role="status">
        <span className="spinner-border text-body-secondary" aria-hidden="true" />
        <span className="visually-hidden">{t('signup.loading')}</span>
      </div>
    );
  }
  if (base.step !== 0 || welcome) {
    return (
      <div className="signup-loading" role="status">
        <span className="spinner-border text-body-secondary" aria-hidden="true" />
        <span className="mt-3">{t('landers.join.welcome')}</span>
      </div>
    );
  }
  return <AccountStep wizard={wizard} headingLevel={2} />;
}
