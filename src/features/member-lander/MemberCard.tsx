import { useTranslation } from 'react-i18next';
import type { Profile } from '../../shared/contract/fields';
import { currentLanguage } from '../../i18n/interface-language';
import { countryName } from '../../shared/countries';
import { MEMBER_SLOTS } from '../../shared/prerender/member-slots';
import { PLACE_MEMBER_ATTRIBUTE, prerenderedPlace } from '../../prerender/member-values';
import { usePrerendering } from '../../prerender/prerender-context';
import { slotMarker } from '../../shared/prerender/slots';
import { photoUrl } from '../members/card-rules';

export interface MemberCardProps {
  /** undefined while loading (a same-size placeholder), null when no member can be shown. */
  profile: Profile | null | undefined;
  cdnPrefix: string;
}

/** The member's public card: photo, name, age, town. Never e-mail, birth date or position. */
export function MemberCard({ profile, cdnPrefix }: MemberCardProps) {
  const { t, i18n } = useTranslation();
  const prerendering = usePrerendering();
  if (profile === null) {
    return (
      <div className="ml2-card ml2-card-none" aria-hidden="true">
        <span className="ml2-hearts" />
      </div>
    );
  }
  if (profile === undefined) {
    return (
      <div className="ml2-card" aria-busy="true">
        <span className="ml2-photo lander-skeleton" />
        <span className="ml2-card-body">
          <span className="lander-skeleton-line ms-0" />
        </span>
      </div>
    );
  }
  const src = photoUrl(cdnPrefix, profile);
  // Prerendered, age and place are slots the server fills in, or leaves empty (hidden by CSS).
  const age = prerendering
    ? slotMarker(MEMBER_SLOTS.age)
    : profile.age !== null
      ? t('memberLander.age', { age: profile.age })
      : null;
  const lng = currentLanguage(i18n);
  const place = prerendering
    ? slotMarker(MEMBER_SLOTS.place)
    : (prerenderedPlace(profile.id, lng) ??
      [profile.city, countryName(profile.country, lng)].filter(Boolean).join(', '));
  return (
    <figure className="ml2-card">
      {src ? (
        <img
          className="ml2-photo"
          src={src}
          alt={t('memberLander.photo_alt', { name: profile.name })}
          width={300}
          height={300}
          fetchPriority="high"
        />
      ) : (
        <span className="ml2-photo lander-photo-empty" aria-hidden="true">
          {profile.name.slice(0, 1).toUpperCase()}
        </span>
      )}
      <figcaption className="ml2-card-body">
        <strong className="ml2-name">{profile.name}</strong>
        {age !== null && <span className="ml2-age">{age}</span>}
        {place && (
          <span
            className="ml2-place"
            {...(prerendering ? { [PLACE_MEMBER_ATTRIBUTE]: slotMarker(MEMBER_SLOTS.id) } : {})}
          >
            {place}
          </span>
        )}
      </figcaption>
    </figure>
  );
}
