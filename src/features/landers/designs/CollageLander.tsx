import type { LanderViewProps } from '../lander-view';
import { LanderScreen } from '../LanderScreen';
import { CtaLink } from '../parts/CtaLink';
import { LanderBrand } from '../parts/LanderBrand';
import { LanderFrame } from '../parts/LanderFrame';
import { LanderHeadline } from '../parts/LanderHeadline';
import { MemberPhoto } from '../parts/MemberPhoto';
import { StoredNote } from '../parts/StoredNote';
import { TotalLine } from '../parts/TotalLine';

/** Tiles of the collage; some span two cells so it reads as a collage, not a grid. */
const TILES = 12;

/** `collagelanding`: a full-bleed collage of member photos around one clear invitation. */
export function CollageLander(view: LanderViewProps) {
  const { profiles, total, cdnPrefix, stored } = view;
  const photos = profiles ?? [];
  return (
    <LanderFrame join={view.join} design="lander-collage" footer>
      <section className="lc-hero" aria-labelledby="lander-title">
        <ul className="lc-collage list-unstyled" aria-hidden="true">
          {Array.from({ length: TILES }, (_, i) => {
            const profile = photos.length ? photos[i % photos.length] : undefined;
            return (
              <li key={i} className={`lc-tile lc-tile-${i}`}>
                {profile && (
                  <MemberPhoto profile={profile} cdnPrefix={cdnPrefix} size={300} eager={i < 6} />
                )}
              </li>
            );
          })}
        </ul>
        <LanderBrand />
        <div className="lc-card">
          <LanderHeadline view={view} copy="collage" />
          <CtaLink className="w-100" />
          <TotalLine total={total} className="lander-total text-center mt-3 mb-0" />
          <StoredNote stored={stored} />
        </div>
      </section>
    </LanderFrame>
  );
}

/** The route screen of `/landers/collagelanding/:slug`. */
export default function CollageLanderScreen() {
  return <LanderScreen design={CollageLander} />;
}
