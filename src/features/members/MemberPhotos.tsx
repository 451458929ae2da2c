import { useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { ProfileImage } from '../../shared/contract/members';
import { CardIcon } from './CardIcon';

export interface MemberPhotosProps {
  name: string;
  /** Main photo first. */
  photos: ProfileImage[];
  cdnPrefix: string;
  /** Template flag memberDetails.showGallery: the other photos as small thumbnails. */
  showGallery: boolean;
  /** Drawn on the large photo (the like toggle). */
  overlay?: ReactNode;
}

/** The member's photos on the profile page: one large, the rest as a gallery that swaps it. */
export function MemberPhotos({ name, photos, cdnPrefix, showGallery, overlay }: MemberPhotosProps) {
  const { t } = useTranslation();
  const [chosen, setChosen] = useState(0);
  const index = chosen < photos.length ? chosen : 0;
  const shown = photos[index];

  return (
    <div className="member-photos">
      <div className="member-photo-main">
        {shown ? (
          <img
            key={shown.id}
            src={cdnPrefix + (shown.filename ?? shown.thumb_filename)}
            alt={
              index === 0
                ? t('member.photo_alt', { name })
                : t('member.photo_n_alt', { n: index + 1, name })
            }
            width="600"
            height="600"
            decoding="async"
            fetchPriority="high"
          />
        ) : (
          <span
            className="member-photo-placeholder"
            role="img"
            aria-label={t('member.no_photo', { name })}
          >
            <CardIcon name="person" size={96} />
          </span>
        )}
        {overlay}
      </div>
      {showGallery && photos.length > 1 && (
        <ul className="member-gallery list-unstyled" aria-label={t('member.photos', { name })}>
          {photos.map((photo, i) => (
            <li key={photo.id}>
              <button
                type="button"
                className={`member-gallery-thumb${i === index ? ' is-active' : ''}`}
                aria-label={t('member.show_photo', { n: i + 1, count: photos.length })}
                aria-pressed={i === index}
                onClick={() => setChosen(i)}
              >
                <img
                  src={cdnPrefix + photo.thumb_filename}
                  alt=""
                  width="80"
                  height="80"
                  loading="lazy"
                  decoding="async"
                />
              </button>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
