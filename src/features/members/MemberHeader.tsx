import { useTranslation } from 'react-i18next';
import { currentLanguage } from '../../i18n/interface-language';
import { countryName } from '../../shared/countries';
import { languageName, needsLanguageBadge } from './card-rules';
import { PremiumBadge } from './PremiumBadge';
import type { ShownMember } from './use-member-profile';

export interface MemberHeaderProps {
  member: ShownMember;
  /** They liked the logged-in member. */
  likesYou: boolean;
  /** Both liked each other. */
  mutual: boolean;
}

/** The page's one h1 (name and age), then gender, where they live and the premium and like badges. */
export function MemberHeader({ member, likesYou, mutual }: MemberHeaderProps) {
  const { t, i18n } = useTranslation();
  const lng = currentLanguage(i18n);
  const region = member.region && member.region !== member.city ? member.region : null;
  const place = [member.city, region, countryName(member.country, lng)].filter(Boolean).join(', ');
  const gender =
    member.gender === 'female'
      ? t('member.gender_female')
      : member.gender === 'male'
        ? t('member.gender_male')
        : null;
  const meta = [gender, place].filter(Boolean).join(' · ');
  const badge = needsLanguageBadge(member, lng);

  return (
    <header className="member-header">
      <h1 id="member-name" className="member-name">
        {member.name}
        {member.age !== null && <span className="member-age">, {member.age}</span>}
      </h1>
      {meta && <p className="member-meta mb-0">{meta}</p>}
      {(likesYou || badge || member.premium === true) && (
        <p className="member-badges mb-0">
          {member.premium === true && <PremiumBadge />}
          {likesYou && (
            <span className="badge member-badge is-like">
              {mutual ? t('member.mutual') : t('member.likes_you', { name: member.name })}
            </span>
          )}
          {badge && (
            <span className="badge member-badge">
              {t('member.speaks', { language: languageName(member.language, lng) })}
            </span>
          )}
        </p>
      )}
    </header>
  );
}
