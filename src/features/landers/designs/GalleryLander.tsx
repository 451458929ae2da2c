import { useTranslation } from 'react-i18next';
import { JOIN_ID, nameWithAge } from '../lander-rules';
import type { LanderViewProps } from '../lander-view';
import { LanderScreen } from '../LanderScreen';
import { LanderFrame } from '../parts/LanderFrame';
import { LanderActions, LanderHeadline } from '../parts/LanderHeadline';
import { MemberPhoto } from '../parts/MemberPhoto';
import { StoredNote } from '../parts/StoredNote';

/** Photos above the fold on a phone's first screen; the rest load as the visitor scrolls. */
const EAGER = 4;
const SHOWN = 12;

/** `gallery`: a grid of member photos, each a "say hello" that leads to sign-up. */
export function GalleryLander(view: LanderViewProps) {
  const { profiles, cdnPrefix, stored } = view;
  const { t } = useTranslation();
  return (
    <LanderFrame join={view.join} design="lander-gallery">
      <section className="container lg-head" aria-labelledby="lander-title">
        <LanderHeadline view={view} copy="gallery" />
        <LanderActions view={view} />
      </section>

      <section className="container lander-section pt-0" aria-label={t('landers.members_label')}>
        <StoredNote stored={stored} />
        {profiles && profiles.length === 0 ? (
          <p className="lander-empty">{t('landers.empty')}</p>
        ) : (
          <ul className="lg-grid list-unstyled" aria-busy={profiles === null}>
            {profiles
              ? profiles.slice(0, SHOWN).map((profile, i) => (
                  <li key={profile.id} className="lg-card">
                    <MemberPhoto
                      profile={profile}
                      cdnPrefix={cdnPrefix}
                      size={300}
                      eager={i < EAGER}
                    />
                    <div className="lg-card-body">
                      <strong className="lg-name">{nameWithAge(profile)}</strong>
                      {profile.city && <span className="lg-city">{profile.city}</span>}
                      <a
                        className="btn btn-sm btn-light lg-hello"
                        href={`#${JOIN_ID}`}
                        aria-label={t('landers.say_hello_named', { name: profile.name })}
                      >
                        {t('landers.say_hello')}
                      </a>
                    </div>
                  </li>
                ))
              : Array.from({ length: 8 }, (_, i) => (
                  <li key={i} className="lg-card" aria-hidden="true">
                    <span className="lander-photo lander-skeleton" />
                  </li>
                ))}
          </ul>
        )}
        <p className="lg-more">{t('landers.gallery.more')}</p>
      </section>
    </LanderFrame>
  );
}

/** The route screen of `/landers/gallery/:slug`. */
export default function GalleryLanderScreen() {
  return <LanderScreen design={GalleryLander} />;
}
