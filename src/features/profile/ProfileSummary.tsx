import type { MouseEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import type { User } from '../../shared/contract/account';
import { currentLanguage } from '../../i18n/interface-language';
import { countryName } from '../../shared/countries';
import { ageOn, isRealDate, todayIso } from './birth-date';
import { ProfileIcon } from './ProfileIcon';

export interface SectionLink {
  id: string;
  label: string;
}

/** Scrolls to a section without a router navigation and moves focus to its heading. */
function jump(event: MouseEvent<HTMLAnchorElement>, id: string) {
  const target = document.getElementById(id);
  if (!target) return;
  event.preventDefault();
  target.scrollIntoView({ behavior: 'smooth', block: 'start' });
  const heading = target.querySelector<HTMLElement>('h2');
  heading?.setAttribute('tabindex', '-1');
  heading?.focus({ preventScroll: true });
}

/** Who the member is at a glance, a link to the public view, and (wide screens) the sections. */
export function ProfileSummary({
  user,
  cdnPrefix,
  sections,
}: {
  user: User;
  cdnPrefix: string;
  sections: SectionLink[];
}) {
  const { t, i18n } = useTranslation();
  const { profile } = user;
  const birth = profile.date_of_birth;
  const age = birth && isRealDate(birth) ? ageOn(birth, todayIso()) : null;
  const place = [profile.city, countryName(profile.country, currentLanguage(i18n))]
    .filter(Boolean)
    .join(', ');
  const facts = [age !== null ? t('my_profile.age', { age }) : null, place || null].filter(Boolean);

  return (
    <aside className="profile-summary" aria-label={t('my_profile.summary_label')}>
      <div className="profile-summary-head">
        <span className="profile-avatar" aria-hidden="true">
          {profile.main_image ? (
            <img
              src={cdnPrefix + profile.main_image.thumb_filename}
              alt=""
              width="96"
              height="96"
            />
          ) : (
            <ProfileIcon name="person" size={40} />
          )}
        </span>
        <div className="profile-summary-text">
          <p className="profile-summary-name">{profile.name}</p>
          {facts.length > 0 && (
            <p className="profile-summary-facts text-body-secondary">{facts.join(' · ')}</p>
          )}
          <Link className="profile-summary-link" to={`/members/${user.id}`}>
            {t('my_profile.view_public')}
          </Link>
        </div>
      </div>
      <nav className="profile-nav" aria-label={t('my_profile.nav_label')}>
        <ul className="list-unstyled mb-0">
          {sections.map((section) => (
            <li key={section.id}>
              <a href={`#${section.id}`} onClick={(e) => jump(e, section.id)}>
                {section.label}
              </a>
            </li>
          ))}
        </ul>
      </nav>
    </aside>
  );
}
