import { useTranslation } from 'react-i18next';
import type { Image } from '../../shared/contract/fields';
import { ProfileIcon } from './ProfileIcon';

export interface PhotoTileProps {
  photo: Image;
  src: string;
  n: number;
  isMain: boolean;
  busy: boolean;
  onMain: () => void;
  onDelete: () => void;
}

/** One of the member's photos: the main one is marked; the others can become it; any can go. */
export function PhotoTile({ photo, src, n, isMain, busy, onMain, onDelete }: PhotoTileProps) {
  const { t } = useTranslation();
  return (
    <li className={`profile-photo${isMain ? ' is-main' : ''}${busy ? ' is-busy' : ''}`}>
      <img
        src={src}
        alt={isMain ? t('my_profile.photo_alt_main') : t('my_profile.photo_alt', { n })}
        width="200"
        height="200"
        loading="lazy"
        decoding="async"
      />
      {isMain && (
        <span className="profile-photo-badge">
          <ProfileIcon name="star" size={14} filled />
          <span>{t('my_profile.photo_main')}</span>
        </span>
      )}
      {photo.review && (
        <span className={`profile-photo-review is-${photo.review}`}>
          {t(`moderation.own_photo.${photo.review}`)}
        </span>
      )}
      {busy && (
        <span className="profile-photo-wait">
          <span className="spinner-border spinner-border-sm" aria-hidden="true" />
        </span>
      )}
      <div className="profile-photo-actions">
        {!isMain && (
          <button
            type="button"
            className="profile-photo-action"
            aria-label={t('my_profile.photo_make_main_n', { n })}
            title={t('my_profile.photo_make_main')}
            disabled={busy}
            onClick={onMain}
          >
            <ProfileIcon name="star" size={18} />
          </button>
        )}
        <button
          type="button"
          className="profile-photo-action is-delete"
          aria-label={t('my_profile.photo_delete_n', { n })}
          title={t('my_profile.photo_delete')}
          disabled={busy}
          onClick={onDelete}
          data-photo={photo.id}
        >
          <ProfileIcon name="trash" size={18} />
        </button>
      </div>
    </li>
  );
}
