import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import type { Profile } from '../../api/contract';
import { currentLanguage } from '../../i18n/i18n';
import { countryName } from '../../lib/countries';

/** Countries whose members often write in another language than the interface (SPEC §2.6). */
const MULTILINGUAL_COUNTRIES = new Set(['CA', 'BE', 'CH', 'FI']);

export interface ProfileCardProps {
  profile: Profile;
  cdnPrefix: string;
  showLanguageBadge?: boolean;
  /** Level of the name heading, so the page outline has no gaps. */
  headingLevel?: 2 | 3;
}

/** A member in the search grid: photo, name with age, city and country (SPEC §2.6). */
export function ProfileCard({
  profile,
  cdnPrefix,
  showLanguageBadge = true,
  headingLevel = 3,
}: ProfileCardProps) {
  const Heading = headingLevel === 2 ? 'h2' : 'h3';
  const { t, i18n } = useTranslation();
  const lng = currentLanguage(i18n);
  const href = `/members/${profile.id}`;
  const place = [profile.city, countryName(profile.country, lng)].filter(Boolean).join(', ');
  const badge =
    showLanguageBadge &&
    (profile.language !== lng || MULTILINGUAL_COUNTRIES.has(profile.country ?? ''));

  return (
    <article className="profile-card card h-100">
      <Link to={href} className="profile-card-photo" tabIndex={-1} aria-hidden="true">
        {profile.main_image ? (
          <img
            src={cdnPrefix + profile.main_image.thumb_filename}
            alt=""
            loading="lazy"
            decoding="async"
            width="300"
            height="300"
          />
        ) : (
          <span className="profile-card-initial">{profile.name.slice(0, 1).toUpperCase()}</span>
        )}
      </Link>
      <div className="card-body">
        <Heading className="profile-card-name h6 mb-1">
          <Link to={href} className="text-reset text-decoration-none">
            {profile.name}
            {profile.age !== null && <span className="fw-normal">, {profile.age}</span>}
          </Link>
        </Heading>
        {place && <p className="profile-card-place small text-body-secondary mb-0">{place}</p>}
        {badge && (
          <span
            className="badge text-bg-light border mt-2"
            title={t('members.speaks', { language: profile.language.toUpperCase() })}
          >
            {profile.language.toUpperCase()}
          </span>
        )}
      </div>
    </article>
  );
}
