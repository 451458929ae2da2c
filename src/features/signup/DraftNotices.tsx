import { useTranslation } from 'react-i18next';
import { refusalFallback, refusalKey, STEP_OF_PART } from './signup-errors';
import type { SignupStep } from './signup-steps';
import type { SignupWizard } from './use-signup-wizard';
import { useText } from './use-text';

/**
 * What the draft has to say at `step`: parts kept on this device until the connection returns,
 * and a part the server refused (at its own step, or with a way back to it from a later one).
 */
export function DraftNotices({ wizard, step }: { wizard: SignupWizard; step: SignupStep }) {
  const { t, i18n } = useTranslation();
  const text = useText();
  const refused = wizard.draft?.refused ?? null;
  const refusedStep = refused ? STEP_OF_PART[refused.part] : null;
  const key = refused ? refusalKey(refused) : '';
  const reason = refused ? text(key, refusalFallback(refused.part)) : '';
  // From a later step the part is named first; a reason is added only when there is a specific one.
  const detail = refused && i18n.exists(key) && key !== refusalFallback(refused.part) ? reason : '';

  return (
    <>
      {wizard.queued && (
        <div className="signup-notice alert alert-info" role="status">
          {t('signup.saved_offline')}
        </div>
      )}
      {refused && refusedStep === step && (
        <div className="signup-notice alert alert-danger" role="alert">
          {reason}
        </div>
      )}
      {refused && refusedStep !== null && refusedStep < step && step < 7 && (
        <div className="signup-notice alert alert-warning" role="alert">
          <p className="mb-2">
            {t(`signup.refused_earlier.${refused.part}`)} {detail}
          </p>
          <button
            type="button"
            className="btn btn-sm btn-outline-secondary"
            onClick={() => void wizard.goTo(refusedStep)}
          >
            {t('signup.fix_it')}
          </button>
        </div>
      )}
    </>
  );
}
