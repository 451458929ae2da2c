import { useTranslation } from 'react-i18next';

/** Says the members shown are those of an earlier visit (no connection now). */
export function StoredNote({ stored }: { stored: boolean }) {
  const { t } = useTranslation();
  if (!stored) return null;
  return (
    <p className="lander-stored small" role="status">
      {t('landers.offline')}
    </p>
  );
}
