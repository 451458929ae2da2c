import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import type { LikeType } from './likes-types';

const LABELS = {
  received: 'likes.tab_received',
  given: 'likes.tab_given',
  mutual: 'likes.tab_mutual',
} as const;

/** The three lists as links (each is its own address), the open one marked for screen readers. */
export function LikesTabs({
  types,
  active,
  counts,
  newCount,
}: {
  types: readonly LikeType[];
  active: LikeType;
  counts: Partial<Record<LikeType, number>>;
  newCount: number;
}) {
  const { t } = useTranslation();
  return (
    <nav aria-label={t('likes.tabs_label')} className="likes-tabs mb-4">
      <ul className="nav nav-pills gap-1 flex-nowrap">
        {types.map((type) => (
          <li className="nav-item" key={type}>
            <Link
              to={`/likes/${type}`}
              className={`nav-link${type === active ? ' active' : ''}`}
              aria-current={type === active ? 'page' : undefined}
            >
              {t(LABELS[type])}
              {counts[type] !== undefined && (
                <span className="likes-tab-count">{counts[type]}</span>
              )}
              {type === 'received' && newCount > 0 && (
                <span className="badge likes-tab-new">
                  {t('likes.new_count', { count: newCount })}
                </span>
              )}
            </Link>
          </li>
        ))}
      </ul>
    </nav>
  );
}
