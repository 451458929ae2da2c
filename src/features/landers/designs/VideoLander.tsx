import { useTranslation } from 'react-i18next';
import { LineIcon } from '../../../app/icons/LineIcon';
import type { LanderViewProps } from '../lander-view';
import { LanderScreen } from '../LanderScreen';
import { LanderBrand } from '../parts/LanderBrand';
import { LanderFrame } from '../parts/LanderFrame';
import { LanderActions, LanderHeadline } from '../parts/LanderHeadline';
import { LANDER_ICONS } from '../parts/lander-icons';
import { LoopingVideo } from '../media/LoopingVideo';
import { MemberStrip } from '../parts/MemberStrip';
import { MembersSection } from '../parts/MembersSection';

/** The selling points under the members, one line each. */
const POINTS = [
  { icon: 'gift', title: 'landers.points.free' },
  { icon: 'chat', title: 'landers.points.chat' },
  { icon: 'shield', title: 'landers.points.private' },
] as const;

/** `video`: a full-bleed muted loop with the promise on top, then members, then sign-up. */
export function VideoLander(view: LanderViewProps) {
  const { profiles, cdnPrefix } = view;
  const { t } = useTranslation();
  return (
    <LanderFrame join={view.join} design="lander-video" footer>
      <section className="lv-hero" aria-labelledby="lander-title">
        <LoopingVideo className="lv-media" />
        <div className="lv-shade" aria-hidden="true" />
        <LanderBrand light />
        <div className="container lv-copy">
          <LanderHeadline view={view} copy="video" light />
          <LanderActions view={view} light />
        </div>
      </section>

      <MembersSection id="lv-members" view={view}>
        <MemberStrip
          profiles={profiles}
          cdnPrefix={cdnPrefix}
          count={8}
          label={t('landers.members_label')}
        />
        <ul className="lander-points list-unstyled lander-points-row">
          {POINTS.map(({ icon, title }) => (
            <li key={title} className="lander-point">
              <span className="lander-point-icon">
                <LineIcon path={LANDER_ICONS[icon]} size={24} />
              </span>
              <span>
                <strong className="lander-point-title">{t(title)}</strong>
              </span>
            </li>
          ))}
        </ul>
      </MembersSection>
    </LanderFrame>
  );
}

/** The route screen of `/landers/video/:slug`. */
export default function VideoLanderScreen() {
  return <LanderScreen design={VideoLander} />;
}
