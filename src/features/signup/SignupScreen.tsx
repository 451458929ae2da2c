import { useState, type ComponentType } from 'react';
import { useTranslation } from 'react-i18next';
import { Navigate, useSearchParams } from 'react-router-dom';
import type { Settings } from '../../shared/contract/settings';
import { PageTitle } from '../../app/PageTitle';
import { useSession } from '../../app/session/session-context';
import { useSiteSettings } from '../members/use-site-settings';
import { AboutStep } from './AboutStep';
import { AccountStep } from './AccountStep';
import { ActivationStep } from './ActivationStep';
import { DoneStep } from './DoneStep';
import { InviteOnly } from './InviteOnly';
import { LocationStep } from './LocationStep';
import { PersonalStep } from './PersonalStep';
import { PhotoStep } from './PhotoStep';
import { PushStep } from './PushStep';
import type { SignupStep } from './signup-steps';
import { trafficSource } from '../../lib/tracking';
import { usePrerendering } from '../../prerender/prerender-context';
import { useRevealHold } from '../../prerender/RevealWhenMounted';
import { PRERENDER_WIZARD } from './prerender-wizard';
import { useSignupWizard, type SignupWizard } from './use-signup-wizard';

const STEPS: Record<SignupStep, ComponentType<{ wizard: SignupWizard }>> = {
  0: AccountStep,
  1: PushStep,
  2: PhotoStep,
  3: LocationStep,
  4: PersonalStep,
  5: AboutStep,
  6: ActivationStep,
  7: DoneStep,
};

/** SPEC §6: a visitor may sign up when sign-ups are open, or with a traffic source. */
export function signupsOpen(settings: Settings | null, source: string | null): boolean {
  if (!settings) return true; // unknown offline: the server decides (signup.invite_only)
  if (settings.signups === 'all') return true;
  return settings.signups === 'with_trafficsource' && source !== null;
}

function Loading() {
  const { t } = useTranslation();
  return (
    <div className="signup-loading" role="status">
      <span className="spinner-border text-body-secondary" aria-hidden="true" />
      <span className="visually-hidden">{t('signup.loading')}</span>
    </div>
  );
}

function Wizard() {
  const wizard = useSignupWizard();
  // The prerendered step 0 stays up until the wizard knows where to open.
  useRevealHold(wizard.status === 'loading');
  if (wizard.status === 'finished') return <Navigate to="/members" replace />;
  if (wizard.status === 'loading') return <Loading />;
  const Step = STEPS[wizard.step];
  return <Step key={wizard.step} wizard={wizard} />;
}

/** `/signup`: the sign-up wizard, or the invite-only message (SPEC §2.4). */
export default function SignupScreen() {
  const { t } = useTranslation();
  const { status, user } = useSession();
  const settings = useSiteSettings();
  const [params] = useSearchParams();
  // Read once: the source is remembered for the tab (tracking.ts).
  const [source] = useState(() => trafficSource(params));
  const prerendering = usePrerendering();
  useRevealHold(status === 'loading');

  let content;
  // The server sends this copy only while sign-ups are open to the visitor (the `signup` filler).
  if (prerendering) content = <AccountStep wizard={PRERENDER_WIZARD} />;
  else if (status === 'loading') content = <Loading />;
  else if (!user && !signupsOpen(settings, source))
    content = <InviteOnly siteName={settings?.name ?? 'Amora'} />;
  else content = <Wizard />;

  return (
    <div className="signup-screen">
      <PageTitle title={t('signup.meta_title')} />
      <div className="signup-card">{content}</div>
    </div>
  );
}
