import { useTranslation } from 'react-i18next';
import type { ModeratedMember } from '../../shared/contract/moderation';
import { currentLanguage } from '../../i18n/interface-language';
import { countryName } from '../../shared/countries';
import { formatDate } from '../../shared/dates';
import { formatWhen } from './moderation-view';
import { ModerationIcon } from './ModerationIcon';
import { ReviewPhoto } from './ReviewPhoto';
import { photoBusy, type ModerationRunner } from './use-moderation-action';

export interface MemberCardProps {
  member: ModeratedMember;
  cdnPrefix: string;
  actions: ModerationRunner;
}

/**
 * The member as moderators judge them: status, the ban in force, whether search shows them, what
 * they wrote about themselves, and every photo with the state others see it in.
 */
export function MemberCard({ member, cdnPrefix, actions }: MemberCardProps) {
  const { t, i18n } = useTranslation();
  const lng = currentLanguage(i18n);
  const place = [member.city, member.country ? countryName(member.country, lng) : null]
    .filter(Boolean)
    .join(', ');
  const facts = [
    member.age === null ? null : t('moderation.member.age', { count: member.age }),
    member.gender ? t(`member.gender_${member.gender}`) : null,
    place || null,
  ].filter((fact): fact is string => fact !== null);

  return (
    <section className="moderation-member card" aria-labelledby="moderation-member-name">
      <div className="card-body">
        <header className="moderation-member-head">
          <span className="moderation-avatar" aria-hidden="true">
            <ModerationIcon name="person" size={28} />
          </span>
          <div className="moderation-member-id">
            <h1 id="moderation-member-name" className="h3 mb-1">
              {member.name}
            </h1>
            <p className="text-body-secondary mb-0 small">
              {t('moderation.member.number', { id: member.id })}
              {' · '}
              {t('moderation.member.since', { date: formatDate(member.signup_date, lng) })}
            </p>
          </div>
        </header>
        <ul className="moderation-badges list-unstyled">
          <li className={`moderation-status is-${member.status}`}>
            {t(`moderation.status.${member.status}`)}
          </li>
          {member.search_hidden && (
            <li className="moderation-status is-hidden">
              <ModerationIcon name="eyeOff" size={14} />
              {t('moderation.member.search_hidden')}
            </li>
          )}
          {member.moderator && (
            <li className="moderation-status is-moderator">
              <ModerationIcon name="shield" size={14} />
              {t('moderation.member.moderator')}
            </li>
          )}
        </ul>
        {member.ban && (
          <div className="moderation-ban" role="note">
            <ModerationIcon name="ban" size={22} />
            <div>
              <p className="fw-bold mb-1">
                {t('moderation.member.banned_since', { when: formatWhen(member.ban.since, lng) })}
              </p>
              <p className="mb-0">
                <span className="text-body-secondary">{t('moderation.member.ban_reason')} </span>
                {member.ban.reason}
              </p>
            </div>
          </div>
        )}
        {facts.length > 0 && <p className="moderation-facts">{facts.join(' · ')}</p>}
        <h2 className="moderation-label">{t('moderation.member.about')}</h2>
        <p className={`moderation-about${member.personal ? '' : ' text-body-secondary'}`}>
          {member.personal || t('moderation.member.no_about')}
        </p>
        <h2 className="moderation-label">{t('moderation.member.photos')}</h2>
        {member.photos.length === 0 ? (
          <p className="text-body-secondary mb-0">{t('moderation.member.no_photos')}</p>
        ) : (
          <ul className="moderation-photo-list is-member list-unstyled mb-0">
            {member.photos.map((photo) => (
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
                />
              </li>
            ))}
          </ul>
        )}
      </div>
    </section>
  );
}
