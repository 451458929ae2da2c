import { useId, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { type User } from '../../shared/contract/account';
import { LANGUAGES, type Language } from '../../shared/contract/fields';
import { useSession } from '../../app/session/session-context';
import { toast } from '../../app/toasts/toast-store';
import { getSync } from '../../bridges/worker-bridge';
import { setLanguage } from '../../i18n/interface-language';
import { isLanguage, LANGUAGE_NAMES } from '../../shared/languages';
import { useAccountAction } from '../account/use-account-action';
import { ProfileSection, SaveRow } from './ProfileSection';

/**
 * The language the member writes in (shown to others) and reads the site in: saving it also
 * switches the interface, like the language switcher in the top bar.
 */
export function LanguageSection({ user }: { user: User }) {
  const { t, i18n } = useTranslation();
  const { setUser } = useSession();
  const id = useId();
  const [language, setChoice] = useState<Language>(user.profile.language);
  const { busy, problem, run } = useAccountAction();

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    const saved = await run(() => getSync().updateUser({ profile: { language } }));
    if (!saved) return;
    setUser(saved);
    const translate = await setLanguage(language, i18n);
    toast.success(translate('my_profile.saved_language'));
  };

  return (
    <ProfileSection id="profile-language" title={t('my_profile.language_title')}>
      <form noValidate onSubmit={(e) => void onSubmit(e)}>
        <div className="mb-3">
          {/* The card's heading already says "Language"; the label stays for screen readers. */}
          <label className="visually-hidden" htmlFor={`${id}-language`}>
            {t('my_profile.language')}
          </label>
          <select
            id={`${id}-language`}
            className="form-select profile-language-select"
            value={language}
            aria-describedby={`${id}-language-help`}
            onChange={(e) => {
              if (isLanguage(e.target.value)) setChoice(e.target.value);
            }}
          >
            {LANGUAGES.map((lng) => (
              <option key={lng} value={lng} lang={lng}>
                {LANGUAGE_NAMES[lng]}
              </option>
            ))}
          </select>
          <div id={`${id}-language-help`} className="form-text">
            {t('my_profile.language_help')}
          </div>
        </div>
        <SaveRow busy={busy} problem={problem} />
      </form>
    </ProfileSection>
  );
}
