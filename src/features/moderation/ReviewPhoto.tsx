import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { ModeratedPhoto } from '../../shared/contract/moderation';
import { ModerationIcon } from './ModerationIcon';
import { ZoomImage } from './ZoomImage';

export interface ReviewPhotoProps {
  photo: ModeratedPhoto;
  cdnPrefix: string;
  /** Whose photo, for the image's text. */
  name: string;
  /** Which of the photo's actions is running, if any. */
  busy: 'approve_photo' | 'hide_photo' | null;
  onAction: (action: 'approve_photo' | 'hide_photo') => void;
  /** Shown under the state, e.g. a link to the owner in the queue. */
  children?: ReactNode;
}

/**
 * One photo under review: the picture (opens full size), its state for others (visible, waiting,
 * hidden) and the buttons that change it.
 */
export function ReviewPhoto({
  photo,
  cdnPrefix,
  name,
  busy,
  onAction,
  children,
}: ReviewPhotoProps) {
  const { t } = useTranslation();
  const alt = t('moderation.photo_alt', { name, id: photo.id });
  const button = (action: 'approve_photo' | 'hide_photo') => (
    <button
      type="button"
      className={`btn btn-sm ${action === 'hide_photo' ? 'btn-outline-danger' : 'btn-outline-success'}`}
      disabled={busy !== null}
      aria-busy={busy === action || undefined}
      aria-label={t(`moderation.photo_${action}`, { name, id: photo.id })}
      onClick={() => onAction(action)}
    >
      {busy === action ? (
        <span className="spinner-border spinner-border-sm" aria-hidden="true" />
      ) : (
        <ModerationIcon name={action === 'hide_photo' ? 'eyeOff' : 'check'} size={16} />
      )}
      <span>{t(`moderation.actions.${action}`)}</span>
    </button>
  );
  return (
    <figure className={`moderation-photo is-${photo.review}`}>
      <ZoomImage
        thumb={cdnPrefix + photo.thumb_filename}
        full={cdnPrefix + photo.filename}
        alt={alt}
        label={t('moderation.photo_open', { name, id: photo.id })}
      />
      <figcaption>
        <span className={`moderation-review is-${photo.review}`}>
          {t(`moderation.review_state.${photo.review}`)}
        </span>
        {children}
        <span className="moderation-photo-actions">
          {photo.review !== 'approved' && button('approve_photo')}
          {photo.review !== 'hidden' && button('hide_photo')}
        </span>
      </figcaption>
    </figure>
  );
}
