import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import type { CreditsOffer } from '../../shared/contract/payments';
import { currentLanguage } from '../../i18n/interface-language';
import { CreditsIcon } from './CreditsIcon';
import { formatPercent } from '../../shared/money';
import { clockOf, useCountdown, type TimeLeft } from './use-countdown';

/** "1 day 4:05:09" / "4:05:09" in the interface language. */
export function useCountdownText(): (left: TimeLeft) => string {
  const { t } = useTranslation();
  return (left) =>
    left.days > 0 ? `${t('credits.days', { count: left.days })} ${clockOf(left)}` : clockOf(left);
}

/**
 * What is special about this offer: the welcome discount, the time bonus with a live countdown
 * (the offer is fetched again when it runs out) and credits owed after a refund.
 */
export function OfferBanners({
  offer,
  onBonusOver,
}: {
  offer: CreditsOffer;
  onBonusOver: () => void;
}) {
  const { t, i18n } = useTranslation();
  const lng = currentLanguage(i18n);
  const bonus = offer.time_bonus;
  const left = useCountdown(bonus?.ends_at ?? null);
  const countdownText = useCountdownText();
  const endsAt = bonus?.ends_at ?? null;
  const bonusOver = left?.over ?? true;
  // Once per deadline: a server clock a little behind ours may still send the ended bonus.
  const reloadedFor = useRef<string | null>(null);
  useEffect(() => {
    if (endsAt === null || !bonusOver || reloadedFor.current === endsAt) return;
    reloadedFor.current = endsAt;
    onBonusOver();
  }, [endsAt, bonusOver, onBonusOver]);

  return (
    <>
      {offer.debt > 0 && (
        <div className="credits-banner is-debt" role="note">
          <CreditsIcon name="alert" />
          <p className="mb-0">{t('credits.debt', { count: offer.debt })}</p>
        </div>
      )}
      {offer.discount && (
        <div className="credits-banner is-discount">
          <CreditsIcon name="gift" />
          <p className="mb-0">
            <strong>
              {t('credits.welcome_title', {
                percent: formatPercent(offer.discount.percentage, lng),
              })}
            </strong>{' '}
            {t('credits.welcome_text')}
          </p>
        </div>
      )}
      {bonus && left && !left.over && (
        <div className="credits-banner is-bonus">
          <CreditsIcon name="clock" />
          <p className="mb-0">
            <strong>
              {t('credits.bonus_title', { percent: formatPercent(bonus.percentage, lng) })}
            </strong>{' '}
            {t('credits.bonus_ends')}{' '}
            <time className="credits-countdown" dateTime={bonus.ends_at} role="timer">
              {countdownText(left)}
            </time>
          </p>
        </div>
      )}
    </>
  );
}

/** True while the offer's time bonus still runs (bonus credits are shown on the packages). */
export function useBonusRunning(offer: CreditsOffer | null): boolean {
  const left = useCountdown(offer?.time_bonus?.ends_at ?? null);
  return left !== null && !left.over;
}
