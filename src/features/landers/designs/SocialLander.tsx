import { useTranslation } from 'react-i18next';
import type { Profile } from '../../../shared/contract/fields';
import { LineIcon } from '../../../app/icons/LineIcon';
import { JOIN_ID, nameWithAge } from '../lander-rules';
import type { LanderViewProps } from '../lander-view';
import { LanderScreen } from '../LanderScreen';
import { CtaLink } from '../parts/CtaLink';
import { LanderFrame } from '../parts/LanderFrame';
import { LanderHeadline } from '../parts/LanderHeadline';
import { MemberPhoto } from '../parts/MemberPhoto';
import { LANDER_ICONS } from '../parts/lander-icons';
import { StoredNote } from '../parts/StoredNote';

/** Only the first post's photo is above the fold on a phone. */
const POSTS = 4;

function Post({
  profile,
  index,
  cdnPrefix,
}: {
  profile: Profile;
  index: number;
  cdnPrefix: string;
}) {
  const { t } = useTranslation();
  const caption =
    index % 3 === 1 && profile.city
      ? t('landers.social.caption_city', { name: profile.name, city: profile.city })
      : index % 3 === 2
        ? t('landers.social.caption_like', { name: profile.name })
        : t('landers.social.caption_meet', { name: profile.name });
  return (
    <li className="ls-post">
      <article aria-label={nameWithAge(profile)}>
        <header className="ls-post-head">
          <MemberPhoto profile={profile} cdnPrefix={cdnPrefix} size={44} eager={index === 0} />
          <span>
            <strong className="ls-post-name">{nameWithAge(profile)}</strong>
            {profile.city && <span className="ls-post-city">{profile.city}</span>}
          </span>
        </header>
        <MemberPhoto
          profile={profile}
          cdnPrefix={cdnPrefix}
          size={300}
          eager={index === 0}
          className="ls-post-photo"
        />
        <p className="ls-post-caption">{caption}</p>
        <div className="ls-post-actions">
          <a href={`#${JOIN_ID}`} aria-label={t('card.like_named', { name: profile.name })}>
            <LineIcon path={LANDER_ICONS.heart} size={20} />
            {t('card.like')}
          </a>
          <a href={`#${JOIN_ID}`} aria-label={t('card.chat_named', { name: profile.name })}>
            <LineIcon path={LANDER_ICONS.chat} size={20} />
            {t('landers.social.message')}
          </a>
        </div>
      </article>
    </li>
  );
}

/** `socialnetwork`: a feed of members to like and message; taking part starts with sign-up. */
export function SocialLander(view: LanderViewProps) {
  const { profiles, cdnPrefix, stored } = view;
  const { t } = useTranslation();
  return (
    <LanderFrame join={view.join} design="lander-social">
      <div className="container ls-layout">
        <section className="ls-intro" aria-labelledby="lander-title">
          <LanderHeadline view={view} copy="social" />
          <CtaLink />
        </section>

        <section className="ls-feed" aria-label={t('landers.social.feed')}>
          <a className="ls-composer" href={`#${JOIN_ID}`}>
            <span className="ls-composer-avatar" aria-hidden="true">
              <LineIcon path={LANDER_ICONS.star} size={20} />
            </span>
            <span className="ls-composer-text">{t('landers.social.composer')}</span>
          </a>
          <StoredNote stored={stored} />
          {profiles && profiles.length === 0 && (
            <p className="lander-empty">{t('landers.empty')}</p>
          )}
          <ul className="list-unstyled ls-posts" aria-busy={profiles === null}>
            {profiles
              ? profiles
                  .slice(0, POSTS)
                  .map((profile, i) => (
                    <Post key={profile.id} profile={profile} index={i} cdnPrefix={cdnPrefix} />
                  ))
              : [0, 1].map((i) => (
                  <li key={i} className="ls-post" aria-hidden="true">
                    <span className="lander-photo lander-skeleton ls-post-photo" />
                  </li>
                ))}
          </ul>
        </section>
      </div>
    </LanderFrame>
  );
}

/** The route screen of `/landers/socialnetwork/:slug`. */
export default function SocialLanderScreen() {
  return <LanderScreen design={SocialLander} />;
}
