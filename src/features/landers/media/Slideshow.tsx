import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { Profile } from '../../../shared/contract/fields';
import { LineIcon } from '../../../app/icons/LineIcon';
import { nameWithAge } from '../lander-rules';
import { useReducedMotion } from '../use-reduced-motion';
import { MemberPhoto } from '../parts/MemberPhoto';

/** How long each photo stays before the next fades in. */
export const SLIDE_MS = 4000;

const PLAY = 'M8 5.5v13l10-6.5Z';
const PAUSE = 'M8 5v14M16 5v14';

/**
 * Member photos crossfading like a short video, with story-style progress bars. Visitors who ask
 * for reduced motion get the first photo still; everyone can pause it (WCAG 2.2.2).
 */
export function Slideshow({
  profiles,
  cdnPrefix,
}: {
  profiles: readonly Profile[];
  cdnPrefix: string;
}) {
  const { t } = useTranslation();
  const [current, setCurrent] = useState(0);
  const [playing, setPlaying] = useState(true);
  const still = useReducedMotion();
  const count = profiles.length;

  useEffect(() => {
    if (!playing || still || count < 2) return;
    const timer = window.setTimeout(() => setCurrent((n) => (n + 1) % count), SLIDE_MS);
    return () => window.clearTimeout(timer);
  }, [playing, still, count, current]);

  const moving = playing && !still && count > 1;
  return (
    <div className={`lt2-show${moving ? ' is-playing' : ''}`}>
      {count > 1 && !still && (
        <ol className="lt2-bars list-unstyled" aria-hidden="true">
          {profiles.map((profile, i) => (
            <li
              key={profile.id}
              className={i < current ? 'is-done' : i === current ? 'is-now' : ''}
            >
              <span style={{ animationDuration: `${SLIDE_MS}ms` }} />
            </li>
          ))}
        </ol>
      )}
      <ul className="lt2-slides list-unstyled">
        {profiles.map((profile, i) => (
          <li
            key={profile.id}
            className={`lt2-slide${i === current ? ' is-active' : ''}`}
            aria-hidden={i !== current}
          >
            <div className="lt2-frame">
              <MemberPhoto
                profile={profile}
                cdnPrefix={cdnPrefix}
                size={300}
                eager={i < 2}
                className="lt2-photo"
              />
            </div>
            <p className="lt2-caption">
              <strong>{nameWithAge(profile)}</strong>
              {profile.city && <span> · {profile.city}</span>}
            </p>
          </li>
        ))}
      </ul>
      {count > 1 && !still && (
        <button
          type="button"
          className="lander-media-toggle"
          onClick={() => setPlaying((p) => !p)}
          aria-label={playing ? t('landers.transitions.pause') : t('landers.transitions.play')}
        >
          <LineIcon path={playing ? PAUSE : PLAY} size={18} strokeWidth={2.25} />
        </button>
      )}
    </div>
  );
}
