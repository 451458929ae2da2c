import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { User } from '../../shared/contract/account';
import { useSession } from '../../app/session/session-context';
import { getSync } from '../../bridges/worker-bridge';
import { useAccountAction } from '../account/use-account-action';
import { ProfileSection } from './ProfileSection';

/**
 * Whether the member's card appears on invitation pages (landers, their own invitation page, the
 * match-finder). Saved at once; search and the profile page are not affected.
 */
export function InvitationSection({ user }: { user: User }) {
  const { t } = useTranslation();
  const { setUser } = useSession();
  const shown = !user.lander_opt_out;
  const [saved, setSaved] = useState(false);
  const { busy, problem, run } = useAccountAction();

  const change = async (show: boolean) => {
    setSaved(false);
    const next = await run(() => getSync().setLanderOptOut(!show));
    if (!next) return;
    setUser(next);
    setSaved(true);
  };

  return (
    <ProfileSection id="profile-invitations" title={t('my_profile.invitations_title')}>
      <div className="form-check form-switch">
        <input
          id="switch-invitations"
          className="form-check-input"
          type="checkbox"
          role="switch"
          aria-describedby="invitations-help"
          checked={shown}
          disabled={busy}
          onChange={(event) => void change(event.target.checked)}
        />
        <label className="form-check-label" htmlFor="switch-invitations">
          {t('my_profile.invitations_switch')}
        </label>
      </div>
      <p id="invitations-help" className="form-text">
        {t('my_profile.invitations_help')}
      </p>
      <p className="small mb-0" role="status" aria-live="polite">
        {saved && <span className="text-success">{t('my_profile.saved_invitations')}</span>}
        {problem && <span className="text-danger">{problem.text}</span>}
      </p>
    </ProfileSection>
  );
}
