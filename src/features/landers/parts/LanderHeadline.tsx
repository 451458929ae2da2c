import { useTranslation } from 'react-i18next';
import type { LanderViewProps } from '../lander-view';
import { CtaLink } from './CtaLink';
import { TotalLine } from './TotalLine';

/** The designs' own words in locales (`landers.<copy>.title`, `.lead`). */
export type LanderCopy =
  'tonight' | 'collage' | 'gallery' | 'icons' | 'map' | 'social' | 'transitions' | 'video';

/** Every hero's head: who the page is for, the design's title (the page's h1) and its lead. */
export function LanderHeadline({
  view,
  copy,
  light = false,
}: {
  view: LanderViewProps;
  copy: LanderCopy;
  /** Over a photo, video or night sky. */
  light?: boolean;
}) {
  const { t } = useTranslation();
  return (
    <>
      <p className={light ? 'lander-kicker is-light' : 'lander-kicker'}>{view.audience}</p>
      <h1 id="lander-title" className="lander-title">
        {t(`landers.${copy}.title`)}
      </h1>
      <p className="lander-lead">{t(`landers.${copy}.lead`)}</p>
    </>
  );
}

/** The call to action beside how many members there are, under a headline. */
export function LanderActions({
  view,
  light = false,
  cta,
}: {
  view: LanderViewProps;
  light?: boolean;
  /** The design's own words for the call to action, if it has them. */
  cta?: string;
}) {
  return (
    <div className="lander-actions">
      <CtaLink>{cta}</CtaLink>
      <TotalLine total={view.total} className={light ? 'lander-total is-light' : 'lander-total'} />
    </div>
  );
}
