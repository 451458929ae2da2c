import { useEffect, useRef, useState } from 'react';
import { preload } from 'react-dom';
import { useTranslation } from 'react-i18next';
import { LineIcon } from '../../../app/icons/LineIcon';
import { usePrerendering } from '../../../prerender/prerender-context';
import { useReducedMotion } from '../use-reduced-motion';

/** The video lander's own media (scripts/make-lander-media.mjs). */
export const LANDER_VIDEO = { src: '/landers/video.webm', poster: '/landers/video-poster.webp' };

const PLAY = 'M8 5.5v13l10-6.5Z';
const PAUSE = 'M8 5v14M16 5v14';

/**
 * A muted looping video behind the headline, with its poster as the first paint. It moves for
 * longer than five seconds, so it has a pause button (WCAG 2.2.2) and stays still for visitors
 * who asked for reduced motion.
 */
export function LoopingVideo({ className }: { className?: string }) {
  const { t } = useTranslation();
  const video = useRef<HTMLVideoElement>(null);
  const still = useReducedMotion();
  // The prerendered page shows the poster alone: 8 KB that paint at once, where the video's
  // 180 KB would share the first moments' bandwidth with it. The app's video loads once it is there.
  const prerendering = usePrerendering();
  // The poster is the page's largest paint, but a parser meets it only deep in the body, and the
  // browser's preload scanner skips posters: a preload in the head asks for it with the HTML.
  if (prerendering) preload(LANDER_VIDEO.poster, { as: 'image', fetchPriority: 'high' });
  // 'auto' follows the motion preference until the visitor presses the button.
  const [choice, setChoice] = useState<'auto' | 'play' | 'pause'>('auto');
  const playing = choice === 'play' || (choice === 'auto' && !still);

  useEffect(() => {
    const element = video.current;
    if (!element) return;
    if (playing)
      element.play().catch(() => undefined); // autoplay refused: the poster stays
    else element.pause();
  }, [playing]);

  const toggle = () => setChoice(playing ? 'pause' : 'play');

  return (
    <>
      <video
        ref={video}
        className={className}
        src={prerendering ? undefined : LANDER_VIDEO.src}
        poster={LANDER_VIDEO.poster}
        width={720}
        height={720}
        autoPlay
        muted
        loop
        playsInline
        preload="metadata"
        aria-hidden="true"
        tabIndex={-1}
      />
      <button
        type="button"
        className="lander-media-toggle"
        onClick={toggle}
        aria-label={playing ? t('landers.video.pause') : t('landers.video.play')}
      >
        <LineIcon path={playing ? PAUSE : PLAY} size={18} strokeWidth={2.25} />
      </button>
    </>
  );
}
