import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import type { ModerationQueueResponse } from '../../shared/contract/moderation';
import { memberPath } from './ReportCard';
import { ReviewPhoto } from './ReviewPhoto';
import { photoBusy, type ModerationRunner } from './use-moderation-action';

export interface PendingPhotosProps {
  items: ModerationQueueResponse['pending_photos'];
  cdnPrefix: string;
  actions: ModerationRunner;
}

/** New photos that wait for a moderator before others see them: approve or hide, one click. */
export function PendingPhotos({ items, cdnPrefix, actions }: PendingPhotosProps) {
  const { t } = useTranslation();
  return (
    <section className="moderation-pending" aria-labelledby="moderation-photos-title">
      <h2 id="moderation-photos-title" className="moderation-section-title">
        {t('moderation.photos_title')}
        <span className="moderation-count">{items.length}</span>
      </h2>
      {items.length === 0 ? (
        <p className="moderation-none">{t('moderation.photos_empty')}</p>
      ) : (
        <ul className="moderation-photo-list list-unstyled mb-0">
          {items.map(({ member, photo }) => (
            <li key={photo.id}>
              <ReviewPhoto
                photo={photo}
                cdnPrefix={cdnPrefix}
                name={member.name}
                busy={photoBusy(actions.busy, member.id, photo.id)}
                onAction={(action) =>
                  void actions.run(
                    { action, member: member.id, image: photo.id },
                    t(`moderation.done.${action}`, { name: member.name }),
                  )
                }
              >
                <Link className="moderation-photo-owner" to={memberPath(member.id)}>
                  {member.name}
                </Link>
              </ReviewPhoto>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
