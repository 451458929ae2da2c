import { useLiveQuery } from 'dexie-react-hooks';
import { useTranslation } from 'react-i18next';
import { PageTitle } from '../../app/PageTitle';
import { EmailChangeCard } from '../account/EmailChangeCard';
import { useOnline } from '../members/use-online';
import { useSiteSettings } from '../members/use-site-settings';
import { EmailSettings } from './EmailSettings';
import { PushSetting } from './PushSetting';
import { RecentActivity } from './RecentActivity';
import { readActivity } from './notifications-view';

/**
 * Notifications (`/notifications`, login required): what happened recently (unread chats, new
 * likes, from IndexedDB) and how the member wants to hear about it (push on this device, e-mail).
 */
export default function NotificationsScreen() {
  const { t } = useTranslation();
  const settings = useSiteSettings();
  const online = useOnline();
  const activity = useLiveQuery(readActivity);

  return (
    <div className="notifications-screen container py-4">
      <PageTitle title={t('notifications.title')} />
      <h1 className="h2 mb-1">{t('notifications.title')}</h1>
      <p className="text-body-secondary">{t('notifications.intro')}</p>
      {!online && (
        <p className="offline-note small" role="status">
          {t('notifications.offline_note')}
        </p>
      )}
      <div className="notifications-layout">
        <section className="notifications-card notifications-recent" aria-labelledby="recent-title">
          <h2 id="recent-title" className="h5">
            {t('notifications.recent_title')}
          </h2>
          {activity === undefined ? (
            <div className="notifications-skeleton" aria-hidden="true" />
          ) : (
            <RecentActivity items={activity} cdnPrefix={settings?.cdn_prefix ?? ''} />
          )}
        </section>
        <div className="notifications-settings">
          <h2 className="visually-hidden">{t('notifications.settings_title')}</h2>
          <PushSetting />
          <EmailSettings />
          <EmailChangeCard className="notifications-card" />
        </div>
      </div>
    </div>
  );
}
