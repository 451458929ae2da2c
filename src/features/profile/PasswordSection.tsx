import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { User } from '../../api/contract';
import { toast } from '../../app/toasts/toast-store';
import { getSync } from '../../bridges/worker-bridge';
import { useAccountAction } from '../account/use-account-action';
import { ProfileSection } from './ProfileSection';

/**
 * Changing the password goes through the mailed reset link (POST /api/reset_password.php to the
 * member's own address): proving access to the mailbox is the one check the server already has.
 */
export function PasswordSection({ user }: { user: User }) {
  const { t } = useTranslation();
  const [sent, setSent] = useState(false);
  const { busy, problem, run } = useAccountAction();

  const send = async () => {
    const done = await run(async () => {
      await getSync().requestPasswordReset(user.email);
      return true;
    });
    if (!done) return;
    setSent(true);
    toast.success(t('my_profile.password_sent_toast'));
  };

  return (
    <ProfileSection
      id="profile-password"
      title={t('my_profile.password_title')}
      intro={t('my_profile.password_intro', { email: user.email })}
    >
      {sent && (
        <div className="alert alert-success" role="status">
          {t('my_profile.password_sent', { email: user.email })}
        </div>
      )}
      {problem && (
        <div className="alert alert-danger" role="alert">
          {problem.text}
        </div>
      )}
      <button
        type="button"
        className="btn btn-outline-primary profile-action"
        disabled={busy}
        onClick={() => void send()}
      >
        {busy && <span className="spinner-border spinner-border-sm me-2" aria-hidden="true" />}
        {sent ? t('my_profile.password_send_again') : t('my_profile.password_send')}
      </button>
    </ProfileSection>
  );
}
