import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { getPushBridge } from '../../bridges/push-bridge';
import { DraftNotices } from './DraftNotices';
import { StepActions } from './StepActions';
import { StepShell } from './StepShell';
import type { SignupWizard } from './use-signup-wizard';

/** Step 1: push-notification opt-in; skipped where push is unavailable or denied (SPEC §2.4). */
export function PushStep({ wizard }: { wizard: SignupWizard }) {
  const { t } = useTranslation();
  const [failed, setFailed] = useState(false);

  const enable = () =>
    void wizard.run(async () => {
      setFailed(false);
      const bridge = getPushBridge();
      await bridge.subscribe();
      // A refusal in the browser's prompt is an answer too; only a broken attempt stays here.
      if (bridge.status.get().failed) setFailed(true);
      else await wizard.next();
    });

  return (
    <StepShell
      step={1}
      title={t('signup.push.title')}
      intro={t('signup.push.intro')}
      icon="bell"
      focus={wizard.moved}
      notices={<DraftNotices wizard={wizard} step={1} />}
    >
      <ul className="signup-benefits">
        <li>{t('signup.push.benefit_messages')}</li>
        <li>{t('signup.push.benefit_likes')}</li>
        <li>{t('signup.push.benefit_control')}</li>
      </ul>
      {failed && (
        <div className="signup-notice alert alert-danger" role="alert">
          {t('signup.push.failed')}
        </div>
      )}
      <StepActions
        primary={t('signup.push.enable')}
        onPrimary={enable}
        secondary={t('signup.push.later')}
        onSecondary={() => void wizard.run(wizard.next)}
        busy={wizard.busy}
        busyLabel={t('signup.push.enabling')}
      />
    </StepShell>
  );
}
