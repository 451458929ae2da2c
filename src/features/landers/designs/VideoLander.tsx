import { useTranslation } from 'react-i18next';
import { Footer } from '../../../app/footer/Footer';
import type { LanderViewProps } from '../lander-view';
import { LanderScreen } from '../LanderScreen';
import { CtaLink } from '../parts/CtaLink';
import { LanderBrand } from '../parts/LanderBrand';
import { LoopingVideo } from '../media/LoopingVideo';
import { MemberStrip } from '../parts/MemberStrip';
import { PointList } from '../parts/PointList';
import { StoredNote } from '../parts/StoredNote';
import { TotalLine } from '../parts/TotalLine';

/** `video`: a full-bleed muted loop with the promise on top, then members, then sign-up. */
export function VideoLander({
  audience,
  profiles,
  total,
  cdnPrefix,
  stored,
  join,
}: LanderViewProps) {
  const { t } = useTranslation();
  return (
    <div className="lander lander-video">
      <section className="lv-hero" aria-labelledby="lander-title">
        <LoopingVideo className="lv-media" />
        <div className="lv-shade" aria-hidden="true" />
        <LanderBrand light />
        <div className="container lv-copy">
          <p className="lander-kicker is-light">{audience}</p>
          <h1 id="lander-title" className="lander-title">
            {t('landers.video.title')}
          </h1>
          <p className="lander-lead">{t('landers.video.lead')}</p>
          <div className="lander-actions">
            <CtaLink />
            <TotalLine total={total} className="lander-total is-light" />
          </div>
        </div>
      </section>

      <section className="container lander-section" aria-labelledby="lv-members">
        <h2 id="lv-members" className="lander-h2">
          {t('landers.members_title')}
        </h2>
        <StoredNote stored={stored} />
        <MemberStrip
          profiles={profiles}
          cdnPrefix={cdnPrefix}
          count={8}
          label={t('landers.members_label')}
        />
        <PointList
          className="lander-points-row"
          points={[
            { icon: 'gift', title: t('landers.points.free') },
            { icon: 'chat', title: t('landers.points.chat') },
            { icon: 'shield', title: t('landers.points.private') },
          ]}
        />
      </section>
      {join}
      <Footer minimal />
    </div>
  );
}

/** The route screen of `/landers/video/:slug`. */
export default function VideoLanderScreen() {
  return <LanderScreen design={VideoLander} />;
}
