import { useTranslation } from 'react-i18next';
import { LineIcon } from '../../../app/icons/LineIcon';
import type { LanderViewProps } from '../lander-view';
import { LanderScreen } from '../LanderScreen';
import { CtaLink } from '../parts/CtaLink';
import { LanderFrame } from '../parts/LanderFrame';
import { LanderHeadline } from '../parts/LanderHeadline';
import { MemberPhoto } from '../parts/MemberPhoto';
import { StoredNote } from '../parts/StoredNote';
import { LANDER_ICONS, type LanderIconName } from '../parts/lander-icons';
import { TotalLine } from '../parts/TotalLine';

const BENEFITS = [
  { icon: 'gift', key: 'free' },
  { icon: 'pin', key: 'nearby' },
  { icon: 'chat', key: 'chat' },
  { icon: 'heart', key: 'likes' },
  { icon: 'shield', key: 'privacy' },
  { icon: 'phone', key: 'app' },
] as const satisfies readonly { icon: LanderIconName; key: string }[];

/** `iconslanding`: what membership gives, one icon per benefit, with faces to make it real. */
export function IconsLander(view: LanderViewProps) {
  const { profiles, total, cdnPrefix, stored } = view;
  const { t } = useTranslation();
  return (
    <LanderFrame join={view.join} design="lander-icons">
      <section className="container li-hero" aria-labelledby="lander-title">
        <LanderHeadline view={view} copy="icons" />
        <div className="li-faces">
          {profiles && profiles.length > 0 && (
            <span className="li-stack" aria-hidden="true">
              {profiles.slice(0, 5).map((profile) => (
                <MemberPhoto
                  key={profile.id}
                  profile={profile}
                  cdnPrefix={cdnPrefix}
                  size={40}
                  eager
                />
              ))}
            </span>
          )}
          <TotalLine total={total} className="lander-total mb-0" />
        </div>
        {/* The faces are an earlier visit's when there is no connection: say so. */}
        <StoredNote stored={stored} />
        <CtaLink />
      </section>

      <section className="container lander-section pt-0" aria-labelledby="li-benefits">
        <h2 id="li-benefits" className="visually-hidden">
          {t('landers.icons.benefits_title')}
        </h2>
        <ul className="li-grid list-unstyled">
          {BENEFITS.map(({ icon, key }) => (
            <li key={key} className="li-benefit">
              <span className="li-icon">
                <LineIcon path={LANDER_ICONS[icon]} size={28} />
              </span>
              <h3 className="li-benefit-title">{t(`landers.icons.${key}_title`)}</h3>
              <p className="li-benefit-text">{t(`landers.icons.${key}_text`)}</p>
            </li>
          ))}
        </ul>
      </section>
    </LanderFrame>
  );
}

/** The route screen of `/landers/iconslanding/:slug`. */
export default function IconsLanderScreen() {
  return <LanderScreen design={IconsLander} />;
}
