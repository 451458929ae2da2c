import { useTranslation } from 'react-i18next';

/** A crown, drawn inline so it costs no request and follows the text colour. */
const CROWN = 'M3.5 8.5 8 12l4-6.5 4 6.5 4.5-3.5-1.75 9.5H5.25Z';

/** The crown alone, decorative: the text beside it says what it stands for. */
export function PremiumCrown({ size = 14 }: { size?: number }) {
  return (
    <svg viewBox="0 0 24 24" width={size} height={size} aria-hidden="true" focusable="false">
      <path d={CROWN} fill="currentColor" />
    </svg>
  );
}

/**
 * The premium mark on a member's card, profile and likes (premium members only). Compact shows
 * the crown alone with its label for screen readers and as a tooltip; otherwise the word shows too.
 */
export function PremiumBadge({ compact = false }: { compact?: boolean }) {
  const { t } = useTranslation();
  const label = t('premium_badge.label');
  return (
    <span className={`premium-badge${compact ? ' is-compact' : ''}`} title={label}>
      <PremiumCrown />
      <span className={compact ? 'visually-hidden' : undefined}>
        {compact ? label : t('premium_badge.short')}
      </span>
    </span>
  );
}
