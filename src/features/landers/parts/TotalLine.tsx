import { useTranslation } from 'react-i18next';
import { totalKind } from '../lander-rules';

/** "More than 1,200 members" (the server rounds), or nothing until the figure is known. */
export function TotalLine({ total, className }: { total: number | null; className?: string }) {
  const { t } = useTranslation();
  if (total === null || total === 0) return null;
  return (
    <p className={className}>
      {totalKind(total) === 'more'
        ? t('landers.total_more', { number: total })
        : t('landers.total_exact', { number: total })}
    </p>
  );
}
