/** The slug picks the page language (SPEC §2.5): i18n switches to it, and the choice is remembered. */
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import type { Language } from '../../shared/contract/fields';
import { currentLanguage, setLanguage } from '../../i18n/interface-language';

/** Switches the interface to `language` (null: leave it as the visitor has it). */
export function usePageLanguage(language: Language | null): void {
  const { i18n } = useTranslation();
  useEffect(() => {
    if (!language || currentLanguage(i18n) === language) return;
    setLanguage(language, i18n).catch((error: unknown) =>
      console.warn('The page language could not be switched', error),
    );
  }, [language, i18n]);
}
