import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import type { Profile } from '../../shared/contract/fields';
import { currentLanguage } from '../../i18n/interface-language';
import { countryName } from '../../shared/countries';
import { CardIcon } from './CardIcon';
import { languageName, needsLanguageBadge, photoUrl } from './card-rules';
import { LikeButton } from './LikeButton';
import { PremiumBadge } from './PremiumBadge';
import { useLike } from './use-like';
import { useLoadablePhoto } from './use-loadable-photo';
import { prepareForTakeOver } from '../../prerender/take-over-preparations';

// Every card names a country and may name a language: their Intl objects are made before the cards.
prepareForTakeOver((lng) => countryName('NL', lng));
prepareForTakeOver((lng) => languageName('en', lng));

export interface ProfileCardProps {
  profile: Profile;
  cdnPrefix: string;
  /** Logged in: like and message buttons show; visitors get the card and the visit link (SPEC §6). */
  member: boolean;
  /** On the likes route the message and visit buttons are hidden (SPEC §2.3). */
  hideContactButtons?: boolean;
  /** Where the photo and name lead; the likes route opens profiles under /likes/m/{id}. */
  href?: string;
  /** A received like the member has not opened yet. */
  isNew?: boolean;
  /** Runs when the member opens the profile, before the navigation. */
  onOpen?: () => void;
  showLanguageBadge?: boolean;
  /** Level of the name heading, so the page outline has no gaps. */
  headingLevel?: 2 | 3;
  /** On screen at once (the first cards): the photo loads at once and before others. */
  eager?: boolean;
}

/** A member as a card (SPEC §2.6): photo, name with age, city and country, and the actions. */
export function ProfileCard({
  profile,
  cdnPrefix,
  member,
  hideContactButtons = false,
  href = `/members/${profile.id}`,
  isNew = false,
  onOpen,
  showLanguageBadge = true,
  headingLevel = 2,
  eager = false,
}: ProfileCardProps) {
  const { t, i18n } = useTranslation();
  const lng = currentLanguage(i18n);
  const like = useLike(profile.id);
  const headingId = useId();
  const Heading = headingLevel === 2 ? 'h2' : 'h3';
  const photo = useLoadablePhoto(photoUrl(cdnPrefix, profile));
  const place = [profile.city, countryName(profile.country, lng)].filter(Boolean).join(', ');
  const badge = showLanguageBadge && needsLanguageBadge(profile, lng);
  const visit = (
    <Link
      to={href}
      className="btn btn-sm btn-outline-primary flex-grow-1"
      aria-label={t('card.view_named', { name: profile.name })}
      onClick={onOpen}
    >
      {t('card.view')}
    </Link>
  );

  return (
    <article
      className={`profile-card card h-100${isNew ? ' is-new' : ''}`}
      aria-labelledby={headingId}
    >
      <div className="profile-card-media">
        {/* The name link below is the one a keyboard or screen reader uses; this is a mouse target. */}
        <Link
          to={href}
          className="profile-card-photo"
          tabIndex={-1}
          aria-hidden="true"
          onClick={onOpen}
        >
          {photo.src ? (
            <img
              src={photo.src}
              alt=""
              loading={eager ? 'eager' : 'lazy'}
              fetchPriority={eager ? 'high' : undefined}
              decoding="async"
              width="300"
              height="300"
              onError={photo.onError}
            />
          ) : (
            <span className="profile-card-placeholder" data-testid="photo-placeholder">
              <CardIcon name="person" size={64} />
            </span>
          )}
        </Link>
        {isNew && <span className="profile-card-new badge">{t('card.new')}</span>}
        {member && <LikeButton name={profile.name} like={like} />}
      </div>
      <div className="card-body d-flex flex-column">
        <Heading id={headingId} className="profile-card-name h6 mb-1">
          <Link to={href} className="profile-card-link" onClick={onOpen}>
            {profile.name}
            {profile.age !== null && <span className="fw-normal">, {profile.age}</span>}
          </Link>
          {/* The space keeps "age" and the badge's label apart for screen readers. */}
          {profile.premium === true && (
            <>
              {' '}
              <PremiumBadge compact />
            </>
          )}
        </Heading>
        <p className="profile-card-place small text-body-secondary mb-0">
          <span className="text-truncate">{place}</span>
          {badge && (
            <span className="profile-card-lang badge" title={languageName(profile.language, lng)}>
              <span aria-hidden="true">{profile.language.toUpperCase()}</span>
              <span className="visually-hidden">
                {t('members.speaks', { language: languageName(profile.language, lng) })}
              </span>
            </span>
          )}
        </p>
        {member && like.queued && (
          <p className="profile-card-hint small mb-0" role="status">
            {t('card.queued')}
          </p>
        )}
        {!member ? (
          <div className="profile-card-actions">{visit}</div>
        ) : (
          !hideContactButtons && (
            <div className="profile-card-actions">
              <Link
                to={`/members/${profile.id}/chat`}
                className="btn btn-sm btn-outline-secondary btn-icon"
                aria-label={t('card.chat_named', { name: profile.name })}
                title={t('card.chat')}
              >
                <CardIcon name="chat" size={18} />
              </Link>
              {visit}
            </div>
          )
        )}
      </div>
    </article>
  );
}
