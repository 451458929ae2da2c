import { useTranslation } from 'react-i18next';
import { activationPercent, activationTextIndex } from './activation-progress';
import { DraftNotices } from './DraftNotices';
import { StepShell } from './StepShell';
import { useActivationPoll } from './use-activation-poll';
import type { SignupWizard } from './use-signup-wizard';

const TEXTS = [
  'signup.activation.text_0',
  'signup.activation.text_1',
  'signup.activation.text_2',
  'signup.activation.text_3',
] as const;

/** Step 6: the activation mail is sent; four texts and a bar while we wait (SPEC §4). */
export function ActivationStep({ wizard }: { wizard: SignupWizard }) {
  const { t } = useTranslation();
  const { tick, delivered } = useActivationPoll(() => void wizard.next());
  const percent = activationPercent(tick, delivered);
  const message = t(TEXTS[activationTextIndex(tick)]);

  return (
    <StepShell
      step={6}
      title={t('signup.activation.title')}
      icon="mail"
      focus={wizard.moved}
      notices={<DraftNotices wizard={wizard} step={6} />}
    >
      <div className="signup-activation">
        <div
          className="signup-bar signup-bar-lg"
          role="progressbar"
          aria-label={t('signup.activation.progress_label')}
          aria-valuemin={0}
          aria-valuemax={100}
          aria-valuenow={percent}
        >
          <div className="signup-bar-fill signup-bar-animated" style={{ width: `${percent}%` }} />
        </div>
        <p className="signup-activation-text" role="status" aria-live="polite">
          {message}
        </p>
      </div>
    </StepShell>
  );
}
