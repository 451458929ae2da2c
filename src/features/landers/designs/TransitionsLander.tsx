import { useTranslation } from 'react-i18next';
import { Footer } from '../../../app/footer/Footer';
import type { LanderViewProps } from '../lander-view';
import { LanderScreen } from '../LanderScreen';
import { CtaLink } from '../parts/CtaLink';
import { LanderBrand } from '../parts/LanderBrand';
import { Slideshow } from '../media/Slideshow';
import { StoredNote } from '../parts/StoredNote';
import { TotalLine } from '../parts/TotalLine';

const SLIDES = 8;

/** `transitionsvideolanding`: member photos crossfading in a story frame, the promise below them. */
export function TransitionsLander({
  audience,
  profiles,
  total,
  cdnPrefix,
  stored,
  join,
}: LanderViewProps) {
  const { t } = useTranslation();
  return (
    <div className="lander lander-transitions">
      <section className="lt2-stage" aria-labelledby="lander-title">
        <LanderBrand light />
        <div className="lt2-story">
          {profiles && profiles.length > 0 ? (
            <Slideshow profiles={profiles.slice(0, SLIDES)} cdnPrefix={cdnPrefix} />
          ) : (
            <div className="lt2-show lt2-show-empty" aria-hidden="true" />
          )}
          <div className="lt2-copy">
            <p className="lander-kicker is-light">{audience}</p>
            <h1 id="lander-title" className="lander-title">
              {t('landers.transitions.title')}
            </h1>
            <p className="lander-lead">{t('landers.transitions.lead')}</p>
            <CtaLink className="w-100" />
            <TotalLine total={total} className="lander-total is-light text-center mt-2 mb-0" />
            <StoredNote stored={stored} />
          </div>
        </div>
      </section>
      {join}
      <Footer minimal />
    </div>
  );
}

/** The route screen of `/landers/transitionsvideolanding/:slug`. */
export default function TransitionsLanderScreen() {
  return <LanderScreen design={TransitionsLander} />;
}
