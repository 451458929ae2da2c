import { useEffect, useEffectEvent, useRef } from 'react';

/**
 * Infinite scroll (SPEC §2.6): calls `onVisible` once when it nears the viewport. Give it a new
 * `key` after every load, so a sentinel still in view asks again instead of waiting for a scroll.
 */
export function LoadMoreSentinel({ onVisible }: { onVisible: () => void }) {
  const ref = useRef<HTMLDivElement>(null);
  const fire = useEffectEvent(onVisible);

  useEffect(() => {
    const node = ref.current;
    // Without IntersectionObserver the "load more" button beside it does the job.
    if (!node || typeof IntersectionObserver === 'undefined') return;
    let fired = false;
    const observer = new IntersectionObserver(
      (entries) => {
        if (fired || !entries.some((entry) => entry.isIntersecting)) return;
        fired = true;
        observer.disconnect();
        fire();
      },
      { rootMargin: '0px 0px 600px 0px' },
    );
    observer.observe(node);
    return () => observer.disconnect();
  }, []);

  return <div ref={ref} className="load-more-sentinel" aria-hidden="true" />;
}
