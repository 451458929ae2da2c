import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { currentLanguage, setLanguage } from '../../i18n/interface-language';
import { INTERFACE_LANGUAGES, isLanguage, LANGUAGE_NAMES } from '../../shared/languages';

/** A native select: keyboard and screen-reader friendly on every phone without extra code. */
export function LanguageSwitcher() {
  const { t, i18n } = useTranslation();
  const id = useId();
  return (
    <div className="language-switcher d-flex align-items-center">
      <label className="visually-hidden" htmlFor={id}>
        {t('nav.language')}
      </label>
      <select
        id={id}
        className="form-select form-select-sm"
        value={currentLanguage(i18n)}
        onChange={(e) => {
          if (isLanguage(e.target.value)) void setLanguage(e.target.value, i18n);
        }}
      >
        {INTERFACE_LANGUAGES.map((lng) => (
          <option key={lng} value={lng} lang={lng}>
            {LANGUAGE_NAMES[lng]}
          </option>
        ))}
      </select>
    </div>
  );
}
