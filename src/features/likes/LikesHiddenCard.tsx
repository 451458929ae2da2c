import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { PremiumCrown } from '../members/PremiumBadge';

/**
 * Below the likers a member without premium may see: how many more liked them (never who) and
 * the way to premium, which names them all.
 */
export function LikesHiddenCard({ count, fresh }: { count: number; fresh: number }) {
  const { t } = useTranslation();
  const headingId = useId();
  return (
    <section className="likes-hidden card mt-4" aria-labelledby={headingId}>
      <div className="card-body d-flex flex-wrap align-items-center gap-3">
        <span className="premium-badge is-compact">
          <PremiumCrown size={18} />
        </span>
        <div className="flex-grow-1">
          <h2 id={headingId} className="h6 mb-0">
            {t('likes.hidden_more', { count })}
          </h2>
          {fresh > 0 && (
            <p className="small text-body-secondary mb-0">
              {t('likes.hidden_new', { count: fresh })}
            </p>
          )}
        </div>
        <Link to="/premium" className="btn btn-primary btn-sm">
          {t('likes.hidden_cta')}
        </Link>
      </div>
    </section>
  );
}
