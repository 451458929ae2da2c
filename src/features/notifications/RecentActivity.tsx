import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { photoUrl } from '../members/card-rules';
import type { ActivityItem } from './notifications-view';

/** New messages per conversation and new likes, each leading to its chat or the likes list. */
export function RecentActivity({ items, cdnPrefix }: { items: ActivityItem[]; cdnPrefix: string }) {
  const { t } = useTranslation();
  if (items.length === 0) {
    return (
      <p className="notifications-empty text-body-secondary">{t('notifications.recent_empty')}</p>
    );
  }
  return (
    <ul className="notifications-list list-unstyled mb-0">
      {items.map((item) => {
        const name = item.profile?.name ?? t('notifications.someone');
        const src = item.profile ? photoUrl(cdnPrefix, item.profile) : null;
        return (
          <li key={item.key}>
            <Link to={item.href} className="notifications-item">
              <span className="notifications-avatar" aria-hidden="true">
                {src ? (
                  <img src={src} alt="" width={48} height={48} loading="lazy" />
                ) : (
                  name.charAt(0)
                )}
              </span>
              <span className="notifications-text">
                <span className="notifications-name">{name}</span>
                <span className="notifications-detail">
                  {item.kind === 'message'
                    ? t('notifications.unread', { count: item.count })
                    : t('notifications.like_new')}
                  {item.preview && <span className="notifications-preview"> · {item.preview}</span>}
                </span>
              </span>
              <span
                className={`notifications-kind notifications-kind-${item.kind}`}
                aria-hidden="true"
              >
                {item.kind === 'message' ? '✉' : '♥'}
              </span>
            </Link>
          </li>
        );
      })}
    </ul>
  );
}
