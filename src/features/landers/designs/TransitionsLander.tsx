import type { LanderViewProps } from '../lander-view';
import { LanderScreen } from '../LanderScreen';
import { CtaLink } from '../parts/CtaLink';
import { LanderBrand } from '../parts/LanderBrand';
import { LanderFrame } from '../parts/LanderFrame';
import { LanderHeadline } from '../parts/LanderHeadline';
import { Slideshow } from '../media/Slideshow';
import { StoredNote } from '../parts/StoredNote';
import { TotalLine } from '../parts/TotalLine';

const SLIDES = 8;

/** `transitionsvideolanding`: member photos crossfading in a story frame, the promise below them. */
export function TransitionsLander(view: LanderViewProps) {
  const { profiles, total, cdnPrefix, stored } = view;
  return (
    <LanderFrame join={view.join} design="lander-transitions" footer>
      <section className="lt2-stage" aria-labelledby="lander-title">
        <LanderBrand light />
        <div className="lt2-story">
          {profiles && profiles.length > 0 ? (
            <Slideshow profiles={profiles.slice(0, SLIDES)} cdnPrefix={cdnPrefix} />
          ) : (
            <div className="lt2-show lt2-show-empty" aria-hidden="true" />
          )}
          <div className="lt2-copy">
            <LanderHeadline view={view} copy="transitions" light />
            <CtaLink className="w-100" />
            <TotalLine total={total} className="lander-total is-light text-center mt-2 mb-0" />
            <StoredNote stored={stored} />
          </div>
        </div>
      </section>
    </LanderFrame>
  );
}

/** The route screen of `/landers/transitionsvideolanding/:slug`. */
export default function TransitionsLanderScreen() {
  return <LanderScreen design={TransitionsLander} />;
}
