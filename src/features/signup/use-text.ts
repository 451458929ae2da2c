/** Messages whose keys are only known at run time (server keys, validation results). */
import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';

type Lookup = (key: string, options?: Record<string, unknown>) => string;

/** `text(key, fallback?, options?)`: the key's message, else the fallback's, else the key itself. */
export function useText(): (
  key: string,
  fallback?: string,
  options?: Record<string, unknown>,
) => string {
  const { t, i18n } = useTranslation();
  return useCallback(
    (key, fallback, options) => {
      const lookup = t as unknown as Lookup;
      if (i18n.exists(key)) return lookup(key, options);
      if (fallback && i18n.exists(fallback)) return lookup(fallback, options);
      return key;
    },
    [t, i18n],
  );
}
