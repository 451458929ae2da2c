import { useTranslation } from 'react-i18next';
import { PROGRESS_DENOMINATOR, progressPercent, type SignupStep } from './signup-steps';

/** The bar and "Step n of 6" above steps 1–6 (SPEC §9 progress denominator 6). */
export function SignupProgress({ step }: { step: SignupStep }) {
  const { t } = useTranslation();
  const percent = progressPercent(step);
  const label = t('signup.step_of', { step, total: PROGRESS_DENOMINATOR });
  return (
    <div className="signup-progress">
      <p className="signup-progress-text" aria-hidden="true">
        {label}
      </p>
      <div
        className="signup-bar"
        role="progressbar"
        aria-label={t('signup.progress_label')}
        aria-valuemin={0}
        aria-valuemax={100}
        aria-valuenow={percent}
        aria-valuetext={label}
      >
        <div className="signup-bar-fill" style={{ width: `${percent}%` }} />
      </div>
    </div>
  );
}
