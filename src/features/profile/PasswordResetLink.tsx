import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from '../../app/toasts/toast-store';
import { getSync } from '../../bridges/worker-bridge';
import { useAccountAction } from '../account/use-account-action';

/**
 * For a member who no longer knows the current password: the mailed reset link
 * (POST /api/reset_password.php to the member's own address) proves the mailbox instead.
 */
export function PasswordResetLink({ email }: { email: string }) {
  const { t } = useTranslation();
  const [sent, setSent] = useState(false);
  const { busy, problem, run } = useAccountAction();

  const send = async () => {
    const done = await run(async () => {
      await getSync().requestPasswordReset(email);
      return true;
    });
    if (!done) return;
    setSent(true);
    toast.success(t('my_profile.password_sent_toast'));
  };

  return (
    <div className="profile-password-forgot mt-3">
      {sent && (
        <div className="alert alert-success small" role="status">
          {t('my_profile.password_sent', { email })}
        </div>
      )}
      {problem && (
        <div className="alert alert-danger small" role="alert">
          {problem.text}
        </div>
      )}
      <p className="small text-body-secondary mb-0">
        {t('my_profile.password_forgot')}{' '}
        <button
          type="button"
          className="btn btn-link btn-sm p-0 align-baseline"
          disabled={busy}
          aria-busy={busy}
          onClick={() => void send()}
        >
          {sent ? t('my_profile.password_send_again') : t('my_profile.password_send')}
        </button>
      </p>
    </div>
  );
}
